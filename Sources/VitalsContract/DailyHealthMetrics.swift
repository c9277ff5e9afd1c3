import Foundation
import VitalsCore

/// One day of health metrics as the daily-metrics API takes them (`POST /api/v1/health/daily`).
///
/// Encoded with the contract's snake_case names; a nil field is left out, which the server
/// reads as "unknown, keep what is stored". Minutes and counts are whole numbers; energy is in
/// kilocalories, heart rate in beats per minute, HRV (SDNN) in milliseconds.
public struct DailyHealthMetrics: Sendable, Hashable, Codable {
    /// The day, in the user's time zone.
    public var date: LocalDate
    public var steps: Int?
    /// Exercise minutes (Apple's exercise ring).
    public var activeMinutes: Int?
    public var standMinutes: Int?
    /// Active energy, kcal.
    public var activeEnergyBurned: Double?
    /// Resting heart rate, bpm (the day's average).
    public var restingHeartRate: Double?
    /// Heart rate variability SDNN, ms (the day's average).
    public var hrv: Double?
    /// Minutes asleep: the union of asleep intervals inside the day.
    public var sleepMinutes: Int?
    /// The share of the day's time in bed spent asleep, 0-100, whole numbers; nil when unknown.
    /// ``DailyMetricsCalculator/sleepQualityScore(asleepMinutes:inBedMinutes:)`` defines it.
    public var sleepQualityScore: Double?
    public var workoutsCount: Int?

    /// A day with every metric unknown.
    public init(date: LocalDate) { self.date = date }

    enum CodingKeys: String, CodingKey {
        case date, steps, hrv
        case activeMinutes = "active_minutes"
        case standMinutes = "stand_minutes"
        case activeEnergyBurned = "active_energy_burned"
        case restingHeartRate = "resting_heart_rate"
        case sleepMinutes = "sleep_minutes"
        case sleepQualityScore = "sleep_quality_score"
        case workoutsCount = "workouts_count"
    }

    /// Whether no metric is known.
    public var isEmpty: Bool {
        steps == nil && activeMinutes == nil && standMinutes == nil && activeEnergyBurned == nil
            && restingHeartRate == nil && hrv == nil && sleepMinutes == nil && sleepQualityScore == nil
            && workoutsCount == nil
    }
}
