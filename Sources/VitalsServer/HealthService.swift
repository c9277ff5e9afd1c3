import Foundation
import VitalsCore
import VitalsImport
import VitalsSync

/// The server's rules, apart from HTTP: upserts, workout de-duplication, daily snapshots from
/// samples, and quest completion. Handlers call it; tests can too.
public struct HealthService: Sendable {
    public let repository: any HealthRepository
    /// The clock (a fixed one in tests).
    public let now: @Sendable () -> Date

    public init(repository: any HealthRepository, now: @escaping @Sendable () -> Date = { Date() }) {
        self.repository = repository
        self.now = now
    }

    /// Seed 001's sync: upserts the day's snapshot and stores new workouts, then evaluates quests.
    public func sync(_ request: HealthSyncRequest, for user: ServerUser) async throws -> HealthSyncResponse {
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
        let result = try await repository.apply(HealthWrite(workouts: workouts, snapshots: [patch]), for: user, at: now())
        let evaluation = try await evaluateQuests(for: user, on: [date])
        var message = "Synced \(date)"
        if !workouts.isEmpty { message += ": \(result.workoutsAdded) of \(workouts.count) workouts new" }
        message += evaluation.completed == 0 ? "." : "; \(evaluation.completed) quest(s) completed."
        return HealthSyncResponse(snapshot: result.snapshots[0], questsEvaluated: evaluation.evaluated,
                                  questsCompleted: evaluation.completed, questResults: evaluation.results[date] ?? [],
                                  message: message)
    }

    /// Seed 003's daily upsert: every record in one transaction, then quests for those days.
    public func upsertDaily(_ metrics: [DailyHealthMetrics], for user: ServerUser) async throws -> DailyUpsertResponse {
        let patches = metrics.map { SnapshotPatch($0, source: .healthKit) }
        _ = try await repository.apply(HealthWrite(snapshots: patches), for: user, at: now())
        _ = try await evaluateQuests(for: user, on: Array(Set(metrics.map(\.date))).sorted())
        return DailyUpsertResponse(recordsUpserted: metrics.count)
    }

    /// The user's snapshots of a day; nil when there are none.
    public func day(_ date: LocalDate, for user: ServerUser) async throws -> DayReport? {
        let snapshots = try await repository.snapshots(of: user, on: date)
        guard !snapshots.isEmpty else { return nil }
        return DayReport(date: date, snapshots: snapshots)
    }

    /// Quest evaluation of some days: what was looked at, and what completed now.
    public struct QuestEvaluation: Sendable {
        public var evaluated = 0
        public var completed = 0
        public var results: [LocalDate: [HealthSyncResponse.QuestResult]] = [:]
    }

    /// Completes, at most once per period, every quest the days' snapshots meet.
    public func evaluateQuests(for user: ServerUser, on dates: [LocalDate]) async throws -> QuestEvaluation {
        var evaluation = QuestEvaluation()
        let quests = try await repository.quests(of: user)
        guard !quests.isEmpty else { return evaluation }
        evaluation.evaluated = quests.count
        for date in dates {
            let snapshots = try await repository.snapshots(of: user, on: date)
            let periods = quests.map { (questId: $0.id, period: $0.recurrence.period(of: date)) }
            let done = try await repository.completedQuests(of: user, periods: periods)
            let met = quests.filter { !done.contains($0.id) && $0.isMet(by: snapshots) }
            let stamp = now()
            let added = try await repository.complete(met.map {
                QuestCompletion(questId: $0.id, period: $0.recurrence.period(of: date), date: date, completedAt: stamp)
            }, for: user)
            evaluation.completed += added.count
            evaluation.results[date] = quests.map {
                HealthSyncResponse.QuestResult(questId: $0.id, title: $0.title,
                                               wasCompleted: done.contains($0.id) || added.contains($0.id))
            }
        }
        return evaluation
    }
}

/// A day as `GET /api/health/{date}` answers it: every source's snapshot and the one to show.
public struct DayReport: Sendable, Codable {
    public var date: LocalDate
    /// The snapshot to show: device-verified first, then the most recently updated.
    public var snapshot: HealthSnapshot
    /// One per source.
    public var snapshots: [HealthSnapshot]

    public init(date: LocalDate, snapshots: [HealthSnapshot]) {
        self.date = date
        self.snapshots = snapshots
        self.snapshot = snapshots.max { lhs, rhs in
            let left = (lhs.verificationLevel == .deviceVerified ? 1 : 0, lhs.updatedAt)
            let right = (rhs.verificationLevel == .deviceVerified ? 1 : 0, rhs.updatedAt)
            return left < right
        }!
    }
}
