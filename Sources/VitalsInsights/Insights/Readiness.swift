import VitalsCore

/// A day's readiness, 0-100: last night's HRV, resting heart rate and sleep against a 28-day baseline.
///
/// After open-wearables' proposed recovery score: each input's z-score against the mean and
/// sample standard deviation of the ``window`` days before (at least ``minimumDays`` with a
/// value; the deviation is floored so a very steady baseline cannot turn a small change into a
/// large z), clipped to ±3, resting heart rate's sign turned so that lower is better; weights
/// HRV 40%, resting heart rate 30%, sleep efficiency 30%. A missing input is left out and the
/// others' weights are scaled up to sum to 1; with fewer than two inputs there is no readiness.
/// `score = clamp(round(50 + 20 × Σ weight × z), 0, 100)`: 50 is a usual day, each standard
/// deviation of the weighted sum is 20 points. A part's `points` is its weight × z, `maximum`
/// its weight after scaling.
///
/// Inputs of the day `D`, from the night ending on `D` (``SleepNight``): HRV is the mean of the
/// SDNN readings during the main sleep, resting heart rate the mean of the readings that start
/// in the 24 hours before the main sleep's end, sleep efficiency the night's asleep time over
/// its time in bed (percent).
public struct Readiness: Sendable, Hashable, Codable {
    public var date: LocalDate
    public var score: Int
    /// `hrv`, `restingHeartRate`, `sleepEfficiency`, in that order.
    public var parts: [InsightPart]

    /// Days before the one scored the baseline looks back over.
    public static let window = 28
    /// Fewest days with a value for an input's baseline.
    public static let minimumDays = 7

    /// One input: its name, weight, unit, whether lower is better, the deviation's floor.
    struct Input {
        let name: String
        let weight: Double
        let unit: String
        let lowerIsBetter: Bool
        let minimumDeviation: Double
    }

    static let inputs = [
        Input(name: "hrv", weight: 0.4, unit: "ms", lowerIsBetter: false, minimumDeviation: 3),
        Input(name: "restingHeartRate", weight: 0.3, unit: "count/min", lowerIsBetter: true, minimumDeviation: 1),
        Input(name: "sleepEfficiency", weight: 0.3, unit: "%", lowerIsBetter: false, minimumDeviation: 2),
    ]

    /// The readiness of `date` from each input's values by day, or why there is none.
    public static func readiness(
        date: LocalDate, hrv: [LocalDate: Double], restingHeartRate: [LocalDate: Double],
        sleepEfficiency: [LocalDate: Double]
    ) -> Insight<Readiness> {
        let series = [hrv, restingHeartRate, sleepEfficiency]
        var parts: [InsightPart] = []
        var zScores: [Double?] = []
        for (input, values) in zip(inputs, series) {
            let (part, z) = Self.part(input, date: date, values: values)
            parts.append(part)
            zScores.append(z)
        }
        let present = zip(inputs, zScores).filter { $0.1 != nil }
        guard present.count >= 2 else {
            let reasons = parts.compactMap { part in part.missing.map { "\(part.name): \($0)" } }
            return .missing(
                "readiness needs two of HRV, resting heart rate and sleep efficiency; "
                    + reasons.joined(separator: "; "))
        }
        let total = present.reduce(0) { $0 + $1.0.weight }
        var sum = 0.0
        for index in parts.indices {
            guard let z = zScores[index] else { continue }
            let weight = inputs[index].weight / total
            sum += weight * z
            parts[index].maximum = InsightMath.rounded(weight, 3)
            parts[index].points = InsightMath.rounded(weight * z, 3)
        }
        let score = Int(min(100, max(0, (50 + 20 * sum).rounded(.toNearestOrAwayFromZero))))
        return .value(Readiness(date: date, score: score, parts: parts))
    }

    static func part(_ input: Input, date: LocalDate, values: [LocalDate: Double]) -> (InsightPart, Double?) {
        let history = (1...window).compactMap { values[date.adding(days: -$0)] }
        var part = InsightPart(
            name: input.name, points: nil, maximum: input.weight,
            value: values[date].map { InsightMath.rounded($0, 2) }, unit: input.unit)
        guard history.count >= minimumDays, let mean = InsightMath.mean(history),
            let deviation = InsightMath.standardDeviation(history)
        else {
            part.missing =
                "the baseline is still forming: \(history.count) of \(minimumDays) days with a value in the \(window) before"
            return (part, nil)
        }
        let spread = max(deviation, input.minimumDeviation)
        part.baseline = Baseline(
            count: history.count, window: window, center: InsightMath.rounded(mean, 2),
            spread: InsightMath.rounded(spread, 2), method: "mean ± sample standard deviation (floored)")
        guard let value = values[date] else {
            part.missing = "no reading for \(date)"
            return (part, nil)
        }
        let raw = (value - mean) / spread
        let z = min(3, max(-3, input.lowerIsBetter ? -raw : raw))
        part.zScore = InsightMath.rounded(z, 3)
        return (part, z)
    }
}
