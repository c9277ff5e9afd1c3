import Foundation

/// A HealthKit unit (`HKUnit`), parsed from HealthKit's unit strings.
///
/// Strings follow `HKUnit(from:)`: SI roots with metric prefixes (`kg`, `mL`, `ms`, `kPa`),
/// HealthKit's named units (`count`, `%`, `lb`, `mi`, `kcal`, `Cal`, `mmHg`, `degF`, `IU`, ...),
/// `mol<g/mol>` for molar amounts (`mmol<180.15588000005408>/L`), multiplication with `·`, `.`
/// or `*`, integer powers with `^`, parentheses, and at most one `/` per level. Multiplication
/// binds first, so everything after `/` is the denominator: `mL/min·kg` is mL/(min·kg).
///
/// - Equality: two units are equal when their canonical ``unitString``s are equal, as in
///   HealthKit. `"mg/dl"` equals `"mg/dL"` and `"ml/(kg*min)"` equals `"mL/min·kg"`, but
///   `"Cal"` is not equal to `"kcal"`. The two are the same size, so ``isCompatible(with:)``
///   is true and ``convert(_:to:)`` returns the value unchanged.
/// - Percent: `%` holds a fraction from 0.0 to 1.0, as in HealthKit. Like `count`, it has no
///   dimension and a scale of 1, so 0.5 `%` converts to 0.5 `count`.
/// - Temperature: a lone `degC`, `degF` or `K` is an absolute temperature (37 degC = 98.6 degF).
///   Inside a compound unit (`degC/min`) degC and degF are intervals (1 degF = 5/9 K). Converting
///   between an absolute temperature and a compound holding degC/degF throws.
/// - Molar amounts: `mol<M>` is a mass, where one mole weighs M grams. So
///   `mmol<180.15588000005408>/L` converts to `mg/dL`.
///
/// Parsed units are cached by their source string. After the first parse, the same string
/// costs one dictionary lookup under a lock.
public struct HealthUnit: Sendable, Hashable, CustomStringConvertible {
    /// The canonical spelling, e.g. `"count/min"`, `"mL/min·kg"`, `"kcal"`.
    ///
    /// Liters are `L`, micro is `mc` (`mcg`), molar masses have 16 significant digits
    /// (`mmol<180.1558800000541>/L`) and products use `·`. Factors on each side of `/` are
    /// sorted with time units first, then alphabetically.
    public let unitString: String
    let info: Info

    /// What the unit measures and how big it is. It is shared between copies, so a
    /// `HealthUnit` is only a string and a reference.
    final class Info: Sendable {
        /// Canonical factors, merged and sorted, no zero exponents.
        let factors: [UnitFactor]
        let dimension: UnitDimension
        /// SI base units per one of this unit.
        let scale: Double
        /// Kelvin offset; nonzero only for a lone degC or degF.
        let offset: Double
        /// A compound unit that holds degC or degF, used as a temperature interval.
        let hasTemperatureInterval: Bool

        init(factors: [UnitFactor]) {
            self.factors = factors
            var dimension = UnitDimension.none
            var scale = 1.0
            for factor in factors {
                dimension = dimension * factor.atom.dimension.raised(to: factor.exponent)
                scale *= factor.exponent == 1 ? factor.atom.scale : pow(factor.atom.scale, Double(factor.exponent))
            }
            self.dimension = dimension
            self.scale = scale
            let alone = factors.count == 1 && factors[0].exponent == 1
            offset = alone ? factors[0].atom.offset : 0
            hasTemperatureInterval = !alone && factors.contains { $0.atom.offset != 0 }
        }
    }

    /// Parses a HealthKit unit string such as `"count/min"`, `"kg"` or `"mL/min·kg"`.
    ///
    /// - Throws: ``VitalsError`` `.invalidUnit`, naming the string, when HealthKit would not
    ///   parse it (`"furlongs"`, `""`, `"kg/"`, `"count/min/"`).
    public init(parsing string: String) throws(VitalsError) {
        if let cached = UnitCache.shared.unit(for: string) {
            self = cached
            return
        }
        var parser = UnitStringParser(string)
        do {
            self.init(factors: try parser.parse())
        } catch {
            throw VitalsError(.invalidUnit, "'\(string)' is not a HealthKit unit string: \(error.text)")
        }
        UnitCache.shared.store(self, for: string)
    }

