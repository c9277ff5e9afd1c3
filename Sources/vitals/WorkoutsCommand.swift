import ArgumentParser
import Foundation
import VitalsCore
import VitalsInsights
import VitalsStore

struct WorkoutsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workouts",
        abstract: "Workout sessions: list the stored ones, or ingest the store's workouts as sessions.",
        discussion: """
            Without --ingest or --preview, lists the sessions stored by earlier ingests starting in \
            [--from, --to) (all of them without a range), and when workouts were last synced. \
            --ingest maps the health store's workouts starting in the range (the whole store \
            without one) to sessions, stores those not ingested before (by UUID, remembered in the \
            store) and prints them, so a second run stores nothing new; a session deleted from the \
            store is not ingested again. --preview prints the mapping and stores nothing. A \
            session's id is derived from its workout's UUID: the same in every run. Templates: \
            strength for traditional/functional strength training and cross training; mobility for \
            yoga, pilates, flexibility, mind and body; cardio for everything else.
            """)

    @OptionGroup var store: StoreOptions
    @Option(name: .long, help: ArgumentHelp("Inclusive start (default: the earliest).", valueName: "date"))
    var from: String?
    @Option(name: .long, help: ArgumentHelp("Exclusive end (default: the latest).", valueName: "date"))
    var to: String?
    @Flag(name: .long, help: "Store the workouts not ingested before as sessions, and print those.")
    var ingest = false
    @Flag(name: .long, help: "Print every workout in the range as a session, storing nothing.")
    var preview = false
    @Flag(
        name: .long,
        help: """
            Print a JSON object: sessions (with rows) and lastSync; with --ingest or --preview also \
            alreadyIngested and unreadableTypes.
            """)
    var json = false

    func validate() throws {
        guard !(ingest && preview) else { throw ValidationError("--ingest and --preview exclude each other") }
    }

    func run() async throws {
        try await runReportingErrors {
            let range = try self.range()
            let database = try store.open()
            let ingestor = HealthIngestor(
                store: database, ledger: database, records: try SQLiteAppRecordStore(database),
                calendar: try store.calendar())
            let zone = try store.zone()
            guard ingest || preview else {
                let sessions = try await ingestor.records.workoutSessions(in: range)
                let lastSync = try await ingestor.lastSync(of: .workout)
                if json {
                    Output.json([
                        "sessions": sessions.map { Self.object($0, ingested: nil, zone: zone) },
                        "lastSync": RecordOutput.instant(lastSync, zone: zone),
                    ])
                } else {
                    table(sessions, zone: zone, ingested: nil)
                    print("last sync: \(lastSync.map { ISO8601.format($0, in: zone) } ?? "never")")
                }
                return
            }
            let everything = range ?? DateRange(clampingStart: .distantPast, end: .distantFuture)
            let result =
                ingest
                ? try await ingestor.ingestWorkouts(in: everything)
                : try await ingestor.workoutSessions(in: everything)
            RecordOutput.reportUnreadable(result.unreadableTypes)
            let lastSync = try await ingestor.lastSync(of: .workout)
            if json {
                Output.json([
                    "sessions": result.records.map { Self.object($0, ingested: result.alreadyIngested, zone: zone) },
                    "alreadyIngested": result.alreadyIngested.map(\.uuidString).sorted(),
                    "unreadableTypes": RecordOutput.names(result.unreadableTypes),
                    "lastSync": RecordOutput.instant(lastSync, zone: zone),
                ])
                return
            }
            table(result.records, zone: zone, ingested: result.alreadyIngested)
            if ingest {
                print("ingested \(result.records.count), skipped \(result.alreadyIngested.count) ingested before")
            }
        }
    }

    /// The range of --from and --to; `nil` when neither is given.
    private func range() throws -> DateRange? {
        guard from != nil || to != nil else { return nil }
        let start = try from.map { try store.date($0, option: "--from") } ?? .distantPast
        let end = try to.map { try store.date($0, option: "--to") } ?? .distantFuture
        let range: Result<DateRange, VitalsError> = Result { () throws(VitalsError) in
            try DateRange(start: start, end: end)
        }
        return try range.mapError { $0.located(InputLocation(field: "--to")) }.get()
    }

    /// Prints sessions; with `ingested` (ingest or preview) a column says whether each was ingested before.
    private func table(_ sessions: [WorkoutSession], zone: TimeZone, ingested: Set<UUID>?) {
        var header = ["start", "template", "activity", "minutes", "kcal", "rows", "id"]
        if ingested != nil { header.insert("ingested", at: 6) }
        Output.table(
            header,
            sessions.map { session in
                var row = [
                    ISO8601.format(session.start, in: zone), session.template.rawValue, session.activity.name,
                    Output.number(session.durationMinutes, digits: 1),
                    session.activeKilocalories.map { Output.number($0, digits: 1) } ?? "-",
                    String(session.rows.count), session.id.uuidString,
                ]
                if let ingested {
                    let before = session.healthKitUUID.map(ingested.contains) ?? false
                    row.insert(before ? "yes" : (ingest ? "now" : "no"), at: 6)
                }
                return row
            })
    }

    /// A session as JSON; `ingested`, when given, marks sessions ingested before.
    static func object(_ session: WorkoutSession, ingested: Set<UUID>?, zone: TimeZone) -> [String: Any] {
        var object: [String: Any] = [
            "id": session.id.uuidString, "healthKitUUID": session.healthKitUUID?.uuidString ?? NSNull(),
            "template": session.template.rawValue, "activity": session.activity.name, "title": session.title,
            "start": ISO8601.format(session.start, in: zone), "end": ISO8601.format(session.end, in: zone),
            "durationMinutes": session.durationMinutes,
            "activeKilocalories": session.activeKilocalories ?? NSNull(),
            "distanceMeters": session.distanceMeters ?? NSNull(),
            "source": ["name": session.source.name, "bundleIdentifier": session.source.bundleIdentifier],
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
        if let ingested { object["alreadyIngested"] = session.healthKitUUID.map(ingested.contains) ?? false }
        return object
    }
}
