import Foundation
import VitalsCore

extension DailyMetricsCalculator {
    /// Every sleep-analysis value (in bed, awake, the asleep stages): time in bed is their union.
    static let inBedValues: Set<Int> = Set(SleepAnalysisValue.allCases.map(\.rawValue))

    /// The daily metrics' `sleep_quality_score`: the share of a day's time in bed spent asleep, 0-100.
    ///
    /// `score = round(100 × asleep / inBed)`, a whole number, halves rounded away from zero,
    /// over the same window as `sleep_minutes` (the day, midnight to midnight in the user's zone):
    /// - `asleep` is the union of the asleep intervals (any asleep stage, every source), exactly
    ///   what `sleep_minutes` counts, before rounding;
    /// - `inBed` is the union of every sleep-analysis interval: in bed, awake and asleep. Asleep
    ///   time counts as in bed even where no in-bed sample covers it, so a day without in-bed
    ///   samples (a watch that records stages only) scores asleep / (asleep + awake).
    ///
    /// The day's score is nil when it has no asleep samples (a phone's in-bed-only bedtime data
    /// says nothing about sleep), like `sleep_minutes`, or when `inBed` is zero.
    public static func sleepQualityScore(asleepMinutes: Double, inBedMinutes: Double) -> Double? {
        guard asleepMinutes.isFinite, inBedMinutes.isFinite, asleepMinutes >= 0, inBedMinutes > 0 else { return nil }
        return min(100, (100 * asleepMinutes / inBedMinutes).rounded(.toNearestOrAwayFromZero))
    }
}
