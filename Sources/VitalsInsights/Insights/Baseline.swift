/// A person's own usual value of an input, from the days or nights before the one scored.
public struct Baseline: Sendable, Hashable, Codable {
    /// How many days or nights with a value the baseline was made from.
    public var count: Int
    /// The days or nights the baseline looked back over.
    public var window: Int
    /// The center: a median or a mean, as `method` says.
    public var center: Double
    /// The spread used: a standard deviation or a half-width of the typical range.
    public var spread: Double
    /// The typical range's bounds, where the input has one.
    public var low: Double?
    public var high: Double?
    /// How center and spread were made (`median`, `mean ± sd`, `median ± 2 × 1.4826 × MAD`).
    public var method: String

    /// Creates a baseline.
    public init(
        count: Int, window: Int, center: Double, spread: Double, low: Double? = nil, high: Double? = nil,
        method: String
    ) {
        self.count = count
        self.window = window
        self.center = center
        self.spread = spread
        self.low = low
        self.high = high
        self.method = method
    }
}

/// Plain statistics the insights' formulas use.
enum InsightMath {
    /// The median of `values` (the mean of the middle two for an even count); nil when empty.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The arithmetic mean; nil when empty.
    static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The sample standard deviation (n − 1); nil below two values.
    static func standardDeviation(_ values: [Double]) -> Double? {
        guard values.count >= 2, let mean = mean(values) else { return nil }
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (squares / Double(values.count - 1)).squareRoot()
    }

    /// The median absolute deviation from the median; nil when empty.
    static func medianAbsoluteDeviation(_ values: [Double]) -> Double? {
        guard let center = median(values) else { return nil }
        return median(values.map { abs($0 - center) })
    }

    /// Pearson's correlation coefficient of paired values; nil below three pairs or without spread.
    static func pearson(_ pairs: [(Double, Double)]) -> Double? {
        guard pairs.count >= 3 else { return nil }
        let n = Double(pairs.count)
        let meanX = pairs.reduce(0) { $0 + $1.0 } / n
        let meanY = pairs.reduce(0) { $0 + $1.1 } / n
        var sxy = 0.0
        var sxx = 0.0
        var syy = 0.0
        for (x, y) in pairs {
            sxy += (x - meanX) * (y - meanY)
            sxx += (x - meanX) * (x - meanX)
            syy += (y - meanY) * (y - meanY)
        }
        guard sxx > 0, syy > 0 else { return nil }
        return sxy / (sxx * syy).squareRoot()
    }

    /// `value` rounded to `places` decimal places.
    static func rounded(_ value: Double, _ places: Int = 1) -> Double {
        let scale = Double.pow10(places)
        return (value * scale).rounded() / scale
    }
}

extension Double {
    fileprivate static func pow10(_ places: Int) -> Double {
        (0..<max(0, places)).reduce(1) { value, _ in value * 10 }
    }
}
