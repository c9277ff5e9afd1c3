import Foundation

/// The metrics of one stored day (a `health_snapshots` row's values); nil is unknown.
///
/// One shape for a stored snapshot (``HealthSnapshot``) and a server's upsert of one, whose nil
/// fields leave stored values alone. Energy is in kilocalories, heart rate in beats per minute,
/// HRV (SDNN) in milliseconds.
public struct SnapshotMetrics: Sendable, Hashable, Codable {
    public var steps: Int?
    public var exerciseMinutes: Int?
    public var standMinutes: Int?
    public var sleepMinutes: Int?
    /// Active energy, kcal.
    public var activeCalories: Double?
    public var restingHeartRate: Double?
    public var hrv: Double?
    public var workoutsCount: Int?
    public var sleepQualityScore: Double?
    public var proteinLogged: Bool?

    /// Every metric unknown.
    public init() {}

    /// The metrics of a day record of the daily-metrics API.
    public init(_ metrics: DailyHealthMetrics) {
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
