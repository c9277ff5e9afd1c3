import Foundation
import VitalsCore

/// Apple documentation: "HKObjectType". The type of a HealthKit object, named by its identifier.
public class HKObjectType: NSObject {
    /// Apple documentation: "identifier".
    public let identifier: String

    init(identifier: String) {
        self.identifier = identifier
        super.init()
    }

    /// Apple documentation: "quantityType(forIdentifier:)". `nil` for identifiers HealthKit does not know.
    public class func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier) -> HKQuantityType? {
        SampleType(name: identifier.rawValue)?.kind == .quantity ? HKQuantityType(identifier: identifier.rawValue) : nil
    }

    /// Apple documentation: "categoryType(forIdentifier:)". `nil` for identifiers HealthKit does not know.
    public class func categoryType(forIdentifier identifier: HKCategoryTypeIdentifier) -> HKCategoryType? {
        SampleType(name: identifier.rawValue)?.kind == .category ? HKCategoryType(identifier: identifier.rawValue) : nil
    }

    /// Apple documentation: "correlationType(forIdentifier:)". `nil` for identifiers HealthKit does not know.
    public class func correlationType(forIdentifier identifier: HKCorrelationTypeIdentifier) -> HKCorrelationType? {
        SampleType(name: identifier.rawValue)?.kind == .correlation
            ? HKCorrelationType(identifier: identifier.rawValue) : nil
    }

    /// Apple documentation: "workoutType()".
    public class func workoutType() -> HKWorkoutType { HKWorkoutType(identifier: "HKWorkoutTypeIdentifier") }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKObjectType)?.identifier == identifier
    }

    public override var hash: Int { identifier.hashValue }

    public override var description: String { identifier }
}
