import Foundation

// The unit-string grammar of `HKUnit(from:)`, as Apple documents it:
//
//     quotient := product ( "/" product )?          -- at most one "/" per level
//     product  := power ( ("." | "*" | "·") power )*  -- multiplication binds first
//     power    := ( atom | "(" quotient ")" ) ( "^" integer )?
//     atom     := "1" | prefix? root | prefix? "mol<" molarMass ">" | named unit
//
// So "mL/min·kg" is mL/(min·kg), and "kg/m/s" is rejected. Prefixes (p n mc/µ m c d da h k M
// G T f) apply to the SI roots g m L Pa s J K S Hz W V lx rad IU, and to mol<g/mol>.

/// Exponents of the base dimensions a unit measures (mass, length, time, ...).
struct UnitDimension: Hashable, Sendable, CustomStringConvertible {
    /// One independent base dimension. Energy, pressure, volume etc. are derived from these.
    enum Axis: Int, CaseIterable {
        case mass, length, time, temperature, current, luminousIntensity, angle
        case internationalUnit, soundPressureLevel, hearingLevel, effortScore
        var name: String {
            [
                "mass", "length", "time", "temperature", "current", "luminous intensity", "angle",
                "IU", "dBASPL", "dBHL", "appleEffortScore",
            ][rawValue]
        }
    }

    var exponents: SIMD16<Int16>

    /// Dimensionless: count, percent.
    static let none = UnitDimension(exponents: .zero)

    init(exponents: SIMD16<Int16>) { self.exponents = exponents }

    /// A product of base dimensions, e.g. `[.mass: 1, .length: 2, .time: -2]` for energy.
    init(_ powers: KeyValuePairs<Axis, Int16>) {
        var exponents = SIMD16<Int16>.zero
        for (axis, power) in powers { exponents[axis.rawValue] = power }
        self.exponents = exponents
    }

    static func * (lhs: UnitDimension, rhs: UnitDimension) -> UnitDimension {
        UnitDimension(exponents: lhs.exponents &+ rhs.exponents)
    }

    func raised(to power: Int) -> UnitDimension {
        UnitDimension(exponents: exponents &* SIMD16<Int16>(repeating: Int16(truncatingIfNeeded: power)))
    }

    var description: String {
        let parts = Axis.allCases.compactMap { axis -> (String, Int16)? in
            let power = exponents[axis.rawValue]
            return power == 0 ? nil : (axis.name, power)
        }
        func side(_ items: [(String, Int16)]) -> String {
            items.map { $0.1 == 1 ? $0.0 : "\($0.0)^\($0.1)" }.joined(separator: "·")
        }
        let top = side(parts.filter { $0.1 > 0 })
        let bottom = side(parts.filter { $0.1 < 0 }.map { ($0.0, -$0.1) })
        if top.isEmpty && bottom.isEmpty { return "dimensionless" }
        return bottom.isEmpty ? top : "\(top.isEmpty ? "1" : top)/\(bottom)"
    }
}

/// One named unit (`kg`, `min`, `mmol<180.1558800000541>`) with its size in SI base units.
struct UnitAtom: Sendable {
    /// Canonical spelling.
    let symbol: String
    /// SI base units per one of this unit (kg, m, s, K, m³ for volume, J = kg·m²/s²).
    let scale: Double
    let dimension: UnitDimension
    /// Added after scaling to reach kelvin; nonzero only for degC and degF.
    let offset: Double

    init(_ symbol: String, _ scale: Double, _ dimension: UnitDimension, offset: Double = 0) {
        self.symbol = symbol
        self.scale = scale
        self.dimension = dimension
        self.offset = offset
    }

    /// Whether the unit measures time (time units sort first, giving "mL/min·kg").
    var isTime: Bool { dimension == UnitDimension([.time: 1]) }
}

/// An atom raised to a nonzero integer power.
struct UnitFactor: Sendable {
    let atom: UnitAtom
    var exponent: Int
}

enum UnitTables {
    static let mass = UnitDimension([.mass: 1])
    static let length = UnitDimension([.length: 1])
    static let time = UnitDimension([.time: 1])
    static let volume = UnitDimension([.length: 3])
    static let energy = UnitDimension([.mass: 1, .length: 2, .time: -2])
    static let power = UnitDimension([.mass: 1, .length: 2, .time: -3])
    static let pressure = UnitDimension([.mass: 1, .length: -1, .time: -2])
    static let temperature = UnitDimension([.temperature: 1])
    static let pascalsPerMillimeterOfMercury = 133.322387415

