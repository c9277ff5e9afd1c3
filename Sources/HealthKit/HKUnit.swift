import Foundation
import VitalsCore

/// Apple documentation: "HKUnit". A unit of measure, parsed from HealthKit's unit strings.
public final class HKUnit: NSObject {
    let unit: HealthUnit

    init(unit: HealthUnit) {
        self.unit = unit
        super.init()
    }

    /// Apple documentation: "init(from:)" (string form). An invalid string raises in HealthKit; here it traps.
    public convenience init(from string: String) {
        let parsed: HealthUnit
        do {
            parsed = try HealthUnit(parsing: string)
        } catch {
            preconditionFailure("HKUnit(from:): '\(string)' is not a unit HealthKit parses")
        }
        self.init(unit: parsed)
    }

    var unitString: String { unit.unitString }

    /// Apple documentation: "count()".
    public class func count() -> Self { Self(unit: .count) }

    /// Apple documentation: "kilocalorie()".
    public class func kilocalorie() -> Self { Self(unit: .kilocalorie) }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKUnit)?.unit == unit
    }

    public override var hash: Int { unit.hashValue }
}
