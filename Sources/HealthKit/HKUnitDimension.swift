/// What a unit measures, as integer powers of independent base quantities.
///
/// Two units convert into each other exactly when their dimensions are equal. Energy is
/// mass·length²/time², volume is length³, and so on. The stand-in gives HealthKit's units that
/// are not physical quantities (international units, decibels of sound pressure and hearing
/// level, Apple's effort score) their own axes, so they convert only into themselves.
/// `count` and `%` have no dimension at all.
struct HKUnitDimension: Hashable, Sendable, CustomStringConvertible {
    /// One independent base quantity.
    enum Axis: Int, CaseIterable, Sendable {
        case mass, length, time, temperature, current, luminousIntensity, angle
        case internationalUnit, soundPressureLevel, hearingLevel, effortScore

        /// A short name for messages.
        var name: String {
            switch self {
            case .mass: "mass"
            case .length: "length"
            case .time: "time"
            case .temperature: "temperature"
            case .current: "current"
            case .luminousIntensity: "luminous intensity"
            case .angle: "angle"
            case .internationalUnit: "IU"
            case .soundPressureLevel: "dBASPL"
            case .hearingLevel: "dBHL"
            case .effortScore: "appleEffortScore"
            }
        }
    }

    /// The power of each axis, indexed by `Axis.rawValue`.
    private(set) var powers: [Int]

    /// No dimension: `count`, `%`.
    static let dimensionless = HKUnitDimension([:])

    /// A dimension from the powers of the axes it involves, e.g. `[.mass: 1, .length: 2, .time: -2]`.
    init(_ components: [Axis: Int]) {
        var powers = Array(repeating: 0, count: Axis.allCases.count)
        for (axis, power) in components { powers[axis.rawValue] = power }
        self.powers = powers
    }

    /// The dimension of a product of two units.
    static func * (lhs: HKUnitDimension, rhs: HKUnitDimension) -> HKUnitDimension {
        var result = lhs
        for index in result.powers.indices { result.powers[index] += rhs.powers[index] }
        return result
    }

    /// The dimension of a unit raised to an integer power.
    func raised(to exponent: Int) -> HKUnitDimension {
        var result = self
        for index in result.powers.indices { result.powers[index] *= exponent }
        return result
    }

    /// For example `mass·length^2/time^2`, or `dimensionless`.
    var description: String {
        func side(_ sign: Int) -> String {
            Axis.allCases.compactMap { axis -> String? in
                let power = powers[axis.rawValue] * sign
                guard power > 0 else { return nil }
                return power == 1 ? axis.name : "\(axis.name)^\(power)"
            }.joined(separator: "·")
        }
        let top = side(1), bottom = side(-1)
        if top.isEmpty && bottom.isEmpty { return "dimensionless" }
        return bottom.isEmpty ? top : "\(top.isEmpty ? "1" : top)/\(bottom)"
    }
}
