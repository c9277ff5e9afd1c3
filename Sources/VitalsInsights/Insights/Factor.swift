import VitalsCore

/// Something a person did on a day that may show in the next night's sleep.
///
/// - `alcohol`: days with a logged alcoholic-beverage count above zero, against days with a
///   logged count of zero (NoAlc's "none"); days without an entry are unknown and left out.
/// - `lateWorkout`: days with a workout that starts at or after ``lateWorkoutHour`` local time,
///   against days without one.
/// - `mindfulness`: days with a mindful session, against days without one.
public enum Factor: String, Sendable, Hashable, Codable, CaseIterable {
    case alcohol, lateWorkout, mindfulness

    /// The hour of day from which a workout counts as late.
    public static let lateWorkoutHour = 19

    /// The sample type the factor is read from.
    public var type: SampleType {
        switch self {
        case .alcohol: .numberOfAlcoholicBeverages
        case .lateWorkout: .workout
        case .mindfulness: .mindfulSession
        }
    }
}

/// What a factor's days were followed by: the next night's figure with the factor and without.
///
/// Over the ``window`` days before the day asked about, each day's factor (``Factor``) is paired
/// with the night that ends the next day; the effect is the difference of the two groups' means
/// (`with − without`), reported only with at least ``minimumDays`` days on each side, as
/// Bearable asks. It is an association in the person's own data, not a cause.
public struct FactorEffect: Sendable, Hashable, Codable {
    public var factor: Factor
    /// `sleepScore` or `sleepMinutes`: the next night's figure.
    public var outcome: String
    public var withMean: Double
    public var withCount: Int
    public var withoutMean: Double
    public var withoutCount: Int
    /// `withMean − withoutMean`.
    public var difference: Double

    /// Days looked back over.
    public static let window = 90
    /// Fewest days on each side.
    public static let minimumDays = 3

    /// The effect of `factor` on `outcome` from the factor's days (true, false; missing days
    /// unknown) and the outcome's nights, over the ``window`` days before `date`.
    public static func effect(
        _ factor: Factor, outcome: String, date: LocalDate, factorDays: [LocalDate: Bool],
        outcomes: [LocalDate: Double]
    ) -> Insight<FactorEffect> {
        var with: [Double] = []
        var without: [Double] = []
        for offset in 1...window {
            let day = date.adding(days: -offset)
            guard let present = factorDays[day], let next = outcomes[day.adding(days: 1)] else { continue }
            if present { with.append(next) } else { without.append(next) }
        }
        guard with.count >= minimumDays, without.count >= minimumDays, let withMean = InsightMath.mean(with),
            let withoutMean = InsightMath.mean(without)
        else {
            return .missing(
                "\(factor.rawValue) against \(outcome) needs \(minimumDays) days with it and \(minimumDays) without, "
                    + "each followed by a night with a value, in the \(window) days before \(date); there are \(with.count) and \(without.count)"
            )
        }
        return .value(
            FactorEffect(
                factor: factor, outcome: outcome, withMean: InsightMath.rounded(withMean, 2), withCount: with.count,
                withoutMean: InsightMath.rounded(withoutMean, 2), withoutCount: without.count,
                difference: InsightMath.rounded(withMean - withoutMean, 2)))
    }
}
