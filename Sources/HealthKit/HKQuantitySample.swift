import Foundation
import VitalsCore

/// Apple documentation: "HKQuantitySample". A sample holding one quantity.
public class HKQuantitySample: HKSample {
    /// Apple documentation: "quantity".
    public let quantity: HKQuantity
    let quantityType: HKQuantityType

    init(
        quantityType: HKQuantityType, quantity: HKQuantity, start: Date, end: Date, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        if let canonical = HKStatistics.canonicalUnit(of: quantityType) {
            precondition(
                quantity.is(compatibleWith: canonical),
                "HKQuantitySample: the quantity's unit is incompatible with \(quantityType.identifier)")
        }
        self.quantity = quantity
        self.quantityType = quantityType
        super.init(type: quantityType, start: start, end: end, device: device, metadata: metadata)
    }

    /// Apple documentation: "init(type:quantity:start:end:device:metadata:)".
    public convenience init(
        type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date,
        end endDate: Date, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(
            quantityType: quantityType, quantity: quantity, start: startDate, end: endDate, device: device,
            metadata: metadata)
    }
}
