/// A day's two scores: the sleep score of the night that ends on it, and readiness.
public struct DayScores: Sendable, Hashable, Codable {
    public var sleepScore: Insight<SleepScore>
    public var readiness: Insight<Readiness>
}
