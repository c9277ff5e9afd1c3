import Foundation
import HealthKit
import VitalsCore

/// HealthKit objects to Vitals samples and back; quantities in each type's canonical unit.
enum HealthKitSampleConverter {
    /// The Vitals sample for a HealthKit sample; `source` replaces the object's source revision
    /// (for objects this app just created). `nil` for kinds Vitals does not model.
    static func sample(from object: HKSample, source: Source? = nil) -> Sample? {
        let type = SampleType(identifier: object.sampleType.identifier)
        let content: Sample.Content
        switch object {
        case let quantitySample as HKQuantitySample:
            guard let quantity = canonical(quantitySample.quantity, of: type) else { return nil }
            content = .quantity(quantity)
        case let categorySample as HKCategorySample:
            content = .category(categorySample.value)
        case let workout as HKWorkout:
            content = .workout(details(of: workout))
        case let correlation as HKCorrelation:
            content = .correlation(
                correlation.objects.compactMap { sample(from: $0, source: source) }
                    .sorted { ($0.start, $0.type.identifier) < ($1.start, $1.type.identifier) })
        default:
            return nil
        }
        let revision = source == nil ? object.sourceRevision : nil
        return Sample(
            uuid: object.uuid, type: type, start: object.startDate, end: object.endDate, content: content,
            source: source
                ?? Source(
                    name: revision?.source.name ?? "",
                    bundleIdentifier: revision?.source.bundleIdentifier ?? ""),
            sourceVersion: revision?.version, device: object.device.map(device(from:)),
            metadata: metadata(from: object.metadata))
    }

    /// A quantity in the type's canonical unit, or nil when the type has none or it does not fit.
    static func canonical(_ quantity: HKQuantity, of type: SampleType) -> Quantity? {
        guard let unitString = type.canonicalUnitString, let unit = try? HealthUnit(parsing: unitString) else {
            return nil
        }
        let healthKitUnit = HKUnit(from: unitString)
        guard quantity.is(compatibleWith: healthKitUnit) else { return nil }
        return Quantity(quantity.doubleValue(for: healthKitUnit), unit)
    }

    /// A workout's activity, duration and per-type totals.
    static func details(of workout: HKWorkout) -> Workout {
        let statistics = workout.allStatistics.compactMap { quantityType, values -> WorkoutStatistics? in
            let type = SampleType(identifier: quantityType.identifier)
            guard let unitString = type.canonicalUnitString, let unit = try? HealthUnit(parsing: unitString) else {
                return nil
            }
            let healthKitUnit = HKUnit(from: unitString)
            return WorkoutStatistics(
                type: type, unit: unit, sum: values.sumQuantity()?.doubleValue(for: healthKitUnit),
                average: values.averageQuantity()?.doubleValue(for: healthKitUnit),
                minimum: values.minimumQuantity()?.doubleValue(for: healthKitUnit),
                maximum: values.maximumQuantity()?.doubleValue(for: healthKitUnit))
        }.sorted { $0.type.identifier < $1.type.identifier }
        return Workout(
            activityType: WorkoutActivityType(rawValue: workout.workoutActivityType.rawValue),
            statistics: statistics, duration: workout.duration)
    }

    /// The HealthKit object for a quantity, category or correlation sample (workouts go through a builder).
    static func object(from sample: Sample) throws(VitalsError) -> HKSample {
        let device = sample.device.map(device(from:))
        let metadata = sample.metadata.isEmpty ? nil : metadata(from: sample.metadata)
        switch sample.content {
        case .quantity(let quantity):
            return HKQuantitySample(
                type: try HealthKitTypeMap.quantityType(for: sample.type),
                quantity: HKQuantity(
                    unit: HKUnit(from: quantity.unit.unitString),
                    doubleValue: quantity.value),
                start: sample.start, end: sample.end, device: device, metadata: metadata)
        case .category(let value):
            guard let type = try HealthKitTypeMap.sampleType(for: sample.type) as? HKCategoryType else {
                throw VitalsError(.unknownType, "\(sample.type.identifier) is not a category type")
            }
            return HKCategorySample(
                type: type, value: value, start: sample.start, end: sample.end, device: device,
                metadata: metadata)
        case .correlation(let members):
            guard let type = try HealthKitTypeMap.sampleType(for: sample.type) as? HKCorrelationType else {
                throw VitalsError(.unknownType, "\(sample.type.identifier) is not a correlation type")
            }
            var objects = Set<HKSample>()
            for member in members { objects.insert(try object(from: member)) }
            return HKCorrelation(
                type: type, start: sample.start, end: sample.end, objects: objects, device: device,
                metadata: metadata)
        case .workout:
            throw VitalsError(.invalidInput, "workouts are saved through HKWorkoutBuilder")
        }
    }

    static func device(from device: HKDevice) -> Device {
        Device(
            name: device.name, manufacturer: device.manufacturer, model: device.model,
            hardwareVersion: device.hardwareVersion, firmwareVersion: device.firmwareVersion,
            softwareVersion: device.softwareVersion, localIdentifier: device.localIdentifier,
            udiDeviceIdentifier: device.udiDeviceIdentifier)
    }

    static func device(from device: Device) -> HKDevice {
        HKDevice(
            name: device.name, manufacturer: device.manufacturer, model: device.model,
            hardwareVersion: device.hardwareVersion, firmwareVersion: device.firmwareVersion,
            softwareVersion: device.softwareVersion, localIdentifier: device.localIdentifier,
            udiDeviceIdentifier: device.udiDeviceIdentifier)
    }

    /// Strings, numbers, flags and dates; HealthKit quantities in metadata are left out (their unit is not exposed).
    static func metadata(from metadata: [String: Any]?) -> Metadata {
        var result: Metadata = [:]
        for (key, value) in metadata ?? [:] {
            switch value {
            case let text as String: result[key] = .string(text)
            case let date as Date: result[key] = .date(date)
            case let flag as Bool where type(of: value) == Bool.self: result[key] = .bool(flag)
            case let number as Double: result[key] = .number(number)
            case let number as Int: result[key] = .number(Double(number))
            default: continue
            }
        }
        return result
    }

    static func metadata(from metadata: Metadata) -> [String: Any] {
        var result: [String: Any] = [:]
        for (key, value) in metadata {
            switch value {
            case .string(let text): result[key] = text
            case .number(let number): result[key] = number
            case .bool(let flag): result[key] = flag
            case .date(let date): result[key] = date
            case .quantity(let quantity):
                result[key] = HKQuantity(
                    unit: HKUnit(from: quantity.unit.unitString),
                    doubleValue: quantity.value)
            }
        }
        return result
    }
}
