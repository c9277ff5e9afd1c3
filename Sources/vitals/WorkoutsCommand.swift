import ArgumentParser
import Foundation
import VitalsCore
import VitalsInsights
import VitalsStore

struct WorkoutsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workouts",
        abstract: "Workouts starting in [--from, --to) as sessions: template (strength, mobility, cardio) and rows.",
        discussion: """
            Strength: traditional/functional strength training and cross training; mobility: yoga, \
            pilates, flexibility, mind and body; everything else is cardio. With --ingest, only \
            workouts not ingested before (by UUID, remembered in the store) are printed and recorded, \
            so a second run prints nothing new.
            """)

    @OptionGroup var store: StoreOptions
    @Option(name: .long, help: ArgumentHelp("Inclusive start.", valueName: "date"))
    var from: String
    @Option(name: .long, help: ArgumentHelp("Exclusive end.", valueName: "date"))
    var to: String
    @Flag(name: .long, help: "Record the printed workouts as ingested; skip those ingested before.")
    var ingest = false
    @Flag(name: .long, help: "Print a JSON object: sessions (with rows), alreadyIngested, unreadableTypes.")
    var json = false

    func run() async throws {
        try await runReportingErrors {
            let start = try store.date(from, option: "--from")
            let end = try store.date(to, option: "--to")
            let range: DateRange
            do {
                range = try DateRange(start: start, end: end)
            } catch let error as VitalsError {
                throw error.located(InputLocation(field: "--to"))
            }
            let database = try store.open()
            let ingestor = HealthIngestor(store: database, ledger: database, calendar: try store.calendar())
            let result = ingest ? try await ingestor.ingestWorkouts(in: range) : try await ingestor.workoutSessions(in: range)
            RecordOutput.reportUnreadable(result.unreadableTypes)
            let zone = try store.zone()
            if json {
                Output.json([
                    "sessions": result.records.map { Self.object($0, ingested: result.alreadyIngested, zone: zone) },
                    "alreadyIngested": result.alreadyIngested.map(\.uuidString).sorted(),
                    "unreadableTypes": RecordOutput.names(result.unreadableTypes),
                ])
                return
            }
            Output.table(["start", "template", "activity", "minutes", "kcal", "rows", "ingested", "uuid"],
                         result.records.map { session in
                [ISO8601.format(session.start, in: zone), session.template.rawValue, session.activity.name,
                 Output.number(session.durationMinutes, digits: 1),
                 session.activeKilocalories.map { Output.number($0, digits: 1) } ?? "-", String(session.rows.count),
                 result.alreadyIngested.contains(session.healthKitUUID) ? "yes" : (ingest ? "now" : "no"),
                 session.healthKitUUID.uuidString]
            })
            if ingest { print("ingested \(result.records.count), skipped \(result.alreadyIngested.count) ingested before") }
        }
    }

    static func object(_ session: WorkoutSession, ingested: Set<UUID>, zone: TimeZone) -> [String: Any] {
        [
            "id": session.id.uuidString, "healthKitUUID": session.healthKitUUID.uuidString,
            "template": session.template.rawValue, "activity": session.activity.name, "title": session.title,
            "start": ISO8601.format(session.start, in: zone), "end": ISO8601.format(session.end, in: zone),
            "durationMinutes": session.durationMinutes,
            "activeKilocalories": session.activeKilocalories ?? NSNull(),
            "distanceMeters": session.distanceMeters ?? NSNull(),
            "source": ["name": session.source.name, "bundleIdentifier": session.source.bundleIdentifier],
            "alreadyIngested": ingested.contains(session.healthKitUUID),
            "rows": session.rows.map { row in
                [
                    "id": row.id.uuidString, "sessionId": row.sessionID.uuidString, "position": row.position,
                    "exercise": row.exercise, "start": ISO8601.format(row.start, in: zone),
                    "end": ISO8601.format(row.end, in: zone), "durationMinutes": row.durationMinutes,
                    "activeKilocalories": row.activeKilocalories ?? NSNull(),
                    "distanceMeters": row.distanceMeters ?? NSNull(),
                ] as [String: Any]
            },
        ]
    }
}
