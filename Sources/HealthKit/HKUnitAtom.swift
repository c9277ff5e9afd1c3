/// One unit name from the stand-in's table (`kg`, `min`, `mmol<180.15588000005408>`) and its size.
///
/// Sizes are in SI base units: kilogram, meter, second, kelvin, ampere, candela, radian (so a
/// liter is 0.001 m³ and a joule 1 kg·m²/s²). Units on the stand-in's own axes (`IU`, `dBASPL`,
/// `dBHL`, `appleEffortScore`) have size 1.
struct HKUnitAtom: Hashable, Sendable {
    /// The spelling in unit strings, with its metric prefix if any.
    let symbol: String
    /// SI base units in one of this unit.
    let factor: Double
    /// What the unit measures.
    let dimension: HKUnitDimension
    /// Kelvin at this scale's zero (273.15 for degC). Nonzero only for degC and degF, and used
    /// only when the unit stands alone; inside a compound unit they are temperature intervals.
    let offset: Double

    init(_ symbol: String, _ factor: Double, _ dimension: HKUnitDimension, offset: Double = 0) {
        self.symbol = symbol
        self.factor = factor
        self.dimension = dimension
        self.offset = offset
    }

    /// The same unit scaled by a metric prefix: `k` + `g` is `kg`, 1000 times the size.
    func prefixed(_ prefix: String, by multiplier: Double) -> HKUnitAtom {
        HKUnitAtom(prefix + symbol, multiplier * factor, dimension)
    }
}

/// A table unit raised to a nonzero integer power: `s^-2` in `m/s^2`.
struct HKUnitTerm: Hashable, Sendable {
    let atom: HKUnitAtom
    var power: Int
}
