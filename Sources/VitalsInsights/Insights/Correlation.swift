import VitalsCore

/// Two daily figures side by side: Pearson's r over the days both have a value.
///
/// With `lag` 1 the second figure is taken the day after the first (steps on a day against the
/// night that ends the next morning: for sleep that is the night after the day). Days missing
/// either value are left out; with fewer than ``minimumPairs`` pairs there is no r.
public struct Correlation: Sendable, Hashable, Codable {
    public var x: DailyFigure
    public var y: DailyFigure
    public var lag: Int
    /// Pearson's correlation coefficient, −1 to 1.
    public var r: Double
    /// How many day pairs it was computed from.
    public var n: Int
    /// The pairs, oldest first: the x day, x, y.
    public var points: [Point]

    /// A day's pair.
    public struct Point: Sendable, Hashable, Codable {
        public var date: LocalDate
        public var x: Double
        public var y: Double
    }

    /// Fewest day pairs for an r.
    public static let minimumPairs = 10

    /// The correlation of `x` and `y` (lagged by `lag` days) over the x days in `days`.
    public static func correlation(
        _ x: DailyFigure, _ y: DailyFigure, lag: Int, days: ClosedRange<LocalDate>, xValues: [LocalDate: Double],
        yValues: [LocalDate: Double]
    ) -> Insight<Correlation> {
        var points: [Point] = []
        for offset in 0...days.lowerBound.days(to: days.upperBound) {
            let day = days.lowerBound.adding(days: offset)
            guard let first = xValues[day], let second = yValues[day.adding(days: lag)] else { continue }
            points.append(Point(date: day, x: first, y: second))
        }
        guard points.count >= minimumPairs, let r = InsightMath.pearson(points.map { ($0.x, $0.y) }) else {
            return .missing(
                "\(x.rawValue) against \(y.rawValue) needs \(minimumPairs) days with both values and some spread in each; there are \(points.count)"
            )
        }
        return .value(Correlation(x: x, y: y, lag: lag, r: InsightMath.rounded(r, 3), n: points.count, points: points))
    }
}
