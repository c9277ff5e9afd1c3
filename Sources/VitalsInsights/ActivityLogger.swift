import Foundation
import VitalsCore

/// The activity logging path: logs through the store's logging methods, then calls
/// ``SmartReminders/cancelMatchingReminders(for:completedAt:)`` for the logged activity.
///
/// A failed log (authorization denied, bad dates) throws and cancels nothing. A reminder failure
/// after a successful log does not undo the log; it is reported in ``LoggedActivity/reminderFailure``.
public struct ActivityLogger: Sendable {
    /// The health store the samples go to.
    public let store: any HealthStore
    /// The reminder rules.
    public let reminders: SmartReminders

    /// Creates a logger.
    public init(store: any HealthStore, reminders: SmartReminders) {
        self.store = store
        self.reminders = reminders
    }

    /// `logMindfulness(start:end:)`, then cancels today's mindfulness reminders (completed at `end`).
    public func logMindfulness(start: Date, end: Date) async throws -> LoggedActivity {
        let sample = try await store.logMindfulness(start: start, end: end)
        return await cancelling(.mindfulness, completedAt: end, sample: sample)
    }

    /// `logWorkout(start:end:activity:)`, then cancels today's workout reminders (completed at `end`).
    public func logWorkout(
        start: Date, end: Date,
        activity: WorkoutActivityType = .highIntensityIntervalTraining
    ) async throws -> LoggedActivity {
        let sample = try await store.logWorkout(start: start, end: end, activity: activity)
        return await cancelling(.workout, completedAt: end, sample: sample)
    }

    /// `logAlcohol(drinks:date:)`, then cancels NoAlc reminders when `date` is today.
    public func logAlcohol(drinks: NoAlcLevel, date: Date) async throws -> LoggedActivity {
        let sample = try await store.logAlcohol(drinks: drinks, date: date)
        return await cancelling(.noalc, completedAt: date, sample: sample)
    }

    private func cancelling(_ activity: TrackedActivity, completedAt: Date, sample: Sample) async -> LoggedActivity {
        do {
            let cancelled = try await reminders.cancelMatchingReminders(for: activity, completedAt: completedAt)
            return LoggedActivity(sample: sample, cancelledReminders: cancelled)
        } catch {
            let failure =
                (error as? VitalsError)
                ?? VitalsError(.database, "cancelling reminders failed", underlying: SendableDescription(error))
            return LoggedActivity(sample: sample, cancelledReminders: [], reminderFailure: failure)
        }
    }
}
