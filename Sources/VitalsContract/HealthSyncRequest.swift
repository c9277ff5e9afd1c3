import Foundation
import VitalsCore

/// The body of the journey sync API's `POST /api/health/sync`: one day of totals and that day's workouts.
public struct HealthSyncRequest: Sendable, Hashable, Codable {
    /// Where the numbers come from; HealthKit and Google Fit count as device-verified.
    public enum DataSource: String, Sendable, Hashable, Codable, CaseIterable {
        case healthKit = "HEALTHKIT"
        case googleFit = "GOOGLE_FIT"
        case manual = "MANUAL"

        /// How far data from this source is trusted: `MANUAL` is self-reported, the others device-verified.
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

        public init(
            steps: Int? = nil, exerciseMinutes: Int? = nil, sleepMinutes: Int? = nil,
            activeCalories: Double? = nil, proteinLogged: Bool? = nil, workouts: [SyncedWorkout]? = nil
        ) {
            self.steps = steps
            self.exerciseMinutes = exerciseMinutes
            self.sleepMinutes = sleepMinutes
            self.activeCalories = activeCalories
            self.proteinLogged = proteinLogged
            self.workouts = workouts
        }
    }

    /// The request's `rawData`: what the device read, as it read it. The server keeps `healthkit`
    /// with the day (per user, date and source; a later sync of the day with one replaces it)
    /// and returns it in the user's export; it counts toward no total.
    public struct RawData: Sendable, Hashable, Codable {
        /// The most `healthkit` may hold: 64 KiB of its JSON, compact with sorted keys (``RawJSON/text``).
        public static let maximumBytes = 65_536

        /// HealthKit's values as the app read them, a JSON object (the contract names `stepCount`,
        /// `activeEnergyBurned`, `appleExerciseTime`, `sleepAnalysis` with `asleep` and `inBed`,
        /// and `workouts`; any members are kept).
        public var healthkit: [String: RawJSON]?

        public init(healthkit: [String: RawJSON]? = nil) {
            self.healthkit = healthkit
        }
    }

    /// The day (`YYYY-MM-DD`, the user's time zone); nil means the user's today.
    public var date: LocalDate?
    public var source: DataSource
    public var data: Totals
    /// The device's raw reading, kept with the day; nil for none.
    public var rawData: RawData?

    public init(date: LocalDate?, source: DataSource, data: Totals, rawData: RawData? = nil) {
        self.date = date
        self.source = source
        self.data = data
        self.rawData = rawData
    }
}