    /// Units that take no prefix, by every accepted spelling.
    static let named: [String: UnitAtom] = {
        let atoms = [
            UnitAtom("count", 1, .none), UnitAtom("%", 1, .none),
            UnitAtom("oz", 0.028349523125, mass), UnitAtom("lb", 0.45359237, mass),
            UnitAtom("st", 6.35029318, mass),
            UnitAtom("in", 0.0254, length), UnitAtom("ft", 0.3048, length),
            UnitAtom("yd", 0.9144, length), UnitAtom("mi", 1609.344, length),
            UnitAtom("mmHg", pascalsPerMillimeterOfMercury, pressure),
            UnitAtom("inHg", pascalsPerMillimeterOfMercury * 25.4, pressure),
            UnitAtom("cmAq", 98.0665, pressure), UnitAtom("atm", 101_325, pressure),
            UnitAtom("fl_oz_us", 29.5735295625e-6, volume), UnitAtom("fl_oz_imp", 28.4130625e-6, volume),
            UnitAtom("cup_us", 236.5882365e-6, volume), UnitAtom("cup_imp", 284.130625e-6, volume),
            UnitAtom("pt_us", 473.176473e-6, volume), UnitAtom("pt_imp", 568.26125e-6, volume),
            UnitAtom("min", 60, time), UnitAtom("hr", 3600, time), UnitAtom("d", 86_400, time),
            UnitAtom("cal", 4.184, energy), UnitAtom("Cal", 4184, energy), UnitAtom("kcal", 4184, energy),
            UnitAtom("degC", 1, temperature, offset: 273.15),
            UnitAtom("degF", 5.0 / 9.0, temperature, offset: 273.15 - 32 * 5.0 / 9.0),
            UnitAtom("dBASPL", 1, UnitDimension([.soundPressureLevel: 1])),
            UnitAtom("dBHL", 1, UnitDimension([.hearingLevel: 1])),
            UnitAtom("appleEffortScore", 1, UnitDimension([.effortScore: 1])),
            UnitAtom("deg", Double.pi / 180, UnitDimension([.angle: 1])),
        ]
        return Dictionary(uniqueKeysWithValues: atoms.map { ($0.symbol, $0) })
    }()

    /// SI roots that take a metric prefix, by accepted spelling ("l" is an alias of "L").
    static let roots: [String: UnitAtom] = {
        let atoms = [
            UnitAtom("g", 1e-3, mass), UnitAtom("m", 1, length), UnitAtom("L", 1e-3, volume),
            UnitAtom("Pa", 1, pressure), UnitAtom("s", 1, time), UnitAtom("J", 1, energy),
            UnitAtom("K", 1, temperature),
            UnitAtom("S", 1, UnitDimension([.mass: -1, .length: -2, .time: 3, .current: 2])),
            UnitAtom("Hz", 1, UnitDimension([.time: -1])), UnitAtom("W", 1, power),
            UnitAtom("V", 1, UnitDimension([.mass: 1, .length: 2, .time: -3, .current: -1])),
            UnitAtom("lx", 1, UnitDimension([.luminousIntensity: 1, .length: -2])),
            UnitAtom("rad", 1, UnitDimension([.angle: 1])),
            UnitAtom("IU", 1, UnitDimension([.internationalUnit: 1])),
        ]
        var table = Dictionary(uniqueKeysWithValues: atoms.map { ($0.symbol, $0) })
        table["l"] = table["L"]
        return table
    }()

    /// Metric prefixes: accepted spelling, canonical spelling, multiplier. Micro is written "mc".
    static let prefixes: [(text: String, canonical: String, factor: Double)] = [
        ("da", "da", 1e1), ("mc", "mc", 1e-6), ("µ", "mc", 1e-6), ("μ", "mc", 1e-6),
        ("p", "p", 1e-12), ("n", "n", 1e-9), ("m", "m", 1e-3), ("c", "c", 1e-2), ("d", "d", 1e-1),
        ("h", "h", 1e2), ("k", "k", 1e3), ("M", "M", 1e6), ("G", "G", 1e9), ("T", "T", 1e12),
        ("f", "f", 1e-15),
    ]

    /// The atom for one unit name, or a reason it is not one.
    static func atom(_ text: String) -> Result<UnitAtom, UnitReason> {
        if let atom = named[text] { return .success(atom) }
        if let atom = roots[text] { return .success(atom) }
        if let open = text.firstIndex(of: "<") { return molar(text, open: open) }
        for prefix in prefixes where text.hasPrefix(prefix.text) {
            guard let root = roots[String(text.dropFirst(prefix.text.count))] else { continue }
            return .success(UnitAtom(prefix.canonical + root.symbol, prefix.factor * root.scale, root.dimension))
        }
        if text.hasSuffix("mol") {
            return .failure(UnitReason("'\(text)' needs a molar mass, as in mmol<180.15588000005408>"))
        }
        return .failure(UnitReason("'\(text)' is not a unit HealthKit knows"))
    }

