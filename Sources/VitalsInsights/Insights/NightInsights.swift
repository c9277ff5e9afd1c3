import VitalsCore

/// What the insights say about the night that ends on a day: sleep score, overnight vitals, readiness.
///
/// The Today card's figures; ``DayInsights`` adds the trends and factor effects.
public struct NightInsights: Sendable, Hashable, Codable {
    /// The day the night ends on.
    public var date: LocalDate
    /// The zone days are counted in.
    public var timeZone: String
    public var sleepScore: Insight<SleepScore>
    public var overnight: OvernightReport
    public var readiness: Insight<Readiness>

    /// The nights read before the day: the bedtime baseline's, the overnight baseline's and
    /// readiness's windows, whichever is longest.
    public static let history = max(SleepScore.bedtimeNights, OvernightReport.window, Readiness.window)
}
