import Foundation
import VitalsCore

/// Apple documentation: "HKQuantity". An amount in a unit.
public class HKQuantity: NSObject {
    let quantity: Quantity

    init(quantity: Quantity) {
        self.quantity = quantity
        super.init()
    }

    /// Apple documentation: "init(unit:doubleValue:)".
    public convenience init(unit: HKUnit, doubleValue value: Double) {
        self.init(quantity: Quantity(value, unit.unit))
    }

    /// Apple documentation: "doubleValue(for:)". An incompatible unit raises in HealthKit; here it traps.
    public func doubleValue(for unit: HKUnit) -> Double {
        do {
            return try quantity.doubleValue(for: unit.unit)
        } catch {
            preconditionFailure("HKQuantity.doubleValue(for:): \(unit.unitString) is incompatible with \(quantity.unit)")
        }
    }

    /// Apple documentation: "is(compatibleWith:)".
    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        quantity.isCompatible(with: unit.unit)
    }
}
