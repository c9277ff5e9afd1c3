/// Four shades for a calendar's values, from the month's or year's lowest to highest value.
///
/// Additive figures shade from zero (a day with 0 minutes is level 0, "none"); discrete ones from
/// their lowest to highest value. Days without data have no level at all.
struct HeatScale: Sendable, Hashable {
    var low: Double
    var high: Double
    /// Whether the scale starts at zero.
    var fromZero: Bool

    /// The scale of `values`, zero-based when `fromZero`.
    init(_ values: [Double], fromZero: Bool) {
        self.fromZero = fromZero
        low = fromZero ? 0 : values.min() ?? 0
        high = values.max() ?? 0
    }

    /// 0 (zero on an additive scale) or 1 to 4.
    func level(_ value: Double) -> Int {
        if fromZero, value <= 0 { return 0 }
        guard high > low else { return 4 }
        let fraction = (value - low) / (high - low)
        return min(4, max(1, Int((fraction * 4).rounded(.up))))
    }

    /// The values each level covers, for the legend: level and its lower and upper bound.
    var bands: [(level: Int, from: Double, to: Double)] {
        let step = (high - low) / 4
        return (1...4).map { ($0, low + step * Double($0 - 1), low + step * Double($0)) }
    }
}
