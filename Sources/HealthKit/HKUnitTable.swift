import Foundation

/// The unit names `HKUnit(from:)` accepts, as Apple's HKUnit documentation lists them, with
/// their sizes from the units' physical definitions.
///
/// - SI units take a metric prefix (`kg`, `mL`, `ms`, `kPa`, `mcg`): `g m L Pa s J K S V Hz W lx
///   rad` and `mol<molar mass>`. Prefixes are `p n mc m c d da h k M G T`, and `f` (femto,
///   `HKMetricPrefix.femto`). Micro is written `mc`.
/// - Other units take none: `count % min hr d lb oz st in ft yd mi mmHg cmAq atm inHg cal kcal Cal
///   degC degF fl_oz_us fl_oz_imp pt_us pt_imp cup_us cup_imp dBASPL dBHL IU deg appleEffortScore`.
/// - `mol<M>` is a mass: one mole weighs `M` grams, so `mmol<180.15588000005408>/L` (glucose)
///   converts to `mg/dL`.
enum HKUnitTable {
    static let mass = HKUnitDimension([.mass: 1])
    static let length = HKUnitDimension([.length: 1])
    static let time = HKUnitDimension([.time: 1])
    static let volume = HKUnitDimension([.length: 3])
    static let energy = HKUnitDimension([.mass: 1, .length: 2, .time: -2])
    static let power = HKUnitDimension([.mass: 1, .length: 2, .time: -3])
    static let pressure = HKUnitDimension([.mass: 1, .length: -1, .time: -2])
    static let temperature = HKUnitDimension([.temperature: 1])

    /// The avoirdupois pound, exactly 0.45359237 kg (international yard and pound, 1959).
    /// Lengths and masses below are exact under the same agreement; US volumes follow from the
    /// 231 in³ gallon (3.785411784 L), imperial ones from the 4.54609 L gallon.
    static let pound = 0.45359237
    /// The international inch, exactly 0.0254 m.
    static let inch = 0.0254
    /// Standard gravity, exactly 9.80665 m/s².
    static let standardGravity = 9.80665
    /// The conventional millimeter of mercury: 13.5951 g/cm³ × standard gravity × 1 mm
    /// (133.322387415 Pa).
    static let millimeterOfMercury = 13_595.1 * standardGravity * 1e-3
    /// The thermochemical calorie, exactly 4.184 J.
    static let calorie = 4.184

    /// Units that take no prefix, by spelling.
    static let named: [String: HKUnitAtom] = {
        let atoms = [
            HKUnitAtom("count", 1, .dimensionless),
            HKUnitAtom("%", 1, .dimensionless),
            HKUnitAtom("lb", pound, mass),
            HKUnitAtom("oz", 0.028349523125, mass),  // 1/16 lb
            HKUnitAtom("st", 6.35029318, mass),  // 14 lb
            HKUnitAtom("in", inch, length),
            HKUnitAtom("ft", 0.3048, length),  // 12 in
            HKUnitAtom("yd", 0.9144, length),  // 3 ft
            HKUnitAtom("mi", 1_609.344, length),  // 5280 ft
            HKUnitAtom("min", 60, time),
            HKUnitAtom("hr", 3_600, time),
            HKUnitAtom("d", 86_400, time),
            HKUnitAtom("mmHg", millimeterOfMercury, pressure),
            HKUnitAtom("inHg", millimeterOfMercury * 25.4, pressure),
            // Conventional centimeter of water: 1000 kg/m³ × standard gravity × 1 cm.
            HKUnitAtom("cmAq", 1_000 * standardGravity * 0.01, pressure),
            HKUnitAtom("atm", 101_325, pressure),
            HKUnitAtom("cal", calorie, energy),
            HKUnitAtom("kcal", calorie * 1_000, energy),
            HKUnitAtom("Cal", calorie * 1_000, energy),
            HKUnitAtom("degC", 1, temperature, offset: 273.15),
            HKUnitAtom("degF", 5.0 / 9.0, temperature, offset: 273.15 - 32 * 5.0 / 9.0),
            HKUnitAtom("fl_oz_us", 29.5735295625e-6, volume),  // 1/128 US gallon
            HKUnitAtom("pt_us", 473.176473e-6, volume),  // 16 US fl oz
            HKUnitAtom("cup_us", 236.5882365e-6, volume),  // 8 US fl oz
            HKUnitAtom("fl_oz_imp", 28.4130625e-6, volume),  // 1/160 imperial gallon
            HKUnitAtom("pt_imp", 568.26125e-6, volume),  // 20 imperial fl oz
            HKUnitAtom("cup_imp", 284.130625e-6, volume),  // 10 imperial fl oz
            HKUnitAtom("deg", Double.pi / 180, HKUnitDimension([.angle: 1])),
            HKUnitAtom("IU", 1, HKUnitDimension([.internationalUnit: 1])),
            HKUnitAtom("dBASPL", 1, HKUnitDimension([.soundPressureLevel: 1])),
            HKUnitAtom("dBHL", 1, HKUnitDimension([.hearingLevel: 1])),
            HKUnitAtom("appleEffortScore", 1, HKUnitDimension([.effortScore: 1])),
        ]
        return Dictionary(uniqueKeysWithValues: atoms.map { ($0.symbol, $0) })
    }()

