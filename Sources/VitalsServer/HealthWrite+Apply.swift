import Foundation
import VitalsCore
import VitalsContract

extension HealthWrite {
    /// Applies the write through a repository's primitives, in the order ``HealthWrite`` describes.
    ///
    /// This is the one place a write's sequence is written: both repositories run it inside their
    /// transaction (``HealthRepository/apply(_:for:at:)``).
    nonisolated(nonsending) public func apply(for user: ServerUser, at date: Date,
                                              in store: some HealthWriteTransaction) async throws -> HealthWriteResult {
        var result = HealthWriteResult()
        // The recomputed days' samples: those stored before this write, read first, and those this
        // write adds, taken from memory (reading them back cost a tenth of the SQLite writer's time).
        let window = recompute?.window
        var series: [SampleType: StatisticsSeries] = [:]
        if let window { series = try await store.series(of: DayRecompute.types, in: window) }
        let added = try await store.insert(samples)
        result.samplesAdded = added.count
        result.workoutsAdded = try await store.insert(workouts, at: date)
        if let recompute, let window, let (first, last) = recompute.bounds {
            for offset in added {
                let sample = samples[offset]
                guard window.contains(start: sample.start.timeIntervalSince1970,
                                      end: sample.end.timeIntervalSince1970) else { continue }
                DayRecompute.append(sample, to: &series)
            }
            let workouts = try await store.workoutCounts(source: .healthKit, from: first, through: last)
            for patch in try recompute.patches(series: series, healthKitWorkouts: workouts) {
                try await Self.upsert(patch, at: date, in: store)
                result.recomputedDays.append(patch.date)
            }
        }
        for patch in snapshots {
            try await Self.upsert(patch, at: date, in: store)
            if returnsSnapshots, let stored = try await store.snapshot(on: patch.date, source: patch.source) {
                result.snapshots.append(stored)
            }
        }
        let workoutDays = workoutDayPatches
        for patch in workoutDays { try await Self.upsert(patch, at: date, in: store) }
        let days = writtenDays(recomputed: result.recomputedDays, workoutDays: workoutDays)
        result.quests = try await Self.completeQuests(of: user, on: days, at: date, in: store)
        return result
    }

    /// Upserts a patch, first counting the stored workouts when the patch asks for it.
    nonisolated(nonsending) private static func upsert(_ patch: SnapshotPatch, at date: Date,
                                                       in store: some HealthWriteTransaction) async throws {
        var patch = patch
        if patch.countsStoredWorkouts {
            let counts = try await store.workoutCounts(source: patch.source, from: patch.date, through: patch.date)
            patch.workoutsCount = counts[patch.date] ?? 0
        }
        try await store.upsert(patch, at: date)
    }

    /// Completes, at most once per period, every quest the days' stored snapshots meet.
    nonisolated(nonsending) private static func completeQuests(of user: ServerUser, on days: [LocalDate], at date: Date,
                                                               in store: some HealthWriteTransaction) async throws
        -> QuestEvaluation {
        var evaluation = QuestEvaluation()
        guard !days.isEmpty else { return evaluation }
        let quests = try await store.quests()
        guard !quests.isEmpty else { return evaluation }
        let calendar = user.calendar
        for day in days {
            let done = try await store.completedQuests(quests.map { ($0.id, $0.recurrence.period(of: day)) })
            let snapshots = try await store.snapshots(on: day)
            let (completions, results) = QuestEvaluation.evaluate(quests, on: day, snapshots: snapshots, done: done,
                                                                  at: date, calendar: calendar)
            let added = completions.isEmpty ? 0 : try await store.insert(completions)
            evaluation.record(day, results: results, added: added)
        }
        return evaluation
    }
}
