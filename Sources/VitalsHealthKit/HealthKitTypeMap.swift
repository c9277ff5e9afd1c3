import Foundation
import HealthKit
import VitalsCore

/// Vitals' `SampleType` to HealthKit's object types, through HealthKit's own failable factories.
enum HealthKitTypeMap {
    /// The HealthKit sample type with the same identifier; throws for types HealthKit does not know.
    static func sampleType(for type: SampleType) throws(VitalsError) -> HKSampleType {
        let found: HKSampleType?
        switch type.kind {
        case .quantity:
            found = HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: type.identifier))
        case .category:
            found = HKObjectType.categoryType(forIdentifier: HKCategoryTypeIdentifier(rawValue: type.identifier))
        case .correlation:
            found = HKObjectType.correlationType(forIdentifier: HKCorrelationTypeIdentifier(rawValue: type.identifier))
        case .workout: found = HKObjectType.workoutType()
        case .characteristic, .other: found = nil
        }
        guard let found else {
            throw VitalsError(
                .unknownType, "\(type.identifier) is not a HealthKit sample type",
                at: InputLocation(field: "type"))
        }
        return found
    }

    /// The HealthKit quantity type with the same identifier.
    static func quantityType(for type: SampleType) throws(VitalsError) -> HKQuantityType {
        guard type.kind == .quantity,
            let found = HKObjectType.quantityType(
                forIdentifier: HKQuantityTypeIdentifier(rawValue: type.identifier))
        else {
            throw VitalsError(
                .unknownType, "\(type.identifier) is not a HealthKit quantity type",
                at: InputLocation(field: "type"))
        }
        return found
    }

    /// Types HealthKit can authorize: correlations are refused (ask for their member types instead).
    static func authorizable(_ types: Set<SampleType>) throws(VitalsError) -> [HKSampleType] {
        var mapped: [HKSampleType] = []
        for type in types.sorted(by: { $0.identifier < $1.identifier }) {
            guard type.kind != .correlation else {
                throw VitalsError(
                    .unknownType,
                    "HealthKit does not authorize correlation types such as "
                        + "\(type.shortName); request their member types", at: InputLocation(field: "type"))
            }
            mapped.append(try sampleType(for: type))
        }
        return mapped
    }
}
