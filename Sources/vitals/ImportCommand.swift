import ArgumentParser
import Foundation
import VitalsCore
import VitalsImport
import VitalsStore

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Import an Apple Health export (zip, export.xml or folder, all or nothing) or Health Auto Export JSON.",
        discussion: """
            PATH is the export.zip the Health app writes ("Export All Health Data"), read in place \
            without extracting; its export.xml; or the unzipped apple_health_export folder. Records, \
            workouts (with events, statistics, activities and routes), correlations, activity \
            summaries and characteristics are stored; unknown elements are counted in the report. \
            Each record gets a UUID derived from its content, so importing the same export twice \
            adds nothing and a newer export adds only what is new. If the import fails or is \
            interrupted (Ctrl-C), nothing is stored. Exit code 130 when interrupted.

            A FILE.json is read as Health Auto Export's REST API JSON (versions 1 and 2): its \
            metrics, sleep, workouts, symptoms and heart rate notifications are mapped onto the same \
            HealthKit types. Items that cannot be read are left out and listed with their JSON path \
            while the rest is stored; the exit code is then 65. --strict makes such a file fail \
            whole, storing nothing. A value sent again for the same type, start, end and source \
            (its source string naming a device in common) replaces the stored one: a running \
            total imported hourly counts once, at its latest value.
            """)

    @OptionGroup var store: StoreOptions

    @Argument(
        help: ArgumentHelp(
            "The export: export.zip, export.xml, apple_health_export/, or a Health Auto Export .json.",
            valueName: "path"))
    var path: String

    @OptionGroup var progress: ImportProgressOptions

    @Flag(name: .long, help: "Print the report as JSON.")
    var json = false

    @Flag(name: .long, help: "Health Auto Export JSON: fail on the first item that cannot be read, storing nothing.")
    var strict = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Health Auto Export JSON: how the app aggregated the values (its automation's Aggregate Data and interval): "
                + "auto (told from the items), none, minutes, hours, days, weeks, months or years.",
            valueName: "interval"))
    var aggregation = "auto"

    func validate() throws {
        guard HealthAutoExportAggregation(parameter: aggregation) != nil else {
            throw ValidationError("--aggregation must be \(HealthAutoExportAggregation.parameterWords)")
        }
    }

    func run() async throws {
        try await progress.whileInterruptible { options, bar in
            try await runReportingErrors {
                let database = try store.open()
                let stated = HealthAutoExportAggregation(parameter: aggregation) ?? .inferred
                let report =
                    path.lowercased().hasSuffix(".json")
                    ? try await HealthAutoExportImporter(store: database, strict: strict, aggregation: stated)
                        .importFile(at: path)
                    : try await HealthExportImporter(store: database).importExport(at: path, options: options)
                bar?.finish()
                printReport(report)
                // What could be read is stored; the items left out make the run a data error.
                if let first = report.unreadable.first {
                    FileHandle.standardError.write(
                        Data(
                            ("error: \(report.unreadable.count) item(s) could not be read and "
                                + "were left out, the rest is stored (first: \(first.path): \(first.reason))\n").utf8))
                    throw ExitCode(65)
                }
            }
        }
    }

    private func printReport(_ report: ImportReport) {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            print(String(decoding: (try? encoder.encode(report)) ?? Data(), as: UTF8.self))
            return
        }
        let megabytes = Double(report.bytes) / 1_000_000
        print(
            String(
                format: "imported %@ (%.1f MB in %.1f s, %.1f MB/s)", report.file, megabytes, report.seconds,
                report.seconds > 0 ? megabytes / report.seconds : 0))
        print(
            "  added \(report.added) samples, \(report.alreadyPresent) already present, \(report.skippedCount) skipped")
        if report.revised + report.resent > 0 {
            print(
                "  revised \(report.revised) (a new value replaced the stored one), \(report.resent) already stored "
                    + "under another source string")
        }
        if report.activitySummariesAdded + report.activitySummariesPresent > 0 {
            print(
                "  activity summaries: \(report.activitySummariesAdded) added, \(report.activitySummariesPresent) already present"
            )
        }
        if report.routePoints > 0 || report.missingRouteFiles > 0 {
            print(
                "  route points: \(report.routePoints)"
                    + (report.missingRouteFiles > 0 ? ", \(report.missingRouteFiles) route files missing" : ""))
        }
        for (reason, count) in report.skipped.sorted(by: { $0.value > $1.value }) {
            print("  skipped \(count): \(reason)")
        }
        for item in report.unreadable { print("  unreadable, left out: \(item.path): \(item.reason)") }
        for (name, count) in report.unknownElements.sorted(by: { $0.key < $1.key }) {
            print("  not imported: \(count) <\(name)> elements")
        }
    }
}
