import VitalsCore

/// A figure with one value a day, as the trends and correlations read it.
///
/// Each is one statistics collection with daily buckets in the reader's calendar: sums for
/// counts and energy, means for rates, and sleep as the minutes asleep of the night ending on
/// the day (noon to noon, the union of every source's asleep stages), as Health counts them.
public enum DailyFigure: String, Sendable, Hashable, Codable, CaseIterable {
    case steps, activeEnergy, exerciseMinutes, restingHeartRate, hrv, sleep, walkingSpeed, weight

    /// The sample type read.
    public var type: SampleType {
        switch self {
        case .steps: .stepCount
        case .activeEnergy: .activeEnergyBurned
        case .exerciseMinutes: .appleExerciseTime
        case .restingHeartRate: .restingHeartRate
        case .hrv: .heartRateVariabilitySDNN
        case .sleep: .sleepAnalysis
        case .walkingSpeed: .walkingSpeed
        case .weight: .bodyMass
        }
    }

    /// The statistic of a day's bucket.
    public var option: StatisticsOptions {
        switch self {
        case .steps, .activeEnergy, .exerciseMinutes: .sum
        case .restingHeartRate, .hrv, .walkingSpeed, .weight: .average
        case .sleep: .duration
        }
    }

    /// The unit values are reported in.
    public var unit: HealthUnit {
        switch self {
        case .steps: .count
        case .activeEnergy: .kilocalorie
        case .exerciseMinutes, .sleep: .minute
        case .restingHeartRate: .countPerMinute
        case .hrv: .millisecond
        case .walkingSpeed: (try? HealthUnit(parsing: "km/hr")) ?? .count
        case .weight: .kilogram
        }
    }

    /// The smallest change of the recent average, as a share of the year before's, that counts
    /// as a trend.
    public var trendThreshold: Double {
        switch self {
        case .steps, .activeEnergy, .exerciseMinutes, .hrv: 0.10
        case .restingHeartRate, .sleep, .walkingSpeed: 0.05
        case .weight: 0.02
        }
    }
}
