import Foundation
import VitalsCore

/// What every Observation of one type shares, resolved once per type rather than per sample: its
/// concept, its `category` and `code` text, and the UCUM unit of values in the type's canonical unit.
struct FHIRTypeHead {
    let type: SampleType
    let concept: FHIRConcept
    /// `"category":[…],"code":{…}` (``FHIRResourceWriter/head(concept:healthKit:)``).
    let head: [UInt8]
    /// The type's canonical unit (HealthKit's text) and the UCUM unit its values are written in.
    let canonicalUnit: String?
    let ucum: FHIRUnit?

    init(type: SampleType, head: (FHIRConcept, FHIRCoding) -> [UInt8]) {
        let concept = FHIRConcept.of(type)
        self.type = type
        self.concept = concept
        self.head = head(concept, .healthKit(type))
        canonicalUnit = type.canonicalUnitString
        ucum = type.canonicalUnitString.map { concept.unit ?? FHIRUnit.ucum($0) }
    }

    /// Writes a Quantity of `value` in `unit` (HealthKit's text): the cached UCUM unit when it is the canonical one.
    func writeQuantity(_ value: Double, unit: String, to json: inout JSONBytes) {
        if let ucum, unit == canonicalUnit {
            ucum.write(value, to: &json)
        } else {
            FHIRUnit.writeQuantity(value, unit: unit, override: concept.unit, to: &json)
        }
    }
}
