import Foundation
import VitalsCore

/// Seed 001's `POST /api/health/sync` body: one day of totals and that day's workouts.
public struct HealthSyncRequest: Sendable, Hashable, Codable {
    /// Where the numbers come from; HealthKit and Google Fit count as device-verified.
    public enum DataSource: String, Sendable, Hashable, Codable, CaseIterable {
        case healthKit = "HEALTHKIT"
        case googleFit = "GOOGLE_FIT"
        case manual = "MANUAL"

        /// Seed 001's verification level of data from this source.
        public var verificationLevel: VerificationLevel { self == .manual ? .selfReported : .deviceVerified }
    }

    /// The day's totals; nil fields are unknown and leave stored values alone.
    public struct Totals: Sendable, Hashable, Codable {
        public var steps: Int?
        public var exerciseMinutes: Int?
        public var sleepMinutes: Int?
        /// Active energy, kcal.
        public var activeCalories: Double?
        public var proteinLogged: Bool?
        public var workouts: [SyncedWorkout]?

        public init(steps: Int? = nil, exerciseMinutes: Int? = nil, sleepMinutes: Int? = nil,
                    activeCalories: Double? = nil, proteinLogged: Bool? = nil, workouts: [SyncedWorkout]? = nil) {
            self.steps = steps
            self.exerciseMinutes = exerciseMinutes
            self.sleepMinutes = sleepMinutes
            self.activeCalories = activeCalories
            self.proteinLogged = proteinLogged
            self.workouts = workouts
        }
    }

    /// The day (`YYYY-MM-DD`, the user's time zone); nil means the user's today.
    public var date: LocalDate?
    public var source: DataSource
    public var data: Totals

    public init(date: LocalDate?, source: DataSource, data: Totals) {
        self.date = date
        self.source = source
        self.data = data
    }
}
