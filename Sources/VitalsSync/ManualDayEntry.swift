import Foundation
public import VitalsContract
public import VitalsCore

/// One day of values the user typed in (manual mode, for users who grant no access), sent with
/// source `MANUAL`.
///
/// What the journey sync API's `data` takes: totals and workouts; nil totals are unknown and
/// leave what the server stored for the day alone. The server stores the day in its own `MANUAL`
/// snapshot, `SELF_REPORTED`, beside any device-verified (`HEALTHKIT`) one. The limits are the
/// server's, checked before sending so a typo fails at once, naming the field and never the value.
public struct ManualDayEntry: Sendable, Hashable {
    /// The day, in the user's time zone.
    public var date: LocalDate
    /// 0 to 1,000,000.
    public var steps: Int?
    /// 0 to 1440.
    public var exerciseMinutes: Int?
    /// Minutes asleep, 0 to 1440.
    public var sleepMinutes: Int?
    /// Active energy, kcal, 0 to 50,000.
    public var activeCalories: Double?
    public var proteinLogged: Bool?
    /// Workouts of the day: type 1 to 100 characters, 0 to 2880 minutes, end not before start.
    /// The server stores one without an `externalId` under its type and start, so sending the
    /// same entry twice stores its workouts once.
    public var workouts: [SyncedWorkout]

    public init(
        date: LocalDate, steps: Int? = nil, exerciseMinutes: Int? = nil, sleepMinutes: Int? = nil,
        activeCalories: Double? = nil, proteinLogged: Bool? = nil, workouts: [SyncedWorkout] = []
    ) {
        self.date = date
        self.steps = steps
        self.exerciseMinutes = exerciseMinutes
        self.sleepMinutes = sleepMinutes
        self.activeCalories = activeCalories
        self.proteinLogged = proteinLogged
        self.workouts = workouts
    }

    /// Whether the entry holds no value at all.
    public var isEmpty: Bool {
        steps == nil && exerciseMinutes == nil && sleepMinutes == nil && activeCalories == nil && proteinLogged == nil
            && workouts.isEmpty
    }

    /// The journey sync request for this entry (source `MANUAL`), after checking every value.
    ///
    /// Throws `.invalidInput` for an empty entry and `.invalidValue` / `.invalidDateRange`
    /// located at the field (`steps`, `workouts[0].durationMinutes`).
    public func request() throws(VitalsError) -> HealthSyncRequest {
        guard !isEmpty else { throw VitalsError(.invalidInput, "a manual day needs at least one value") }
        try Self.check(steps, in: 0...1_000_000, "steps are 0 to 1,000,000", field: "steps")
        try Self.check(exerciseMinutes, in: 0...1440, "a day has 0 to 1440 minutes", field: "exerciseMinutes")
        try Self.check(sleepMinutes, in: 0...1440, "a day has 0 to 1440 minutes", field: "sleepMinutes")
        try Self.check(activeCalories, in: 0...50_000, "kcal are 0 to 50,000", field: "activeCalories")
        for (index, workout) in workouts.enumerated() {
            let field = "workouts[\(index)]"
            guard (1...100).contains(workout.type.count) else {
                throw VitalsError(
                    .invalidValue, "a workout's type is 1 to 100 characters", at: InputLocation(field: "\(field).type"))
            }
            try Self.check(
                workout.durationMinutes, in: 0...2880, "a workout lasts 0 to 2880 minutes",
                field: "\(field).durationMinutes")
            try Self.check(workout.calories, in: 0...50_000, "kcal are 0 to 50,000", field: "\(field).calories")
            try Self.check(
                workout.distance, in: 0...1_000_000, "distance is 0 to 1,000 km in metres", field: "\(field).distance")
            if let end = workout.endTime, end < workout.startTime {
                throw VitalsError(
                    .invalidDateRange, "a workout's end is before its start",
                    at: InputLocation(field: "\(field).endTime"))
            }
        }
        return HealthSyncRequest(
            date: date, source: .manual,
            data: HealthSyncRequest.Totals(
                steps: steps, exerciseMinutes: exerciseMinutes, sleepMinutes: sleepMinutes,
                activeCalories: activeCalories,
                proteinLogged: proteinLogged, workouts: workouts.isEmpty ? nil : workouts))
    }

    private static func check<Value: Comparable & Sendable>(
        _ value: Value?, in range: ClosedRange<Value>, _ rule: String,
        field: String
    ) throws(VitalsError) {
        guard let value else { return }
        if let number = value as? Double, !number.isFinite {
            throw VitalsError(.invalidValue, rule, at: InputLocation(field: field))
        }
        guard range.contains(value) else { throw VitalsError(.invalidValue, rule, at: InputLocation(field: field)) }
    }
}
