import Foundation

/// Apple documentation: "HKQuantity". An amount in a unit.
///
/// Converts with the stand-in's own unit table (``HKUnitDefinition``), never with Vitals' units.
public class HKQuantity: NSObject {
    let value: Double
    let unit: HKUnit

    /// Apple documentation: "init(unit:doubleValue:)".
    public init(unit: HKUnit, doubleValue value: Double) {
        self.value = value
        self.unit = unit
        super.init()
    }

    /// Apple documentation: "doubleValue(for:)". An incompatible unit raises in HealthKit; here it traps.
    public func doubleValue(for unit: HKUnit) -> Double {
        guard let converted = self.unit.definition.convert(value, to: unit.definition) else {
            preconditionFailure(
                "HKQuantity.doubleValue(for:): \(unit.unitString) (\(unit.definition.dimension)) "
                    + "is incompatible with \(self.unit.unitString) (\(self.unit.definition.dimension))")
        }
        return converted
    }

    /// Apple documentation: "is(compatibleWith:)". Whether the units measure the same dimension.
    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        self.unit.definition.isCompatible(with: unit.definition)
    }

    public override var description: String { "\(value) \(unit.unitString)" }
}