    /// A unit from factors in any order: merges repeats, drops zero powers, sorts, spells.
    init(factors: [UnitFactor]) {
        var merged: [UnitFactor] = []
        for factor in factors {
            if let index = merged.firstIndex(where: { $0.atom.symbol == factor.atom.symbol }) {
                merged[index].exponent = max(-99, min(99, merged[index].exponent &+ factor.exponent))
            } else {
                merged.append(factor)
            }
        }
        merged.removeAll { $0.exponent == 0 }
        if merged.isEmpty, let count = UnitTables.named["count"] {
            merged = [UnitFactor(atom: count, exponent: 1)]  // m/m is a plain number
        }
        merged.sort { ($0.atom.isTime ? 0 : 1, $0.atom.symbol) < ($1.atom.isTime ? 0 : 1, $1.atom.symbol) }
        func spell(_ side: [UnitFactor]) -> String {
            side.map { abs($0.exponent) == 1 ? $0.atom.symbol : "\($0.atom.symbol)^\(abs($0.exponent))" }
                .joined(separator: "·")
        }
        let top = spell(merged.filter { $0.exponent > 0 })
        let bottom = spell(merged.filter { $0.exponent < 0 })
        unitString = bottom.isEmpty ? top : "\(top.isEmpty ? "1" : top)/\(bottom)"
        info = Info(factors: merged)
    }

    public var description: String { unitString }

    public static func == (lhs: HealthUnit, rhs: HealthUnit) -> Bool { lhs.unitString == rhs.unitString }

    public func hash(into hasher: inout Hasher) { hasher.combine(unitString) }

    /// Whether values in this unit convert to `other` (same dimension, as `HKUnit` compares).
    public func isCompatible(with other: HealthUnit) -> Bool {
        info.dimension == other.info.dimension && !mixesTemperatureKinds(with: other)
    }

    /// Converts `value` from this unit to `other`.
    ///
    /// - Throws: ``VitalsError`` `.incompatibleUnit`, naming both units, when they measure
    ///   different things (kg and m) or mix an absolute temperature with a compound one.
    public func convert(_ value: Double, to other: HealthUnit) throws(VitalsError) -> Double {
        if unitString == other.unitString { return value }
        guard info.dimension == other.info.dimension else {
            throw VitalsError(
                .incompatibleUnit,
                "cannot convert '\(unitString)' (\(info.dimension)) "
                    + "to '\(other.unitString)' (\(other.info.dimension))")
        }
        guard !mixesTemperatureKinds(with: other) else {
            throw VitalsError(
                .incompatibleUnit,
                "cannot convert '\(unitString)' to '\(other.unitString)': "
                    + "one is an absolute temperature and the other a compound unit holding degC or degF")
        }
        let base = value * info.scale + info.offset
        return (base - other.info.offset) / other.info.scale
    }

    private func mixesTemperatureKinds(with other: HealthUnit) -> Bool {
        (info.offset != 0 || other.info.offset != 0)
            && (info.hasTemperatureInterval || other.info.hasTemperatureInterval)
    }

    /// This unit divided by `other` (`HKUnit.unitDivided(by:)`): kg divided by m^2 is `kg/m^2`.
    public func dividedBy(_ other: HealthUnit) -> HealthUnit {
        HealthUnit(factors: info.factors + other.reciprocal().info.factors)
    }

    /// This unit times `other` (`HKUnit.unitMultiplied(by:)`): min times kg is `min·kg`.
    public func multipliedBy(_ other: HealthUnit) -> HealthUnit {
        HealthUnit(factors: info.factors + other.info.factors)
    }

    /// This unit to an integer power (`HKUnit.unitRaised(toPower:)`); power 0 gives `count`.
    public func raisedTo(power: Int) -> HealthUnit {
        HealthUnit(factors: info.factors.map { UnitFactor(atom: $0.atom, exponent: $0.exponent * power) })
    }

    /// One over this unit (`HKUnit.reciprocal()`): the reciprocal of `s` is `1/s`.
    public func reciprocal() -> HealthUnit { raisedTo(power: -1) }
}

extension HealthUnit: Codable {
    /// Decodes a unit from its string; throws ``VitalsError`` `.invalidUnit` if it does not parse.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(parsing: text)
    }

    /// Encodes the unit as its ``unitString``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(unitString)
    }
}

/// Parsed units keyed by the exact string they came from.
private final class UnitCache: Sendable {
    static let shared = UnitCache()
    /// Distinct strings are few in real data (dozens). The cap keeps hostile input from
    /// growing the cache without bound; past it, new strings are parsed every time.
    private let limit = 10_000
    private let storage = Locked<[String: HealthUnit]>([:])

    func unit(for string: String) -> HealthUnit? {
        storage.withLock { $0[string] }
    }

    func store(_ unit: HealthUnit, for string: String) {
        let limit = limit
        storage.withLock { storage in if storage.count < limit { storage[string] = unit } }
    }
}
