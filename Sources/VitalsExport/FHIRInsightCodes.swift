import Foundation

/// Vitals' own FHIR CodeSystem for the insights no LOINC code covers: the sleep score, readiness and their parts.
///
/// An export with insights writes it as `CodeSystem.ndjson`, so a reader of the export finds each
/// code's definition beside the Observations that use it. Its canonical URL is a fixed `urn:uuid`,
/// which claims no web address.
enum FHIRInsightCodes {
    /// The CodeSystem's canonical URL, the `system` of every code below.
    static let system = "urn:uuid:5d0c8f0e-7a3b-4f0e-9b6c-2f1d8e4a7c31"
    /// Bumped when a definition changes what a code's value means.
    static let version = "1"

    /// One code: its display and definition.
    struct Concept {
        let code: String
        let display: String
        let definition: String
    }

    static let sleepScore = Concept(
        code: "sleep-score", display: "Sleep score",
        definition:
            "0-100 for the night ending on the effective date, from duration (50 points), bedtime consistency (30) "
            + "and interruptions (20), Apple's weights; a missing part is left out and the score scaled to the parts present."
    )
    static let sleepDuration = Concept(
        code: "sleep-score-duration", display: "Sleep score: duration points",
        definition: "50 × min(asleep, 8 h) / 8 h.")
    static let sleepBedtime = Concept(
        code: "sleep-score-bedtime", display: "Sleep score: bedtime points",
        definition:
            "30 within 30 minutes of the median bedtime of the 14 nights before (at least 3), none at 2 hours, linear between."
    )
    static let sleepInterruptions = Concept(
        code: "sleep-score-interruptions", display: "Sleep score: interruptions points",
        definition: "max(0, 20 − 2n − w/5) for n awakenings of 5 minutes or more, w minutes long together.")
    static let readiness = Concept(
        code: "readiness", display: "Readiness",
        definition:
            "0-100: clamp(round(50 + 20 × Σ weight × z)) of HRV (40%), resting heart rate (30%, lower is better) and "
            + "sleep efficiency (30%) against the 28 days before (at least 7); missing inputs re-weight the others.")
    static let readinessHRV = Concept(
        code: "readiness-hrv", display: "Readiness: HRV z-score",
        definition:
            "The night's mean SDNN during the main sleep against the 28-day mean and standard deviation, clipped to ±3."
    )
    static let readinessRestingHeartRate = Concept(
        code: "readiness-resting-heart-rate", display: "Readiness: resting heart rate z-score",
        definition:
            "Resting heart rate of the 24 h before waking against its 28-day baseline, sign turned (lower is better).")
    static let readinessSleepEfficiency = Concept(
        code: "readiness-sleep-efficiency", display: "Readiness: sleep efficiency z-score",
        definition: "Asleep time over time in bed against its 28-day baseline, clipped to ±3.")

    /// Every code, in the CodeSystem's order.
    static let all = [
        sleepScore, sleepDuration, sleepBedtime, sleepInterruptions, readiness, readinessHRV,
        readinessRestingHeartRate, readinessSleepEfficiency,
    ]

    /// The concept of an insight part, by the part's name in ``VitalsInsights/InsightPart``.
    static func part(_ name: String) -> Concept? {
        switch name {
        case "duration": sleepDuration
        case "bedtime": sleepBedtime
        case "interruptions": sleepInterruptions
        case "hrv": readinessHRV
        case "restingHeartRate": readinessRestingHeartRate
        case "sleepEfficiency": readinessSleepEfficiency
        default: nil
        }
    }

    /// The CodeSystem resource, one NDJSON line without its newline.
    static func codeSystemLine() -> [UInt8] {
        var json = JSONBytes(capacity: 4096)
        json.raw("{\"caseSensitive\":true,\"concept\":[")
        for (index, concept) in all.enumerated() {
            if index > 0 { json.comma() }
            json.raw("{\"code\":")
            json.string(concept.code)
            json.raw(",\"definition\":")
            json.string(concept.definition)
            json.raw(",\"display\":")
            json.string(concept.display)
            json.raw("}")
        }
        json.raw("],\"content\":\"complete\",\"count\":")
        json.raw(String(all.count))
        json.raw(
            ",\"description\":\"Vitals' insights: scores computed from a person's samples, with their parts.\","
                + "\"id\":\"vitals-insights\",\"name\":\"VitalsInsights\",\"resourceType\":\"CodeSystem\","
                + "\"status\":\"active\",\"title\":\"Vitals insights\",\"url\":")
        json.string(system)
        json.raw(",\"version\":")
        json.string(version)
        json.raw("}")
        return json.bytes
    }

    /// Writes `{"coding":[…],"text":…}` of a concept.
    static func writeCodeableConcept(_ concept: Concept, to json: inout JSONBytes) {
        json.raw("{\"coding\":[")
        FHIRCoding(system: system, code: concept.code, display: concept.display).write(to: &json)
        json.raw("],\"text\":")
        json.string(concept.display)
        json.raw("}")
    }
}
