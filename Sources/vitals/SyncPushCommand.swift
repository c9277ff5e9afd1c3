import ArgumentParser
import Foundation
import Logging
import VitalsCore
import VitalsStore
import VitalsSync

struct SyncPushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract:
            "Push daily metrics and workouts from the store to a Vitals sync server (the daily-metrics or the journey sync API).",
        discussion: """
            Each day's metrics are computed from the store's statistics: sources merged by \
            priority, days midnight to midnight in --tz, sleep as the union of asleep intervals, \
            sleep_quality_score as the share of the time in bed spent asleep (0-100).

            Permissions: types the store may not read are left out and named in the output \
            (missing permissions). When it may read none of them, the sync runs in manual mode: \
            nothing is read or sent, the cursor stays, the output says so (exit 0); send typed-in \
            days with `vitals sync manual`.

            The first sync sends the last --days days, today included. The server's confirmation \
            moves a cursor to today, kept in a small JSON file next to the store (see --state), \
            per server URL, contract and token (a hash of it; the token is not stored); later \
            syncs send from that day (again, since it was partial) through today. A failed sync \
            leaves the cursor where it was. --reset forgets the cursor first.

            Failed requests are retried up to 5 times with exponential backoff and jitter \
            (1 s doubling to 60 s); 429 answers wait their Retry-After; other 4xx answers are \
            final. Exit codes: 0 synced (or manual mode), 64 bad arguments, 65 the server rejected the data, \
            69 the server could not be reached or kept failing, 76 no such route (wrong URL \
            or contract), 77 the token was refused.

            --watch keeps running: it syncs at start, after every change to the store (an \
            import, a logged workout, also by another process: the store is checked every \
            minute) and every 15 minutes, each trigger debounced by 2 s, \
            until SIGINT or SIGTERM (a sync in progress gets up to 10 s to finish). A failed \
            sync is reported on stderr and retried at the next trigger. Health values are \
            never logged.
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var target: SyncServerOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Which API to speak: daily (the daily-metrics API, POST /api/v1/health/daily, all days in one request) or "
                + "journey (the journey sync API, POST /api/health/sync, one request per day with its workouts).",
            valueName: "contract"))
    var contract = "daily"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Days the first sync covers, today included; later syncs start at the last synced day.",
            valueName: "n"))
    var days = 14

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The JSON file holding the sync cursors (default: the store's path + .sync.json).", valueName: "path"))
    var state: String?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Forget this server, contract and token's cursor first, so this sync is a first sync (the last --days days).",
            discussion: "For a server that lost its data, or to resend days after fixing the store."))
    var reset = false

    @Flag(name: .long, help: "Keep running and sync at start, on store changes and every 15 minutes, until stopped.")
    var watch = false

    @Flag(
        name: .long,
        help: """
            Print each sync as one JSON object: {server, contract, first, last, firstSync, mode, missingPermissions, \
            daysSent, recordsUpserted, workoutsSent, questsCompleted, requests} (plus trigger with --watch); mode is \
            automatic or manual, missingPermissions the type names left out.
            """)
    var json = false

    func validate() throws {
        guard SyncContract(rawValue: contract) != nil else {
            throw ValidationError("--contract must be daily or journey")
        }
        guard (1...3660).contains(days) else { throw ValidationError("--days must be 1 to 3660") }
    }

    func run() async throws {
        try await runReportingErrors {
            let endpoint = try target.endpoint()
            // No query cache: other processes (an import) write the file while --watch runs.
            var storeConfiguration = SQLiteHealthStore.Configuration()
            storeConfiguration.calendar = try store.calendar()
            storeConfiguration.cacheCapacity = 0
            let database = try SQLiteHealthStore(path: store.databasePath, configuration: storeConfiguration)
            var configuration = HealthSyncService.Configuration()
            configuration.firstSyncDays = days
            configuration.calendar = try store.calendar()
            var logger = Logger(label: "vitals.sync", factory: { StreamLogHandler.standardError(label: $0) })
            logger.logLevel = .notice
            let service = HealthSyncService(
                store: database, endpoint: endpoint, contract: SyncContract(rawValue: contract) ?? .daily,
                cursors: FileSyncCursorStore(
                    path: state ?? FileSyncCursorStore.defaultPath(forStoreAt: store.databasePath)),
                configuration: configuration, logger: logger)
            if reset { try await service.cursors.removeCursor(for: service.cursorKey) }
            guard watch else {
                Self.show(try await service.syncNow(), trigger: nil, json: json)
                return
            }
            let json = json
            let watcher = HealthSyncWatcher(service: service, logger: logger) { trigger, result in
                switch result {
                case .success(let report): Self.show(report, trigger: trigger, json: json)
                case .failure(let error):
                    FileHandle.standardError.write(Data("error: sync (\(trigger.rawValue)) failed: \(error)\n".utf8))
                }
            }
            try await watcher.runUntilInterrupted()
        }
    }

    /// One sync's summary: a sentence, or one JSON object per line (written unbuffered, for pipes in --watch).
    static func show(_ report: SyncReport, trigger: HealthSyncWatcher.Trigger?, json: Bool) {
        let text: String
        if json {
            var object: [String: Any] = [
                "server": report.server, "contract": report.contract.rawValue, "first": report.first.description,
                "last": report.last.description, "firstSync": report.isFirstSync, "daysSent": report.daysSent,
                "recordsUpserted": report.recordsUpserted, "workoutsSent": report.workoutsSent,
                "questsCompleted": report.questsCompleted, "requests": report.requests, "mode": report.mode.rawValue,
                "missingPermissions": report.missingPermissions.map(\.shortName),
            ]
            if let trigger { object["trigger"] = trigger.rawValue }
            text = SampleJSON.encode(object)
        } else if report.mode == .manual {
            var line = "manual mode: the store may read none of the synced types ("
            line += report.missingPermissions.map(\.shortName).joined(separator: ", ")
            line += "), so nothing was sent to \(report.server); send typed-in days with `vitals sync manual`"
            if let trigger { line += " (trigger: \(trigger.rawValue))" }
            text = line
        } else {
            var line =
                "synced \(report.daysSent) day\(report.daysSent == 1 ? "" : "s") (\(report.first) to \(report.last)"
            line += report.isFirstSync ? ", first sync)" : ")"
            line += " to \(report.server) [\(report.contract)]: \(report.recordsUpserted) records upserted"
            if report.contract == .journey {
                line += ", \(report.workoutsSent) workouts sent, \(report.questsCompleted) quests completed"
            }
            line += ", \(report.requests) request\(report.requests == 1 ? "" : "s")"
            if !report.missingPermissions.isEmpty {
                line +=
                    "; missing permissions (left out): "
                    + report.missingPermissions.map(\.shortName).joined(separator: ", ")
            }
            if let trigger { line += " (trigger: \(trigger.rawValue))" }
            text = line
        }
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