    /// `[prefix]mol<grams per mole>`: a mass unit, one mole weighing the given grams.
    private static func molar(_ text: String, open: String.Index) -> Result<UnitAtom, UnitReason> {
        let name = text[..<open]
        let massText = text[text.index(after: open)...].dropLast()
        guard text.hasSuffix(">"), name.hasSuffix("mol"),
            !massText.isEmpty, massText.allSatisfy({ "0123456789.eE+-".contains($0) }),
            let parsed = Double(massText), parsed.isFinite, parsed > 0
        else { return .failure(UnitReason("'\(text)' is not mol<grams per mole> with a positive molar mass")) }
        let prefixText = String(name.dropLast(3))
        let prefix =
            prefixText.isEmpty
            ? (text: "", canonical: "", factor: 1.0)
            : prefixes.first { $0.text == prefixText }
        guard let prefix else { return .failure(UnitReason("'\(prefixText)' is not a metric prefix")) }
        // Canonical molar mass has 16 significant digits, as HealthKit writes it
        // (180.15588000005408 -> "180.1558800000541"); the scale uses that rounded value so
        // equal unit strings always mean equal units.
        let massString = String(format: "%.16g", parsed)
        let gramsPerMole = Double(massString) ?? parsed
        return .success(UnitAtom("\(prefix.canonical)mol<\(massString)>", prefix.factor * gramsPerMole * 1e-3, mass))
    }
}

/// Why a piece of a unit string was rejected (never contains measured values).
struct UnitReason: Error {
    let text: String
    init(_ text: String) { self.text = text }
}

/// A recursive-descent parser over the Unicode scalars of one unit string.
struct UnitStringParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ string: String) { scalars = Array(string.unicodeScalars) }

    /// The factors of the whole string, unmerged and unsorted.
    mutating func parse() throws(UnitReason) -> [UnitFactor] {
        if scalars.isEmpty { throw UnitReason("it is empty") }
        let factors = try quotient()
        if position < scalars.count {
            throw UnitReason(
                scalars[position] == ")"
                    ? "a ')' has no matching '('"
                    : "unexpected '\(scalars[position])' at position \(position)")
        }
        return factors
    }

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private static func isMultiplication(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "." || scalar == "*" || scalar == "·"
    }

    private mutating func quotient() throws(UnitReason) -> [UnitFactor] {
        var factors = try product()
        guard current == "/" else { return factors }
        position += 1
        for var factor in try product() {
            factor.exponent.negate()
            factors.append(factor)
        }
        if current == "/" {
            throw UnitReason("it has a second '/'; HealthKit allows one, e.g. mL/min·kg or mL/(kg*min)")
        }
        return factors
    }

    private mutating func product() throws(UnitReason) -> [UnitFactor] {
        var factors = try power()
        while let scalar = current, Self.isMultiplication(scalar) {
            position += 1
            factors += try power()
        }
        return factors
    }

    private mutating func power() throws(UnitReason) -> [UnitFactor] {
        var factors: [UnitFactor]
        if current == "(" {
            position += 1
            factors = try quotient()
            guard current == ")" else { throw UnitReason("a '(' is not closed") }
            position += 1
        } else {
            factors = try atom()
        }
        guard current == "^" else { return factors }
        position += 1
        let exponent = try integer()
        for index in factors.indices {
            let (power, overflow) = factors[index].exponent.multipliedReportingOverflow(by: exponent)
            guard !overflow, abs(power) <= 99 else { throw UnitReason("a power is larger than 99") }
            factors[index].exponent = power
        }
        return factors
    }

    private mutating func integer() throws(UnitReason) -> Int {
        var text = ""
        if let sign = current, sign == "-" || sign == "+" { text.unicodeScalars.append(sign); position += 1 }
        while let digit = current, ("0"..."9").contains(digit), text.count < 4 {
            text.unicodeScalars.append(digit)
            position += 1
        }
        guard let value = Int(text), value != 0, abs(value) <= 99 else {
            throw UnitReason("'^' must be followed by a nonzero whole power from -99 to 99")
        }
        return value
    }

    private mutating func atom() throws(UnitReason) -> [UnitFactor] {
        var text = ""
        while let scalar = current, !"/*·^()".unicodeScalars.contains(scalar),
            scalar != ".", scalar != ">"
        {
            text.unicodeScalars.append(scalar)
            position += 1
            if scalar == "<" {  // molar mass: digits and '.' up to the closing '>'
                while let inner = current, inner != ">" { text.unicodeScalars.append(inner); position += 1 }
                guard current == ">" else { throw UnitReason("a '<' is not closed by '>'") }
                text += ">"
                position += 1
            }
        }
        if text.isEmpty {
            throw UnitReason(current.map { "a unit is missing before '\($0)'" } ?? "a unit is missing at the end")
        }
        if text == "1" { return [] }
        switch UnitTables.atom(text) {
        case .success(let atom): return [UnitFactor(atom: atom, exponent: 1)]
        case .failure(let reason): throw reason
        }
    }
}
