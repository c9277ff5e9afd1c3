import Foundation

/// A parsed unit: table units with powers in canonical order, its dimension and its size.
///
/// - Canonical form: repeated units are merged (`m*m` is `m^2`), zero powers dropped, and the
///   units on each side of `/` sorted by spelling, joined with `·`: `mL/(kg*min)` is
///   `mL/kg·min`. A unit whose parts all cancel (`m/m`) is `count`. Two definitions are equal
///   when their canonical strings are.
/// - Temperature: a lone `degC` or `degF` is an absolute temperature (37 degC is 98.6 degF).
///   Inside a compound unit they are intervals (1 degF = 5/9 K), with no offset.
struct HKUnitDefinition: Hashable, Sendable, CustomStringConvertible {
    /// Merged, sorted, nonzero powers.
    let terms: [HKUnitTerm]
    /// The canonical spelling, which parses back to an equal definition.
    let unitString: String
    let dimension: HKUnitDimension
    /// SI base units in one of this unit.
    let factor: Double
    /// Kelvin at this unit's zero; nonzero only for a lone degC or degF.
    let offset: Double

    /// Parses a unit string.
    init(parsing text: String) throws(HKUnitParser.Failure) {
        self.init(terms: try HKUnitParser.terms(of: text))
    }

    /// A unit from terms in any order.
    init(terms unmerged: [HKUnitTerm]) {
        var merged: [HKUnitTerm] = []
        for term in unmerged {
            if let index = merged.firstIndex(where: { $0.atom.symbol == term.atom.symbol }) {
                merged[index].power += term.power
            } else {
                merged.append(term)
            }
        }
        merged.removeAll { $0.power == 0 }
        if merged.isEmpty, let count = HKUnitTable.named["count"] {
            merged = [HKUnitTerm(atom: count, power: 1)]
        }
        merged.sort { $0.atom.symbol < $1.atom.symbol }
        terms = merged

        var dimension = HKUnitDimension.dimensionless
        var factor = 1.0
        for term in merged {
            dimension = dimension * term.atom.dimension.raised(to: term.power)
            factor *= term.power == 1 ? term.atom.factor : pow(term.atom.factor, Double(term.power))
        }
        self.dimension = dimension
        self.factor = factor
        offset = merged.count == 1 && merged[0].power == 1 ? merged[0].atom.offset : 0
        unitString = Self.spell(merged)
    }

    /// `top/bottom`, each side's units joined with `·`, `1` for an empty top.
    private static func spell(_ terms: [HKUnitTerm]) -> String {
        func side(_ sign: Int) -> String {
            terms.filter { $0.power * sign > 0 }.map { term in
                let power = abs(term.power)
                return power == 1 ? term.atom.symbol : "\(term.atom.symbol)^\(power)"
            }.joined(separator: "·")
        }
        let top = side(1), bottom = side(-1)
        return bottom.isEmpty ? top : "\(top.isEmpty ? "1" : top)/\(bottom)"
    }

    var description: String { unitString }

    static func == (lhs: HKUnitDefinition, rhs: HKUnitDefinition) -> Bool { lhs.unitString == rhs.unitString }

    func hash(into hasher: inout Hasher) { hasher.combine(unitString) }

    /// Whether values convert between the two units: they measure the same dimension.
    func isCompatible(with other: HKUnitDefinition) -> Bool { dimension == other.dimension }

    /// `value` in this unit expressed in `other`; nil when the units are incompatible.
    func convert(_ value: Double, to other: HKUnitDefinition) -> Double? {
        guard isCompatible(with: other) else { return nil }
        if self == other { return value }
        return (value * factor + offset - other.offset) / other.factor
    }

    /// The product of two units.
    func multiplied(by other: HKUnitDefinition) -> HKUnitDefinition {
        HKUnitDefinition(terms: terms + other.terms)
    }

    /// This unit to an integer power; power 0 is `count`.
    func raised(to power: Int) -> HKUnitDefinition {
        HKUnitDefinition(terms: terms.map { HKUnitTerm(atom: $0.atom, power: $0.power * power) })
    }
}
