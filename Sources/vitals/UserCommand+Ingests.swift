import ArgumentParser
import Foundation
import VitalsCore
import VitalsServer
import VitalsServerStorage

extension UserCommand {
    /// `vitals user ingests NAME`: the user's ingest log and completeness summary, as the sync page shows them.
    struct Ingests: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a user's ingest log (newest first) and, per sample type, how complete the data is.",
            discussion: """
                The log has one entry per request to the server's write endpoints (Health Auto Export \
                ingest, journey sync, daily records), refused ones too: time, kind, HTTP status, body bytes, \
                samples and workouts stored / already present / received, skipped parts, days updated and \
                the client's user agent. Entries are kept 90 days by default. The summary shows, per sample \
                type, the newest sample, the last ingest that carried it and the days without data among the \
                last 30 in the user's time zone. Counts and type names only, never health values. An unknown \
                user exits 76.
                """)

        @OptionGroup var database: ServerDatabaseOptions

        @Argument(help: ArgumentHelp("The user's name.", valueName: "name"))
        var name: String

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Show at most this many entries, newest first (1 to 500).",
                valueName: "n"))
        var limit = 20

        @Flag(
            name: .long, help: "Print {\"ingests\": {entries, nextBefore, retentionDays}, \"summary\": {...}} as JSON.")
        var json = false

        func validate() throws {
            guard (1...HealthService.maximumIngestPage).contains(limit) else {
                throw ValidationError("--limit must be from 1 to \(HealthService.maximumIngestPage)")
            }
        }

        func run() async throws {
            try await runReportingErrors {
                let report = try await database.withRepository { repository in
                    try await Self.report(of: name, limit: limit, in: repository)
                }
                if json {
                    let encoder = JSONEncoder()
                    encoder.dateEncodingStrategy = .iso8601
                    encoder.outputFormatting = [.sortedKeys]
                    print(String(decoding: try encoder.encode(report), as: UTF8.self))
                } else {
                    Self.printTable(report)
                }
            }
        }

        /// The user's log page and summary; `.notFound` for an unknown name.
        static func report(of name: String, limit: Int, in repository: any HealthRepository) async throws -> Report {
            guard let user = try await repository.users().first(where: { $0.name == name }) else {
                throw VitalsError(.notFound, "no user has this name", at: InputLocation(field: "name"))
            }
            let service = HealthService(repository: repository)
            return Report(
                user: user, ingests: try await service.ingests(of: user, limit: limit, before: nil),
                summary: try await service.completeness(of: user))
        }

        /// What `--json` prints (the user only in the table's title).
        struct Report: Encodable, Sendable {
            var user: ServerUser
            var ingests: IngestLogPage
            var summary: IngestCompleteness

            enum CodingKeys: String, CodingKey { case ingests, summary }
        }

        /// The log as a table, then the summary as one.
        static func printTable(_ report: Report) {
            let (user, page, summary) = (report.user, report.ingests, report.summary)
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(identifier: user.timeZone) ?? .gmt
            Swift.print("ingests of \(user.name) (\(user.timeZone)), newest first, kept \(page.retentionDays) days")
            Output.table(
                [
                    "id", "time", "kind", "status", "bytes", "samples new/revised/present/sent",
                    "workouts new/present/sent", "skipped", "days", "user agent",
                ],
                page.entries.map { entry in
                    let status = entry.errorCode.map { "\(entry.status) \($0)" } ?? "\(entry.status)"
                    let skipped = entry.skipped.reduce(0) { total, item in
                        guard case .object(let members) = item, case .number(let count)? = members["count"] else {
                            return total
                        }
                        return total + Int(count)
                    }
                    return [
                        "\(entry.id)", formatter.string(from: entry.receivedAt), entry.kind.rawValue, status,
                        "\(entry.bodyBytes)",
                        "\(entry.samplesStored)/\(entry.samplesRevised)/\(entry.samplesAlreadyPresent)/\(entry.samplesReceived)",
                        "\(entry.workoutsStored)/\(entry.workoutsAlreadyPresent)/\(entry.workoutsReceived)",
                        "\(skipped)", "\(entry.daysUpdated.count)", entry.userAgent ?? "-",
                    ]
                })
            if page.entries.isEmpty { Swift.print("(no ingests kept)") }
            Swift.print("")
            Swift.print("completeness, \(summary.from) through \(summary.through)")
            Output.table(
                ["type", "last sample", "last ingest", "days without data"],
                summary.metrics.map { metric in
                    [
                        metric.type, metric.lastSampleStart.map(formatter.string(from:)) ?? "-",
                        metric.lastIngest.map { "#\($0.id) \(formatter.string(from: $0.receivedAt))" } ?? "-",
                        "\(metric.daysWithoutData) of \(HealthService.completenessDays)",
                    ]
                })
            if summary.metrics.isEmpty { Swift.print("(no samples stored)") }
        }
    }
}
