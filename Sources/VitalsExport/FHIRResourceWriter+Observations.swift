import Foundation
import VitalsCore

extension FHIRResourceWriter {
    /// The system of HealthKit's category values (`HKCategoryValueSleepAnalysisAsleepCore`).
    static let categoryValueSystem = "http://developer.apple.com/documentation/healthkit/hkcategoryvalue"
    /// The system of HealthKit's workout activity types (`running`).
    static let activitySystem = "http://developer.apple.com/documentation/healthkit/hkworkoutactivitytype"

    /// Appends the Observation of a quantity or category sample; false for other kinds.
    mutating func sampleObservation(_ sample: Sample, into json: inout JSONBytes) -> Bool {
        let id = sample.uuid
        switch sample.content {
        case .quantity(let quantity):
            let type = typeHead(sample.type)
            let (value, unit) = Self.canonical(quantity, of: sample.type)
            observation(
                id: id, identifiers: CollectionOfOne(sample.uuid), head: type.head, sample: sample, into: &json,
                value: { json in
                    json.raw("\"valueQuantity\":")
                    type.writeQuantity(value, unit: unit, to: &json)
                })
        case .category(let raw):
            let name = CategoryValue.name(for: raw, type: sample.type) ?? String(raw)
            let code = CategoryValue.exportName(for: raw, type: sample.type) ?? String(raw)
            observation(
                id: id, identifiers: CollectionOfOne(sample.uuid), head: typeHead(sample.type).head,
                sample: sample, into: &json,
                value: { json in
                    json.raw("\"valueCodeableConcept\":{\"coding\":[")
                    FHIRCoding(system: Self.categoryValueSystem, code: code, display: name).write(to: &json)
                    json.raw("],\"text\":")
                    json.string(name)
                    json.raw("}")
                })
        case .workout(let workout):
            workoutObservation(sample, workout, id: id, into: &json)
        case .correlation:
            return false
        }
        return true
    }

    /// What Observations of `type` share: the last type's, or resolved now.
    private mutating func typeHead(_ type: SampleType) -> FHIRTypeHead {
        if let last = lastType, last.type == type { return last }
        let resolved = FHIRTypeHead(type: type) { head(concept: $0, healthKit: $1) }
        lastType = resolved
        return resolved
    }

    /// A quantity's value and unit text in its type's canonical unit (stores keep them so; others are converted).
    static func canonical(_ quantity: Quantity, of type: SampleType) -> (Double, String) {
        guard let canonical = type.canonicalUnitString, canonical != quantity.unit.unitString,
            let unit = type.canonicalUnit, let value = try? quantity.doubleValue(for: unit)
        else {
            return (quantity.value, quantity.unit.unitString)
        }
        return (value, canonical)
    }

    /// A workout as an activity Observation: the activity as its value, duration (55411-3), energy and distance as components.
    private mutating func workoutObservation(_ sample: Sample, _ workout: Workout, id: UUID, into json: inout JSONBytes)
    {
        let minutes = (workout.duration ?? sample.duration) / 60
        observation(
            id: id, identifiers: CollectionOfOne(sample.uuid),
            head: head(concept: .of(.workout), healthKit: .healthKit(.workout)), sample: sample, into: &json,
            value: { json in
                json.raw("\"valueCodeableConcept\":{\"coding\":[")
                let name = workout.activityType.name
                FHIRCoding(system: Self.activitySystem, code: name, display: name).write(to: &json)
                json.raw("],\"text\":")
                json.string(name)
                json.raw("}")
            },
            component: { json in
                json.raw("{\"code\":{\"coding\":[")
                FHIRConcept.exerciseDuration.write(to: &json)
                json.raw("],\"text\":\"Exercise duration\"},\"valueQuantity\":")
                FHIRUnit.writeQuantity(minutes, unit: "min", override: nil, to: &json)
                json.raw("}")
                for statistics in workout.statistics {
                    guard let sum = statistics.sum else { continue }
                    json.raw(",{\"code\":")
                    Self.writeCode(concept: .of(statistics.type), healthKit: .healthKit(statistics.type), to: &json)
                    json.raw(",\"valueQuantity\":")
                    FHIRUnit.writeQuantity(
                        sum, unit: statistics.unit.unitString, override: FHIRConcept.of(statistics.type).unit,
                        to: &json)
                    json.raw("}")
                }
            })
    }

    /// A blood pressure panel (85354-9) with systolic (8480-6) and diastolic (8462-4) components.
    ///
    /// `carrier` gives the panel its id, dates, source and device: the correlation when there is one, else the systolic sample.
    mutating func bloodPressurePanel(carrier: Sample, systolic: Sample, diastolic: Sample, into json: inout JSONBytes) {
        var identifiers = [systolic.uuid, diastolic.uuid]
        if carrier.uuid != systolic.uuid { identifiers.insert(carrier.uuid, at: 0) }
        observation(
            id: carrier.uuid, identifiers: identifiers,
            head: head(concept: .bloodPressurePanel, healthKit: .healthKit(.bloodPressure)), sample: carrier,
            into: &json,
            component: { json in
                for (index, member) in [systolic, diastolic].enumerated() {
                    if index > 0 { json.comma() }
                    let concept: FHIRConcept = index == 0 ? .systolic : .diastolic
                    json.raw("{\"code\":")
                    Self.writeCode(concept: concept, healthKit: .healthKit(member.type), to: &json)
                    json.raw(",\"valueQuantity\":")
                    FHIRUnit.writeQuantity(member.quantity?.value ?? 0, unit: "mmHg", override: nil, to: &json)
                    json.raw("}")
                }
            })
    }
}
