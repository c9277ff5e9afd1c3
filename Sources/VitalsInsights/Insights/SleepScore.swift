import Foundation
import VitalsCore

/// A night's sleep score, 0-100, from duration, bedtime consistency and interruptions.
///
/// The weights are Apple's Sleep Score's (iOS 26 and watchOS 26: duration up to 50 points,
/// bedtime up to 30, interruptions up to 20); Apple does not publish its curves, so these are
/// Vitals' own, written here and in the README:
/// - **duration** `50 × min(asleep, 8 h) / 8 h`: eight hours asleep or more give all 50;
/// - **bedtime** against the median bedtime of the ``bedtimeNights`` nights before (at least
///   ``bedtimeMinimumNights`` of them with sleep): 30 points within 30 minutes of it, none at 2
///   hours or more, linear between; the bedtime is the start of the night's main sleep;
/// - **interruptions** `max(0, 20 − 2 × n − w / 5)` for `n` awakenings of 5 minutes or more in
///   the main sleep, together `w` minutes long.
///
/// A night with less than an hour asleep has no score (Apple asks for an hour of wear too). A
/// part that cannot be computed (no bedtime baseline yet) is missing and the score is scaled from
/// the parts present: `round(100 × points / their maximum)`. Ratings are Apple's bands from iOS
/// 26.2: very low 0-40, low 41-60, OK 61-80, high 81-95, very high 96-100.
public struct SleepScore: Sendable, Hashable, Codable {
    /// The night scored.
    public var date: LocalDate
    /// 0-100.
    public var score: Int
    /// `veryLow`, `low`, `ok`, `high` or `veryHigh`.
    public var rating: String
    /// Duration, bedtime and interruptions, in that order.
    public var parts: [InsightPart]
    /// The night the score was computed from.
    public var night: SleepNight

    /// Eight hours asleep give the duration's full points.
    public static let durationTarget: Double = 8 * 60
    /// Nights before the scored one whose bedtimes make the usual bedtime (Apple uses 13 or 14).
    public static let bedtimeNights = 14
    /// Fewest nights with sleep among those for a bedtime baseline.
    public static let bedtimeMinimumNights = 3
    /// Least asleep time, in minutes, for a score.
    public static let minimumAsleepMinutes: Double = 60

    /// The score of `night` given the nights before it (any order; only the ``bedtimeNights``
    /// days before `night.date` count), or why there is none.
    public static func score(
        _ night: SleepNight?, date: LocalDate, previous: [LocalDate: SleepNight]
    ) -> Insight<
        SleepScore
    > {
        guard let night else { return .missing("no asleep time recorded for the night ending \(date)") }
        guard night.asleepMinutes >= minimumAsleepMinutes else {
            return .missing("less than an hour asleep in the night ending \(date)")
        }
        let parts = [duration(night), bedtime(night, previous: previous), interruptions(night)]
        let present = parts.filter { $0.points != nil }
        let points = present.reduce(0) { $0 + $1.points! }
        let maximum = present.reduce(0) { $0 + $1.maximum }
        let score = Int((100 * points / maximum).rounded(.toNearestOrAwayFromZero))
        return .value(SleepScore(date: date, score: score, rating: rating(score), parts: parts, night: night))
    }

    /// Apple's bands (iOS 26.2) for a score.
    public static func rating(_ score: Int) -> String {
        switch score {
        case ...40: "veryLow"
        case 41...60: "low"
        case 61...80: "ok"
        case 81...95: "high"
        default: "veryHigh"
        }
    }

    static func duration(_ night: SleepNight) -> InsightPart {
        let minutes = night.asleepMinutes
        return InsightPart(
            name: "duration", points: InsightMath.rounded(50 * min(minutes, durationTarget) / durationTarget, 2),
            maximum: 50, value: InsightMath.rounded(minutes), unit: "min")
    }

    static func bedtime(_ night: SleepNight, previous: [LocalDate: SleepNight]) -> InsightPart {
        let bedtimes = (1...bedtimeNights).compactMap { previous[night.date.adding(days: -$0)]?.main }
            .map(\.bedtimeMinutesAfterNoon)
        let value = night.main.bedtimeMinutesAfterNoon
        guard bedtimes.count >= bedtimeMinimumNights, let usual = InsightMath.median(bedtimes) else {
            return InsightPart(
                name: "bedtime", points: nil, maximum: 30, value: InsightMath.rounded(value), unit: "min after noon",
                missing:
                    "the usual bedtime needs \(bedtimeMinimumNights) nights with sleep in the \(bedtimeNights) before; there are \(bedtimes.count)"
            )
        }
        let deviation = abs(value - usual)
        let points = 30 * min(1, max(0, (120 - deviation) / 90))
        return InsightPart(
            name: "bedtime", points: InsightMath.rounded(points, 2), maximum: 30, value: InsightMath.rounded(value),
            unit: "min after noon",
            baseline: Baseline(
                count: bedtimes.count, window: bedtimeNights, center: InsightMath.rounded(usual),
                spread: InsightMath.rounded(deviation),
                method: "median bedtime; spread is this night's distance from it"))
    }

    static func interruptions(_ night: SleepNight) -> InsightPart {
        let count = Double(night.main.awakenings.count)
        let minutes = night.main.awakeSeconds / 60
        return InsightPart(
            name: "interruptions", points: InsightMath.rounded(max(0, 20 - 2 * count - minutes / 5), 2), maximum: 20,
            value: count, unit: "awakenings (\(Int(minutes.rounded())) min awake)")
    }
}
