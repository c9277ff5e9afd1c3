import Foundation
import VitalsContract
import VitalsCore

/// What one request writes, applied by ``HealthWriteStore/apply(_:for:at:)`` in one transaction.
///
/// In order: samples and workouts are stored (each once; with an export's workouts kept whole,
/// their routes, and activity summaries), the days of ``recompute`` get a new
/// HEALTHKIT snapshot from all of the user's stored samples, the ``snapshots`` patches are
/// upserted, then the ``workoutDayPatches`` (a workout's own day that nothing else of the write
/// counts it on, such as a sync's workout that started the evening before the request's date),
/// and then every quest is evaluated against each day whose snapshot was written.
/// Doing it all in one transaction means two concurrent requests for the same day cannot leave
/// a stale recomputation behind, and a quest completes exactly when its data is stored.
public struct HealthWrite: Sendable {
    public var samples: [StoredSample]
    public var workouts: [WorkoutRecord]
    /// Workout samples kept whole (an export's), each once by UUID; their ``workouts`` records
    /// are written alongside, which snapshots and quests count.
    public var workoutSamples: [StoredWorkout] = []
    /// Routes of ``workoutSamples``: stored with a workout this write stores, left out for one
    /// stored before, so importing the same export again adds no points.
    public var routes: [StoredRoute] = []
    /// Activity summaries, upserted by day: a later one of a day replaces the stored one.
    public var activitySummaries: [ActivitySummary] = []
    /// Days recomputed from stored samples after the samples are stored; nil for none.
    public var recompute: DayRecompute?
    /// Applied after the recomputation, so ``SnapshotPatch/countsStoredWorkouts`` sees the write's workouts.
    public var snapshots: [SnapshotPatch]
    /// Whether ``HealthWriteResult/snapshots`` is filled: one read per patch. Default true;
    /// writes whose answer does not show the stored snapshots skip it.
    public var returnsSnapshots: Bool
    /// Whether ``samples`` go through the arrival rule (``ArrivalRule``, read in the write's
    /// transaction): those the user has stored already under another UUID are left out, and those
    /// that are a stored measurement's new value replace it. Default false.
    public var appliesArrivalRule = false
    /// Stored samples (the user's, of any source) deleted before ``samples`` are stored: those
    /// they revise, when the caller applied the arrival rule itself (a body stored in chunks).
    public var replacing: [UUID] = []
    /// The UUIDs of ``samples`` that are revisions (counted in ``HealthWriteResult/samplesRevised``).
    public var revisions: Set<UUID> = []
    /// The UUIDs of ``samples`` that restate a stored sample under another source string (counted
    /// in ``HealthWriteResult/samplesRestated``).
    public var restatements: Set<UUID> = []
    /// Samples of the same ingest that earlier writes of this transaction stored (a body stored
    /// in chunks); the log entry counts them with this write's own.
    public var samplesAddedEarlier = 0
    /// Of the samples of the same ingest that earlier writes of this transaction stored, those
    /// that were revisions (not counted in ``samplesAddedEarlier``).
    public var samplesRevisedEarlier = 0
    /// The request's ingest log entry, added (with the write's counts) in the same transaction;
    /// nil for none. Set through ``log(_:keepingSince:)``.
    public private(set) var logEntry: IngestLogEntry?
    /// The user's log entries received before this instant are pruned when ``logEntry`` is added.
    public private(set) var logKeptSince: Date = .distantPast

    public init(
        samples: [StoredSample] = [], workouts: [WorkoutRecord] = [], recompute: DayRecompute? = nil,
        snapshots: [SnapshotPatch] = [], returnsSnapshots: Bool = true
    ) {
        self.samples = samples
        self.workouts = workouts
        self.recompute = recompute
        self.snapshots = snapshots
        self.returnsSnapshots = returnsSnapshots
    }

    /// Adds `entry` (when given) to the user's ingest log with this write, pruning entries
    /// received before `cutoff`.
    public mutating func log(_ entry: IngestLogEntry?, keepingSince cutoff: Date) {
        logEntry = entry
        logKeptSince = cutoff
    }

    /// A patch per day and source of the write's workouts that neither a patch of ``snapshots``
    /// counting stored workouts nor the HEALTHKIT recomputation covers: it sets that day's
    /// `workoutsCount` in the snapshot of the workout's source (a day without one gets one with
    /// only the count, as the request's own day does), so the day's quests see the workout.
    public var workoutDayPatches: [SnapshotPatch] {
        var covered = Set(snapshots.filter(\.countsStoredWorkouts).map { DaySource(date: $0.date, source: $0.source) })
        var patches: [SnapshotPatch] = []
        for workout in workouts {
            let day = DaySource(date: workout.date, source: workout.source)
            if day.source == .healthKit, recompute?.days.contains(day.date) == true { continue }
            guard covered.insert(day).inserted else { continue }
            var patch = SnapshotPatch(date: day.date, source: day.source)
            patch.countsStoredWorkouts = true
            patches.append(patch)
        }
        return patches
    }

    /// A day and the source of its snapshot.
    private struct DaySource: Hashable {
        var date: LocalDate
        var source: HealthSyncRequest.DataSource
    }

    /// The days whose snapshot this write upserts, recomputed ones first, without repeats.
    package func writtenDays(recomputed: [LocalDate], workoutDays: [SnapshotPatch]) -> [LocalDate] {
        var seen = Set<LocalDate>()
        return (recomputed + snapshots.map(\.date) + workoutDays.map(\.date)).filter { seen.insert($0).inserted }
    }
}

/// What a ``HealthWrite`` changed.
public struct HealthWriteResult: Sendable {
    /// Samples new to the store (re-sent ones are not counted).
    public var samplesAdded: Int
    /// Samples left out as the same measurement stored under another UUID (``HealthWrite/appliesArrivalRule``).
    public var samplesResent = 0
    /// Samples stored as a stored measurement's new value (also counted in ``samplesAdded``).
    public var samplesRevised = 0
    /// Samples stored as a stored one re-sent under another source string, which they replaced
    /// (also counted in ``samplesAdded``; re-sent, not new).
    public var samplesRestated = 0
    /// Stored samples deleted because a revision or a restatement replaced them.
    public var samplesReplaced = 0
    /// Workouts new to the store.
    public var workoutsAdded: Int
    /// Whole workout samples new to the store (``HealthWrite/workoutSamples``).
    public var workoutSamplesAdded = 0
    /// Route points stored (those of ``HealthWrite/routes`` whose workout was new).
    public var routePointsAdded = 0
    /// Days whose activity summary was new or changed.
    public var activitySummariesWritten = 0
    /// The snapshots as stored after the write, one per patch of ``HealthWrite/snapshots``
    /// (none when ``HealthWrite/returnsSnapshots`` is false).
    public var snapshots: [HealthSnapshot]
    /// Days whose HEALTHKIT snapshot was recomputed (days with nothing to report are left out).
    public var recomputedDays: [LocalDate]
    /// The quests evaluated against the written days, and what completed now.
    public var quests: QuestEvaluation
    /// The id of the ingest log entry the write added; nil when it added none.
    public var ingestId: Int64?

    public init(
        samplesAdded: Int = 0, workoutsAdded: Int = 0, snapshots: [HealthSnapshot] = [],
        recomputedDays: [LocalDate] = [], quests: QuestEvaluation = QuestEvaluation()
    ) {
        self.samplesAdded = samplesAdded
        self.workoutsAdded = workoutsAdded
        self.snapshots = snapshots
        self.recomputedDays = recomputedDays
        self.quests = quests
    }
}
