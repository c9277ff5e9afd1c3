import Foundation
import VitalsContract
import VitalsCore
import VitalsImport
import VitalsServerStorage

/// The server's rules, apart from HTTP: upserts, workout de-duplication, daily snapshots from
/// samples, and quest completion. Handlers call it; tests can too.
public struct HealthService: Sendable {
    public let repository: any HealthRepository
    /// The clock (a fixed one in tests).
    public let now: @Sendable () -> Date
    /// Days an ingest log entry is kept (see ``ServerConfiguration/ingestLogRetentionDays``). Default 90.
    public var ingestLogRetentionDays = 90

    public init(repository: any HealthRepository, now: @escaping @Sendable () -> Date = { Date() }) {
        self.repository = repository
        self.now = now
    }

    /// Seed 001's sync: upserts the day's snapshot and stores new workouts, then evaluates quests.
    /// The request's `rawData.healthkit`, when given, is kept as the day's ``SyncRawData`` from
    /// its source, and with `log` the request's entry is added to the user's ingest log, both in
    /// the same transaction.
    public func sync(
        _ request: HealthSyncRequest, for user: ServerUser,
        log: IngestLogEntry? = nil
    ) async throws -> HealthSyncResponse {
        let date = request.date ?? user.today(at: now())
        var patch = SnapshotPatch(date: date, source: request.source)
        patch.steps = request.data.steps
        patch.exerciseMinutes = request.data.exerciseMinutes
        patch.sleepMinutes = request.data.sleepMinutes
        patch.activeCalories = request.data.activeCalories
        patch.proteinLogged = request.data.proteinLogged
        patch.countsStoredWorkouts = request.data.workouts != nil
        let workouts = (request.data.workouts ?? []).map {
            WorkoutRecord($0, source: request.source, calendar: user.calendar)
        }
        var write = HealthWrite(workouts: workouts, snapshots: [patch])
        if var log {
            log.workoutsReceived = workouts.count
            write.log(log, keepingSince: ingestLogCutoff)
        }
        let at = now()
        let raw = request.rawData?.healthkit.map {
            SyncRawData(date: date, source: request.source, healthkit: .object($0), receivedAt: at)
        }
        let result = try await apply(write, keeping: raw, for: user, at: at)
        let evaluation = result.quests
        var message = "Synced \(date)"
        if !workouts.isEmpty { message += ": \(result.workoutsAdded) of \(workouts.count) workouts new" }
        message += evaluation.completed == 0 ? "." : "; \(evaluation.completed) quest(s) completed."
        return HealthSyncResponse(
            snapshot: result.snapshots[0], questsEvaluated: evaluation.evaluated,
            questsCompleted: evaluation.completed, questResults: evaluation.results[date] ?? [],
            message: message)
    }

    /// Seed 003's daily upsert: every record, and the quests of those days, in one transaction
    /// (with the ingest log's entry when `log` is given).
    public func upsertDaily(
        _ metrics: [DailyHealthMetrics], for user: ServerUser,
        log: IngestLogEntry? = nil
    ) async throws -> DailyUpsertResponse {
        let patches = metrics.map { SnapshotPatch($0, source: .healthKit) }
        var write = HealthWrite(snapshots: patches, returnsSnapshots: false)
        write.log(log, keepingSince: ingestLogCutoff)
        _ = try await repository.apply(write, for: user, at: now())
        return DailyUpsertResponse(recordsUpserted: metrics.count)
    }

    /// The user's snapshots of a day: a day nothing was stored for is an empty report, not an error.
    public func day(_ date: LocalDate, for user: ServerUser) async throws -> DayReport {
        DayReport(date: date, snapshots: try await repository.snapshots(of: user, on: date))
    }
}
