import Foundation
import VitalsCore
import VitalsInsights

/// Writes a day's sleep score and readiness as FHIR Observations, one NDJSON line each.
///
/// The code is Vitals' own (``FHIRInsightCodes``): no LOINC code means these scores. The value is
/// the score in UCUM's `{score}`; each part is a component (the sleep score's points, readiness's
/// z-scores, unit `1`), and a part whose input is missing carries a `dataAbsentReason` whose text
/// says why. The effective date is the day (a sleep score's night is the one ending on it). The
/// id and identifier are a UUID made from the patient, the code and the day, so exporting the same
/// day again gives the same resource.
struct FHIRInsightWriter {
    /// The Patient every Observation's `subject` names.
    let patient: PatientDetails

    /// The sleep score's Observation.
    func sleepScore(_ score: SleepScore) -> [UInt8] {
        observation(
            FHIRInsightCodes.sleepScore, date: score.date, value: Double(score.score), interpretation: score.rating,
            parts: score.parts, partValue: \.points, partUnit: ("{score}", "points"))
    }

    /// Readiness's Observation.
    func readiness(_ readiness: Readiness) -> [UInt8] {
        observation(
            FHIRInsightCodes.readiness, date: readiness.date, value: Double(readiness.score), interpretation: nil,
            parts: readiness.parts, partValue: \.zScore, partUnit: ("1", "z-score"))
    }

    private func observation(
        _ concept: FHIRInsightCodes.Concept, date: LocalDate, value: Double, interpretation: String?,
        parts: [InsightPart], partValue: KeyPath<InsightPart, Double?>, partUnit: (code: String, unit: String)
    ) -> [UInt8] {
        var json = JSONBytes(capacity: 2048)
        json.raw("{\"code\":")
        FHIRInsightCodes.writeCodeableConcept(concept, to: &json)
        json.raw(",\"component\":[")
        var first = true
        for part in parts {
            guard let partConcept = FHIRInsightCodes.part(part.name) else { continue }
            if !first { json.comma() }
            first = false
            json.raw("{\"code\":")
            FHIRInsightCodes.writeCodeableConcept(partConcept, to: &json)
            if let number = part[keyPath: partValue], part.missing == nil {
                json.raw(",\"valueQuantity\":")
                Self.writeQuantity(number, code: partUnit.code, unit: partUnit.unit, to: &json)
            } else {
                json.raw(
                    ",\"dataAbsentReason\":{\"coding\":[{\"code\":\"unknown\",\"display\":\"Unknown\","
                        + "\"system\":\"http://terminology.hl7.org/CodeSystem/data-absent-reason\"}],\"text\":")
                json.string(part.missing ?? "no value")
                json.raw("}")
            }
            json.raw("}")
        }
        json.raw("],\"effectiveDateTime\":")
        json.string(date.description)
        let id = Self.id(patient: patient.id, code: concept.code, date: date)
        json.raw(",\"id\":\"")
        json.uuid(id)
        json.raw("\",\"identifier\":[{\"system\":\"urn:ietf:rfc:3986\",\"value\":\"urn:uuid:")
        json.uuid(id)
        json.raw("\"}]")
        if let interpretation {
            json.raw(",\"interpretation\":[{\"text\":")
            json.string(interpretation)
            json.raw("}]")
        }
        json.raw(",\"method\":{\"text\":")
        json.string(concept.definition)
        json.raw("},\"resourceType\":\"Observation\",\"status\":\"final\",\"subject\":{\"reference\":\"Patient/")
        json.raw(patient.id)
        json.raw("\"},\"valueQuantity\":")
        Self.writeQuantity(value, code: "{score}", unit: "score", to: &json)
        json.raw("}")
        return json.bytes
    }

    private static func writeQuantity(_ value: Double, code: String, unit: String, to json: inout JSONBytes) {
        json.raw("{\"code\":")
        json.string(code)
        json.raw(",\"system\":\"http://unitsofmeasure.org\",\"unit\":")
        json.string(unit)
        json.raw(",\"value\":")
        json.number(value)
        json.raw("}")
    }

    /// A UUID (version 8, RFC 9562) from two 64-bit FNV-1a hashes of the patient, code and day.
    static func id(patient: String, code: String, date: LocalDate) -> UUID {
        let text = Array("vitals-insight|\(patient)|\(code)|\(date)".utf8)
        func fnv(_ basis: UInt64) -> UInt64 {
            text.reduce(basis) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
        let high = fnv(0xcbf2_9ce4_8422_2325)
        let low = fnv(0x8422_2325_cbf2_9ce4)
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
