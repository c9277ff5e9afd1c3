import Foundation
import VitalsCore
import VitalsContract

/// An upsert of one `health_snapshots` row: nil fields leave the stored values alone.
public struct SnapshotPatch: Sendable, Hashable {
    public var date: LocalDate
    public var source: HealthSyncRequest.DataSource
    public var steps: Int?
    public var exerciseMinutes: Int?
    public var standMinutes: Int?
    public var sleepMinutes: Int?
    public var activeCalories: Double?
    public var restingHeartRate: Double?
    public var hrv: Double?
    public var workoutsCount: Int?
    public var sleepQualityScore: Double?
    public var proteinLogged: Bool?
    /// Set `workoutsCount` to the number of the user's stored workouts of this day and source,
    /// counted in the same transaction after the write's workouts are added.
    public var countsStoredWorkouts = false

    public init(date: LocalDate, source: HealthSyncRequest.DataSource) {
        self.date = date
        self.source = source
    }

    /// A patch from seed 003's daily metrics (device data: source HEALTHKIT).
    public init(_ metrics: DailyHealthMetrics, source: HealthSyncRequest.DataSource = .healthKit) {
        self.init(date: metrics.date, source: source)
        steps = metrics.steps
        exerciseMinutes = metrics.activeMinutes
        standMinutes = metrics.standMinutes
        sleepMinutes = metrics.sleepMinutes
        activeCalories = metrics.activeEnergyBurned
        restingHeartRate = metrics.restingHeartRate
        hrv = metrics.hrv
        workoutsCount = metrics.workoutsCount
        sleepQualityScore = metrics.sleepQualityScore
    }
}
