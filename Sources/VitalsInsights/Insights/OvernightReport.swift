import VitalsCore

/// Each overnight measurement of a night against the person's typical range.
///
/// A night's value is the mean of the readings taken during its main sleep (heart rate,
/// respiratory rate, blood oxygen in percent), the mean of the wrist temperatures recorded over
/// it, or the night's minutes asleep. The typical range is made from the ``window`` nights
/// before (at least ``minimumNights`` with a value): their median ± max(2 × 1.4826 × MAD, the
/// vital's ``OvernightVital/minimumHalfWidth``). 1.4826 × MAD estimates a standard deviation
/// that one odd night cannot stretch, so "typical" is about the middle 95% of ordinary nights.
/// A value outside is an outlier; like the watch's Vitals app, two or more outliers in one
/// night raise a notice.
public struct OvernightReport: Sendable, Hashable, Codable {
    /// The night (the day it ends on).
    public var date: LocalDate
    /// One entry per vital, in ``OvernightVital`` order.
    public var metrics: [OvernightMetric]
    /// How many are outside their typical range.
    public var outliers: Int
    /// True when two or more are.
    public var notice: Bool

    /// Nights before the one reported that the typical range looks back over.
    public static let window = 28
    /// Fewest nights with a value for a typical range.
    public static let minimumNights = 7

    /// The report of `date` from each vital's values by night.
    public static func report(date: LocalDate, values: [OvernightVital: [LocalDate: Double]]) -> OvernightReport {
        let metrics = OvernightVital.allCases.map { metric($0, date: date, values: values[$0] ?? [:]) }
        let outliers = metrics.filter { $0.direction != nil }.count
        return OvernightReport(date: date, metrics: metrics, outliers: outliers, notice: outliers >= 2)
    }

    static func metric(_ vital: OvernightVital, date: LocalDate, values: [LocalDate: Double]) -> OvernightMetric {
        let history = (1...window).compactMap { values[date.adding(days: -$0)] }
        var metric = OvernightMetric(
            vital: vital, unit: vital.unit, value: values[date].map { InsightMath.rounded($0, 2) })
        guard history.count >= minimumNights, let median = InsightMath.median(history),
            let mad = InsightMath.medianAbsoluteDeviation(history)
        else {
            metric.missing =
                "the typical range is still forming: \(history.count) of \(minimumNights) nights with a value in the \(window) before"
            return metric
        }
        let halfWidth = max(2 * 1.4826 * mad, vital.minimumHalfWidth)
        metric.baseline = Baseline(
            count: history.count, window: window, center: InsightMath.rounded(median, 2),
            spread: InsightMath.rounded(halfWidth, 2), low: InsightMath.rounded(median - halfWidth, 2),
            high: InsightMath.rounded(median + halfWidth, 2), method: "median ± max(2 × 1.4826 × MAD, floor)")
        guard let value = values[date] else {
            metric.missing = "no \(vital.rawValue) reading during the night ending \(date)"
            return metric
        }
        if value > median + halfWidth { metric.direction = "above" }
        if value < median - halfWidth { metric.direction = "below" }
        return metric
    }
}

/// One vital of a night against its typical range.
public struct OvernightMetric: Sendable, Hashable, Codable {
    public var vital: OvernightVital
    public var unit: String
    /// The night's value; nil when it has none.
    public var value: Double?
    /// The typical range it was held against; nil while forming.
    public var baseline: Baseline?
    /// `above` or `below` the typical range when outside it; nil inside or without one.
    public var direction: String?
    /// Why there is no value or no range.
    public var missing: String?
}
