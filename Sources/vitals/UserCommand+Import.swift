import ArgumentParser
import Foundation
import VitalsCore
import VitalsImport
import VitalsServer
import VitalsServerStorage

extension UserCommand {
    /// `vitals user import NAME PATH`: backfills a server user from an Apple Health export.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import an Apple Health export into a server user (all or nothing).",
            discussion: """
                PATH is the export.zip the Health app writes ("Export All Health Data"), read in place \
                without extracting; its export.xml; or the unzipped apple_health_export folder. The user's \
                quantity and category samples (correlation members too) and workouts are stored, each \
                once: importing the same export again adds nothing. Then the snapshots of every day the \
                export touches are recomputed and the user's quests evaluated, as after a Health Auto \
                Export ingest, and the import is added to the user's ingest log. It is one transaction: a \
                bad file, a failure or Ctrl-C leaves the user's data as it was. Health Auto Export data \
                sent later for the same days is not stored twice (see the README's duplicate rule). \
                Use the same --db or --postgres as `vitals serve`; other writes wait while it runs.

                Exit codes: 0 imported; 65 the file is not a readable export (the message names the byte \
                offset); 66 the file is missing or unreadable; 74 database error; 76 no user has this \
                name; 130 interrupted (nothing stored).
                """)

        @OptionGroup var database: ServerDatabaseOptions

        @Argument(help: ArgumentHelp("The user's name.", valueName: "name"))
        var name: String

        @Argument(help: ArgumentHelp("The export: export.zip, export.xml or apple_health_export/.", valueName: "path"))
        var path: String

        @OptionGroup var progress: ImportProgressOptions

        @Flag(name: .long, help: "Print the report as JSON (counts, skipped parts and days; never health values).")
        var json = false

        func run() async throws {
            try await progress.whileInterruptible { options, bar in
                try await runReportingErrors {
                    let report = try await database.withRepository { repository in
                        guard let user = try await repository.users().first(where: { $0.name == name }) else {
                            throw VitalsError(.notFound, "no user has this name", at: InputLocation(field: "name"))
                        }
                        return try await HealthService(repository: repository).importExport(
                            at: path, for: user,
                            options: options)
                    }
                    bar?.finish()
                    Self.print(report, of: name, json: json)
                }
            }
        }

        /// The report as JSON (keys sorted) or as lines of text.
        static func print(_ report: ExportImportReport, of name: String, json: Bool) {
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                encoder.dateEncodingStrategy = .iso8601
                Swift.print(String(decoding: (try? encoder.encode(report)) ?? Data(), as: UTF8.self))
                return
            }
            let megabytes = Double(report.bytes) / 1_000_000
            Swift.print(
                String(
                    format: "imported %@ into %@ (%.1f MB in %.1f s)", report.file, name, megabytes,
                    report.seconds))
            Swift.print(
                "  samples: \(report.samplesAdded) added, \(report.samplesRevised) revised (a new value), "
                    + "\(report.samplesAlreadyPresent) already present, \(report.samplesResent) under another id, "
                    + "\(report.samplesRead) read")
            Swift.print(
                "  workouts: \(report.workoutsAdded) added, \(report.workoutsAlreadyPresent) already present, "
                    + "\(report.workoutsRead) read")
            if report.routePoints > 0 || report.missingRouteFiles > 0 {
                Swift.print(
                    "  route points: \(report.routePoints) added, \(report.missingRouteFiles) route files missing")
            }
            if report.activitySummaries > 0 {
                Swift.print(
                    "  activity summaries: \(report.activitySummariesWritten) new or changed, "
                        + "\(report.activitySummaries) read")
            }
            if report.characteristics > 0 {
                Swift.print("  characteristics: \(report.characteristics) kept (date of birth, sex...)")
            }
            let span = report.firstDay.map { first in " (\(first) to \(report.lastDay ?? first))" } ?? ""
            Swift.print(
                "  days recomputed: \(report.daysRecomputed)\(span), quests completed: \(report.questsCompleted)")
            for (reason, count) in report.skipped.sorted(by: { $0.value > $1.value }) {
                Swift.print("  skipped \(count): \(reason)")
            }
            for (element, count) in report.notKept.sorted(by: { $0.key < $1.key }) {
                Swift.print("  not kept by the server: \(count) <\(element)>")
            }
            for (element, count) in report.unknownElements.sorted(by: { $0.key < $1.key }) {
                Swift.print("  not imported: \(count) <\(element)> elements")
            }
        }
    }
}
