/// Reads an `HKUnit(from:)` unit string into table units raised to integer powers.
///
/// The grammar uses the operators Apple documents for unit strings: multiplication (`*` or `.`,
/// and `·` as `unitString` writes it), division (`/`), integer powers (`^`) and parentheses:
///
///     quotient := product ( "/" product )?
///     product  := power ( ( "*" | "." | "·" ) power )*
///     power    := ( name | "(" quotient ")" ) ( "^" integer )?
///     name     := "1" | a unit of ``HKUnitTable``
///
/// Multiplication binds tighter than division, so everything after the `/` is the denominator:
/// `mL/kg·min` is mL/(kg·min), as HealthKit spells VO2 max. A second `/` on one level is
/// rejected as ambiguous (`kg/m/s`); write `kg/(m*s)`. `1` stands for no unit (`1/s`).
struct HKUnitParser {
    /// Why a string is not a unit string.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Powers beyond this are rejected; no health unit comes near it.
    static let largestPower = 99

    private let scalars: [Unicode.Scalar]
    private var position = 0

    private init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// The terms of `text`, unmerged, in the order they appear.
    static func terms(of text: String) throws(Failure) -> [HKUnitTerm] {
        var parser = HKUnitParser(text)
        guard !parser.scalars.isEmpty else { throw Failure(description: "the string is empty") }
        let terms = try parser.quotient()
        if let extra = parser.current {
            throw Failure(
                description: extra == ")"
                    ? "a ')' has no matching '('"
                    : "unexpected '\(extra)' at offset \(parser.position)")
        }
        return terms
    }

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private static func isMultiplication(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "*" || scalar == "." || scalar == "·"
    }

    /// Characters that end a unit name.
    private static func isOperator(_ scalar: Unicode.Scalar) -> Bool {
        isMultiplication(scalar) || "/^()".unicodeScalars.contains(scalar)
    }

    private mutating func quotient() throws(Failure) -> [HKUnitTerm] {
        var terms = try product()
        guard current == "/" else { return terms }
        position += 1
        terms += try product().map { HKUnitTerm(atom: $0.atom, power: -$0.power) }
        if current == "/" { throw Failure(description: "a second '/' is ambiguous; group with parentheses") }
        return terms
    }

    private mutating func product() throws(Failure) -> [HKUnitTerm] {
        var terms = try power()
        while let scalar = current, Self.isMultiplication(scalar) {
            position += 1
            terms += try power()
        }
        return terms
    }

    private mutating func power() throws(Failure) -> [HKUnitTerm] {
        var terms: [HKUnitTerm]
        if current == "(" {
            position += 1
            terms = try quotient()
            guard current == ")" else { throw Failure(description: "a '(' is not closed") }
            position += 1
        } else {
            terms = try name()
        }
        guard current == "^" else { return terms }
        position += 1
        let exponent = try integer()
        for index in terms.indices {
            terms[index].power *= exponent
            guard abs(terms[index].power) <= Self.largestPower else {
                throw Failure(description: "a power is larger than \(Self.largestPower)")
            }
        }
        return terms
    }

    private mutating func integer() throws(Failure) -> Int {
        var text = ""
        if current == "-" || current == "+", let sign = current {
            text.unicodeScalars.append(sign)
            position += 1
        }
        while let digit = current, ("0"..."9").contains(digit), text.count <= 3 {
            text.unicodeScalars.append(digit)
            position += 1
        }
        guard let value = Int(text), abs(value) <= Self.largestPower else {
            throw Failure(description: "'^' needs a whole power from -\(Self.largestPower) to \(Self.largestPower)")
        }
        return value
    }

    /// One unit name; a molar mass in `<...>` may hold `.`, which is not multiplication there.
    private mutating func name() throws(Failure) -> [HKUnitTerm] {
        var text = ""
        while let scalar = current, !Self.isOperator(scalar) {
            text.unicodeScalars.append(scalar)
            position += 1
            if scalar == "<" {
                while let inner = current, inner != ">" {
                    text.unicodeScalars.append(inner)
                    position += 1
                }
                guard current == ">" else { throw Failure(description: "a '<' is not closed by '>'") }
                text += ">"
                position += 1
            }
        }
        guard !text.isEmpty else {
            throw Failure(
                description: current.map { "a unit is missing before '\($0)'" } ?? "a unit is missing at the end")
        }
        if text == "1" { return [] }
        guard let atom = HKUnitTable.atom(text) else {
            throw Failure(description: "'\(text)' is not a HealthKit unit")
        }
        return [HKUnitTerm(atom: atom, power: 1)]
    }
}
