import VitalsCore

/// A lasting change in a figure's recent average against the year before, as Health's Trends show.
///
/// The recent average is the mean of the daily values of the ``recentDays`` days ending on the
/// day asked about (at least ``minimumRecentDays`` with a value); the reference, the mean of the
/// ``referenceDays`` days before those (at least ``minimumReferenceDays``). The change is a trend
/// (`up` or `down`) when it is at least the figure's ``DailyFigure/trendThreshold`` of the
/// reference and lasting: the mean of the last ``lastingDays`` days (at least half of them with a
/// value) lies on the same side of the reference, at least half that far from it. Otherwise it is
/// `steady`. Days without a value are left out, never read as zero.
public struct Trend: Sendable, Hashable, Codable {
    public var figure: DailyFigure
    /// `up`, `down` or `steady`.
    public var direction: String
    /// The unit of the averages.
    public var unit: String
    /// Mean of the recent days with a value, and how many there were.
    public var recent: Double
    public var recentCount: Int
    /// Mean of the reference days with a value, and how many there were.
    public var reference: Double
    public var referenceCount: Int
    /// Mean of the last ``lastingDays`` days.
    public var lastFourWeeks: Double
    /// `recent − reference`, and as a share of the reference in percent.
    public var change: Double
    public var percent: Double
    /// The recent period's first and last days, and the reference period's.
    public var recentPeriod: ClosedRange<LocalDate>
    public var referencePeriod: ClosedRange<LocalDate>

    public static let recentDays = 90
    public static let referenceDays = 365
    public static let lastingDays = 28
    public static let minimumRecentDays = 45
    public static let minimumReferenceDays = 90

    /// The trend of `figure` on `date` from its daily values, or why there is none.
    public static func trend(_ figure: DailyFigure, date: LocalDate, values: [LocalDate: Double]) -> Insight<Trend> {
        let recentPeriod = date.adding(days: -(recentDays - 1))...date
        let referencePeriod = date.adding(days: -(recentDays + referenceDays - 1))...date.adding(days: -recentDays)
        let recentValues = Self.values(in: recentPeriod, values)
        let referenceValues = Self.values(in: referencePeriod, values)
        let lastingValues = Self.values(in: date.adding(days: -(lastingDays - 1))...date, values)
        guard recentValues.count >= minimumRecentDays, referenceValues.count >= minimumReferenceDays,
            lastingValues.count * 2 >= lastingDays, let recent = InsightMath.mean(recentValues),
            let reference = InsightMath.mean(referenceValues), let lasting = InsightMath.mean(lastingValues),
            reference != 0
        else {
            return .missing(
                "\(figure.rawValue) needs \(minimumRecentDays) days with a value in the last \(recentDays) (has \(recentValues.count)), "
                    + "\(minimumReferenceDays) in the \(referenceDays) before (has \(referenceValues.count)) "
                    + "and \(lastingDays / 2) in the last \(lastingDays) (has \(lastingValues.count))")
        }
        let change = recent - reference
        let share = change / abs(reference)
        let lastingShare = (lasting - reference) / abs(reference)
        var direction = "steady"
        if abs(share) >= figure.trendThreshold, lastingShare.sign == share.sign,
            abs(lastingShare) >= figure.trendThreshold / 2
        {
            direction = change > 0 ? "up" : "down"
        }
        return .value(
            Trend(
                figure: figure, direction: direction, unit: figure.unit.description,
                recent: InsightMath.rounded(recent, 2), recentCount: recentValues.count,
                reference: InsightMath.rounded(reference, 2), referenceCount: referenceValues.count,
                lastFourWeeks: InsightMath.rounded(lasting, 2), change: InsightMath.rounded(change, 2),
                percent: InsightMath.rounded(100 * share, 1), recentPeriod: recentPeriod,
                referencePeriod: referencePeriod))
    }

    private static func values(in days: ClosedRange<LocalDate>, _ values: [LocalDate: Double]) -> [Double] {
        (0...days.lowerBound.days(to: days.upperBound)).compactMap { values[days.lowerBound.adding(days: $0)] }
    }
}
