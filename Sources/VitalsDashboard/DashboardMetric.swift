import Foundation
import VitalsCore

/// A daily figure the Trends and Calendar pages chart: a quantity type, mindful minutes or sleep.
///
/// Each figure has one statistic, following the type's aggregation style as `vitals stats` offers
/// it: cumulative types sum, discrete types average (with minimum and maximum), mindful minutes
/// are the union of sessions (`duration`), and sleep is the asleep time of the night (noon to
/// noon, as the Today page counts it) ending on the day.
enum DashboardMetric: Sendable, Hashable {
    case quantity(SampleType)
    case mindful
    case sleep

    /// The figures offered as tabs on the Trends page.
    static let trendPresets: [DashboardMetric] = [
        .quantity(.bodyMass), .quantity(.restingHeartRate), .quantity(.heartRateVariabilitySDNN),
        .quantity(.vo2Max), .quantity(.stepCount), .sleep,
    ]

    /// The figures offered as tabs on the Calendar page.
    static let calendarPresets: [DashboardMetric] = [
        .quantity(.stepCount), .quantity(.activeEnergyBurned), .quantity(.appleExerciseTime), .mindful, .sleep,
        .quantity(.distanceWalkingRunning),
    ]

    /// The figure a URL names: a quantity type's short name or identifier (`stepCount`,
    /// `HKQuantityTypeIdentifierBodyMass`), `mindfulSession` or `sleepAnalysis` (`mindful`, `sleep`).
    /// Throws ``BadParameter`` naming `parameter` for anything else.
    init(parameter text: String, name parameter: String) throws(BadParameter) {
        switch text.lowercased() {
        case "sleep", "sleepanalysis", SampleType.sleepAnalysis.identifier.lowercased(): self = .sleep; return
        case "mindful", "mindfulsession", SampleType.mindfulSession.identifier.lowercased(): self = .mindful; return
        default: break
        }
        guard let type = SampleType(name: text) else {
            throw BadParameter(parameter, "'\(text)' is not a health data type (try stepCount, bodyMass or sleep)")
        }
        guard type.kind == .quantity, type.aggregationStyle != nil else {
            throw BadParameter(
                parameter, "\(type.shortName) has no daily statistics; choose a quantity type, sleep or mindful minutes"
            )
        }
        self = .quantity(type)
    }

    /// The value URLs carry: `stepCount`, `mindfulSession`, `sleepAnalysis`.
    var key: String { sampleType.shortName }

    /// The type read.
    var sampleType: SampleType {
        switch self {
        case .quantity(let type): type
        case .mindful: .mindfulSession
        case .sleep: .sleepAnalysis
        }
    }

    /// The statistics asked for each bucket.
    var options: StatisticsOptions {
        switch self {
        case .quantity(let type): type.aggregationStyle == .cumulative ? .sum : [.average, .minimum, .maximum]
        case .mindful, .sleep: .duration
        }
    }

    /// The statistic shown: the sum, the average or the duration.
    var primary: StatisticsOptions {
        switch self {
        case .quantity(let type): type.aggregationStyle == .cumulative ? .sum : .average
        case .mindful, .sleep: .duration
        }
    }

    /// Whether values add up over time (a total means something): cumulative types, minutes, sleep.
    var isAdditive: Bool { primary != .average }

    /// Whether a day is the night ending that day (noon to noon) rather than midnight to midnight.
    var isNightly: Bool { self == .sleep }

    /// What people read as the figure's name.
    var label: String {
        switch self {
        case .mindful: return "Mindful minutes"
        case .sleep: return "Sleep"
        case .quantity(let type):
            if let known = Self.labels[type.shortName] { return known }
            var words = ""
            for character in type.shortName {
                if character.isUppercase, !words.isEmpty { words += " " }
                words += words.isEmpty ? character.uppercased() : character.lowercased()
            }
            return words
        }
    }

    /// The unit of the values (`data-unit`): the type's canonical unit, minutes for durations.
    var unit: String {
        switch self {
        case .quantity(let type): type.canonicalUnitString ?? ""
        case .mindful, .sleep: "min"
        }
    }

    /// The unit as people read it next to a number.
    var displayUnit: String {
        switch self {
        case .quantity(let type) where type == .stepCount: "steps"
        case .quantity(let type) where type.canonicalUnitString == "count/min": "bpm"
        case .quantity(let type) where type.canonicalUnitString == "count": ""
        case .quantity: unit
        case .mindful, .sleep: ""
        }
    }

    /// `value` as people read it: durations as `7 h 12 min`, numbers with sensible decimals and the unit.
    func display(_ value: Double) -> String {
        guard case .quantity = self else { return DisplayFormat.duration(minutes: value) }
        let number = self.number(value)
        return displayUnit.isEmpty ? number : number + " " + displayUnit
    }

    /// `value` without its unit: counts and beats whole, other values with one or two decimals below 100 and 10.
    func number(_ value: Double) -> String {
        guard case .quantity(let type) = self else { return DisplayFormat.duration(minutes: value) }
        let whole = value == 0 || type.canonicalUnitString == "count" || type.canonicalUnitString == "count/min"
        let digits = whole ? 0 : abs(value) < 10 ? 2 : abs(value) < 100 ? 1 : 0
        return DisplayFormat.number(value, digits: digits)
    }

    /// A short axis label: `12.5k`, `72.4`, `7.5 h`, `45 min`.
    func tick(_ value: Double) -> String {
        guard case .quantity = self else {
            return value >= 120
                ? DisplayFormat.number(value / 60, digits: 1) + " h" : DisplayFormat.number(value) + " min"
        }
        return abs(value) >= 10_000 ? DisplayFormat.number(value / 1000, digits: 1) + "k" : number(value)
    }

    private static let labels = [
        "stepCount": "Steps", "bodyMass": "Weight", "restingHeartRate": "Resting heart rate",
        "heartRateVariabilitySDNN": "Heart rate variability", "vo2Max": "VO2max", "activeEnergyBurned": "Active energy",
        "appleExerciseTime": "Exercise minutes", "distanceWalkingRunning": "Walking and running distance",
        "heartRate": "Heart rate",
    ]
}
