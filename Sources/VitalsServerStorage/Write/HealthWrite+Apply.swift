import Foundation
import VitalsContract
import VitalsCore

extension HealthWrite {
    /// Applies the write through a repository's primitives, in the order ``HealthWrite`` describes.
    ///
    /// This is the one place a write's sequence is written: both repositories run it inside their
    /// transaction (``HealthWriteStore/apply(_:for:at:)``).
    nonisolated(nonsending) public func apply(
        for user: ServerUser, at date: Date,
        in store: some HealthWriteTransaction
    ) async throws -> HealthWriteResult {
        var result = HealthWriteResult()
        var samples = self.samples
        var (replacing, revisions, restatements) = (self.replacing, self.revisions, self.restatements)
        if appliesArrivalRule {
            let arrivals = try await HealthWrite.arrivals(samples, in: store)
            (samples, result.samplesResent) = (arrivals.kept, arrivals.resent)
            replacing += arrivals.replaced
            revisions.formUnion(arrivals.revisions)
            restatements.formUnion(arrivals.restatements)
        }
        // Replaced before the recomputed days' samples are read, so those are not counted.
        if !replacing.isEmpty { result.samplesReplaced = try await store.deleteSamples(replacing, from: nil).count }
        // The recomputed days' samples: those stored before this write, read first, and those this
        // write adds, taken from memory (reading them back cost a tenth of the SQLite writer's time).
        let window = recompute?.window
        var series: [SampleType: StatisticsSeries] = [:]
        if let window { series = try await store.series(of: DayRecompute.types, in: window) }
        let added = try await store.insert(samples)
        result.samplesAdded = added.count
        if !revisions.isEmpty { result.samplesRevised = added.count(where: { revisions.contains(samples[$0].uuid) }) }
        if !restatements.isEmpty {
            result.samplesRestated = added.count(where: { restatements.contains(samples[$0].uuid) })
        }
        result.workoutsAdded = try await store.insert(workouts, at: date)
        if !workoutSamples.isEmpty || !activitySummaries.isEmpty {
            try await storeWholeRecords(in: store, into: &result)
        }
        if let recompute, let window, let (first, last) = recompute.bounds {
            for offset in added {
                let sample = samples[offset]
                guard
                    window.contains(
                        start: sample.start.timeIntervalSince1970,
                        end: sample.end.timeIntervalSince1970)
                else { continue }
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
        if var entry = logEntry {
            var counted = result
            counted.samplesAdded += samplesAddedEarlier + samplesRevisedEarlier
            counted.samplesRevised += samplesRevisedEarlier
            entry.record(counted, days: days)
            result.ingestId = try await store.record(entry, keepingSince: logKeptSince)
        }
        return result
    }

    /// Stores the whole workout samples, the routes of those new to the store, and the activity summaries.
    nonisolated(nonsending) private func storeWholeRecords(
        in store: some HealthWriteTransaction,
        into result: inout HealthWriteResult
    ) async throws {
        if !workoutSamples.isEmpty {
            let added = try await store.insert(workoutSamples)
            result.workoutSamplesAdded = added.count
            let new = Set(added.map { workoutSamples[$0].uuid })
            let kept = routes.filter { new.contains($0.workout) && !$0.points.isEmpty }
            if !kept.isEmpty { result.routePointsAdded = try await store.insert(kept) }
        }
        if !activitySummaries.isEmpty { result.activitySummariesWritten = try await store.upsert(activitySummaries) }
    }

    /// Upserts a patch, first counting the stored workouts when the patch asks for it.
    nonisolated(nonsending) private static func upsert(
        _ patch: SnapshotPatch, at date: Date,
        in store: some HealthWriteTransaction
    ) async throws {
        var patch = patch
        if patch.countsStoredWorkouts {
            let counts = try await store.workoutCounts(source: patch.source, from: patch.date, through: patch.date)
            patch.workoutsCount = counts[patch.date] ?? 0
        }
        try await store.upsert(patch, at: date)
    }

    /// Completes, at most once per period, every quest the days' stored snapshots meet.
    ///
    /// Quests that wait for the day's end (``Quest/Comparison/waitsForDayEnd``: at most, less
    /// than, equal) complete only on days before the user's today at `date`: a written day that
    /// is over, or one of the ``QuestEvaluation/endedDaysLookedAt`` days before today that this
    /// write does not store, judged by its snapshots as stored. So the first write after a day
    /// ends (usually the next morning's sync of the new day) completes its at-most quests.
    nonisolated(nonsending) private static func completeQuests(
        of user: ServerUser, on days: [LocalDate], at date: Date,
        in store: some HealthWriteTransaction
    ) async throws
        -> QuestEvaluation
    {
        var evaluation = QuestEvaluation()
        guard !days.isEmpty else { return evaluation }
        let quests = try await store.quests()
        guard !quests.isEmpty else { return evaluation }
        let calendar = user.calendar
        let today = user.today(at: date)
        for day in days {
            let done = try await store.completedQuests(quests.map { ($0.id, $0.recurrence.period(of: day)) })
            let snapshots = try await store.snapshots(on: day)
            let (completions, results) = QuestEvaluation.evaluate(
                quests, on: day, snapshots: snapshots, done: done,
                dayIsOver: day < today, at: date, calendar: calendar)
            let added = completions.isEmpty ? 0 : try await store.insert(completions)
            evaluation.record(day, results: results, added: added)
        }
        let waiting = quests.filter(\.comparison.waitsForDayEnd)
        if !waiting.isEmpty {
            try await completeEndedDays(
                waiting, before: today, except: Set(days), calendar: calendar, at: date,
                in: store, into: &evaluation)
        }
        return evaluation
    }

    /// Completes the quests that wait for the day's end on the days before `today` that ended
    /// (at most ``QuestEvaluation/endedDaysLookedAt``), leaving out the `written` ones.
    nonisolated(nonsending) private static func completeEndedDays(
        _ quests: [Quest], before today: LocalDate, except written: Set<LocalDate>, calendar: Calendar, at date: Date,
        in store: some HealthWriteTransaction, into evaluation: inout QuestEvaluation
    ) async throws {
        for offset in 1...QuestEvaluation.endedDaysLookedAt {
            let day = today.adding(days: -offset)
            // Quests count from the day they were created: going back, fewer and fewer do.
            let active = quests.filter { LocalDate(containing: $0.createdAt, in: calendar) <= day }
            guard !active.isEmpty else { return }
            guard !written.contains(day) else { continue }
            let done = try await store.completedQuests(active.map { ($0.id, $0.recurrence.period(of: day)) })
            guard done.count < active.count else { continue }
            let snapshots = try await store.snapshots(on: day)
            guard !snapshots.isEmpty else { continue }
            let (completions, _) = QuestEvaluation.evaluate(
                active, on: day, snapshots: snapshots, done: done,
                dayIsOver: true, at: date, calendar: calendar)
            evaluation.recordEnded(added: completions.isEmpty ? 0 : try await store.insert(completions))
        }
    }
}
