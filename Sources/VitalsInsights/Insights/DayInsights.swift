import VitalsCore

/// Everything the insights say about one day, each figure with its working or why it is missing.
public struct DayInsights: Sendable, Hashable, Codable {
    /// The day (a night's figures are the night that ends on it).
    public var date: LocalDate
    /// The zone days are counted in.
    public var timeZone: String
    public var sleepScore: Insight<SleepScore>
    public var overnight: OvernightReport
    public var readiness: Insight<Readiness>
    /// Every daily figure's trend, by figure.
    public var trends: [DailyFigure: Insight<Trend>]
    /// Each factor's effect on the next night's sleep score and minutes asleep.
    public var factors: [Factor: [String: Insight<FactorEffect>]]

    /// The trends that are `up` or `down`, in ``DailyFigure`` order.
    public var trendNotices: [Trend] {
        DailyFigure.allCases.compactMap { trends[$0]?.value }.filter { $0.direction != "steady" }
    }
}

extension DailyFigure: CodingKeyRepresentable {}
extension Factor: CodingKeyRepresentable {}
