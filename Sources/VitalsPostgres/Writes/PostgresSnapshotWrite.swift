import Foundation
import VitalsContract
import VitalsCore
import VitalsServerStorage

/// A write of snapshots only (the daily-metrics API's), which a batch may store together with
/// the other such writes in two statements for all of them (see ``store(_:withQuests:on:logger:)``).
///
/// Stored that way it means what ``HealthWrite/apply(for:at:in:)`` means for it: each patch
/// upserted (absent metrics keep stored values, a row that would not change keeps its
/// `updated_at`, which never goes back), its user's quests evaluated (it is only shared when the
/// user has none), and the request's log entry added, with the user's old entries pruned.
struct PostgresSnapshotWrite: Sendable {
    let user: ServerUser
    let patches: [SnapshotPatch]
    let date: Date
    /// The log entry with the write's counts and days recorded; nil for none.
    let logEntry: IngestLogEntry?
    let logKeptSince: Date

    /// The write as a snapshot-only one; nil when it does more (samples, workouts, whole
    /// records, recomputed days, snapshots to answer with, patches counting stored workouts, a
    /// log entry naming sample types) or nothing.
    init?(_ write: HealthWrite, for user: ServerUser, at date: Date) {
        guard write.samples.isEmpty, write.workouts.isEmpty, write.workoutSamples.isEmpty, write.routes.isEmpty,
            write.activitySummaries.isEmpty, write.recompute == nil, !write.returnsSnapshots, !write.appliesArrivalRule,
            write.replacing.isEmpty,
            !write.snapshots.isEmpty, !write.snapshots.contains(where: \.countsStoredWorkouts)
        else { return nil }
        var entry = write.logEntry
        if var recorded = entry {
            var counted = HealthWriteResult()
            counted.samplesAdded = write.samplesAddedEarlier + write.samplesRevisedEarlier
            counted.samplesRevised = write.samplesRevisedEarlier
            recorded.record(counted, days: write.writtenDays(recomputed: [], workoutDays: []))
            // A successful entry with sample types also notes them (ingest_type_last): not shared.
            guard !recorded.succeeded || recorded.sampleTypes.isEmpty else { return nil }
            entry = recorded
        }
        self.user = user
        self.patches = write.snapshots
        self.date = date
        self.logEntry = entry
        self.logKeptSince = write.logKeptSince
    }

    /// What ``HealthWrite/apply(for:at:in:)`` answers for this write when its user has no quests.
    func result(ingestId: Int64?) -> HealthWriteResult {
        var result = HealthWriteResult()
        result.ingestId = ingestId
        return result
    }

    /// A day and source of one user: one row of `health_snapshots`.
    struct RowKey: Hashable {
        let user: Int64
        let date: LocalDate
        let source: HealthSyncRequest.DataSource
    }

    /// The rows the write upserts; nil when it upserts a row twice (one statement cannot).
    var rowKeys: Set<RowKey>? {
        let keys = Set(patches.map { RowKey(user: user.id, date: $0.date, source: $0.source) })
        return keys.count == patches.count ? keys : nil
    }

    /// The patch's metrics as text in ``SnapshotColumns/metrics`` order, empty for absent.
    static func metricTexts(_ metrics: SnapshotMetrics) -> [String] {
        func text(_ value: (some CustomStringConvertible)?) -> String { value?.description ?? "" }
        return [
            text(metrics.steps), text(metrics.exerciseMinutes), text(metrics.standMinutes), text(metrics.sleepMinutes),
            text(metrics.activeCalories), text(metrics.restingHeartRate), text(metrics.hrv),
            text(metrics.workoutsCount),
            text(metrics.sleepQualityScore), text(metrics.proteinLogged),
        ]
    }

    /// The PostgreSQL types of ``SnapshotColumns/metrics``, in their order.
    static let metricTypes = ["int8", "int8", "int8", "int8", "float8", "float8", "float8", "int8", "float8", "bool"]
}
