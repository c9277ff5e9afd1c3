import Foundation

/// Apple documentation: "HKUnit". A unit of measure, parsed from HealthKit's unit strings.
///
/// The stand-in parses and converts with its own table of Apple's documented unit strings
/// (``HKUnitTable``, ``HKUnitParser``), not with Vitals' `HealthUnit`, so the adapter's tests
/// check Vitals' units against an independent implementation.
public final class HKUnit: NSObject {
    let definition: HKUnitDefinition

    init(definition: HKUnitDefinition) {
        self.definition = definition
        super.init()
    }

    /// Apple documentation: "init(from:)" (string form). An invalid string raises in HealthKit; here it traps.
    public convenience init(from string: String) {
        let parsed: HKUnitDefinition
        do {
            parsed = try HKUnitDefinition(parsing: string)
        } catch {
            preconditionFailure("HKUnit(from:): '\(string)' is not a unit HealthKit parses: \(error)")
        }
        self.init(definition: parsed)
    }

    /// Apple documentation: "unitString". A string `init(from:)` parses back to an equal unit.
    public var unitString: String { definition.unitString }

    public override var description: String { definition.unitString }

    /// Apple documentation: "count()".
    public class func count() -> Self { Self(from: "count") }

    /// Apple documentation: "percent()". Values are fractions: 0.5 is 50 %.
    public class func percent() -> Self { Self(from: "%") }

    /// Apple documentation: "kilocalorie()".
    public class func kilocalorie() -> Self { Self(from: "kcal") }

    /// Apple documentation: "second()".
    public class func second() -> Self { Self(from: "s") }

    /// Apple documentation: "minute()".
    public class func minute() -> Self { Self(from: "min") }

    /// Apple documentation: "meter()".
    public class func meter() -> Self { Self(from: "m") }

    /// Apple documentation: "gram()".
    public class func gram() -> Self { Self(from: "g") }

    /// Apple documentation: "unitMultiplied(by:)".
    public func unitMultiplied(by unit: HKUnit) -> HKUnit {
        HKUnit(definition: definition.multiplied(by: unit.definition))
    }

    /// Apple documentation: "unitDivided(by:)".
    public func unitDivided(by unit: HKUnit) -> HKUnit {
        HKUnit(definition: definition.multiplied(by: unit.definition.raised(to: -1)))
    }

    /// Apple documentation: "unitRaised(toPower:)".
    public func unitRaised(toPower power: Int) -> HKUnit {
        HKUnit(definition: definition.raised(to: power))
    }

    /// Apple documentation: "reciprocal()".
    public func reciprocal() -> HKUnit { HKUnit(definition: definition.raised(to: -1)) }

    /// Equal when the canonical unit strings are equal: `mL/(kg*min)` equals `mL/kg·min`.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKUnit)?.definition == definition
    }

    public override var hash: Int { definition.hashValue }
}