    /// SI units that take a metric prefix, by spelling (`mol<M>` is handled by ``molar(_:)``).
    static let prefixable: [String: HKUnitAtom] = {
        let atoms = [
            HKUnitAtom("g", 1e-3, mass),
            HKUnitAtom("m", 1, length),
            HKUnitAtom("L", 1e-3, volume),
            HKUnitAtom("Pa", 1, pressure),
            HKUnitAtom("s", 1, time),
            HKUnitAtom("J", 1, energy),
            HKUnitAtom("K", 1, temperature),
            HKUnitAtom("S", 1, HKUnitDimension([.mass: -1, .length: -2, .time: 3, .current: 2])),
            HKUnitAtom("V", 1, HKUnitDimension([.mass: 1, .length: 2, .time: -3, .current: -1])),
            HKUnitAtom("Hz", 1, HKUnitDimension([.time: -1])),
            HKUnitAtom("W", 1, power),
            HKUnitAtom("lx", 1, HKUnitDimension([.luminousIntensity: 1, .length: -2])),
            HKUnitAtom("rad", 1, HKUnitDimension([.angle: 1])),
        ]
        return Dictionary(uniqueKeysWithValues: atoms.map { ($0.symbol, $0) })
    }()

    /// Metric prefixes and their multipliers; two-letter ones first, so `dam` is deca-meter.
    static let prefixes: [(symbol: String, multiplier: Double)] = [
        ("da", 1e1), ("mc", 1e-6), ("f", 1e-15), ("p", 1e-12), ("n", 1e-9), ("m", 1e-3),
        ("c", 1e-2), ("d", 1e-1), ("h", 1e2), ("k", 1e3), ("M", 1e6), ("G", 1e9), ("T", 1e12),
    ]

    /// The unit spelled `text` (one name, no operators), or nil when the table has none.
    static func atom(_ text: String) -> HKUnitAtom? {
        if let atom = named[text] ?? prefixable[text] { return atom }
        if text.hasSuffix(">") { return molar(text) }
        for prefix in prefixes where text.hasPrefix(prefix.symbol) {
            if let root = prefixable[String(text.dropFirst(prefix.symbol.count))] {
                return root.prefixed(prefix.symbol, by: prefix.multiplier)
            }
        }
        return nil
    }

    /// `[prefix]mol<grams per mole>`, a mass; the molar mass is spelled back in Swift's shortest
    /// round-trip form, so `mol<180.15588000005408>` keeps every digit.
    static func molar(_ text: String) -> HKUnitAtom? {
        guard let open = text.firstIndex(of: "<"), text.hasSuffix(">") else { return nil }
        let name = text[..<open]
        let digits = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard name.hasSuffix("mol"), !digits.isEmpty,
            digits.allSatisfy({ $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) }),
            let gramsPerMole = Double(digits), gramsPerMole.isFinite, gramsPerMole > 0
        else { return nil }
        let mole = HKUnitAtom("mol<\(gramsPerMole)>", gramsPerMole * 1e-3, mass)
        let prefixText = String(name.dropLast(3))
        if prefixText.isEmpty { return mole }
        guard let prefix = prefixes.first(where: { $0.symbol == prefixText }) else { return nil }
        return mole.prefixed(prefix.symbol, by: prefix.multiplier)
    }
}
