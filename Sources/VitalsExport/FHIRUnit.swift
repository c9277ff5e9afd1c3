import Foundation
import VitalsCore

/// A UCUM unit code and the factor from a HealthKit unit to it (`%` holds fractions: 0.97 is 97 %).
struct FHIRUnit: Sendable, Hashable {
    /// UCUM's code, written as both `code` and `unit` of a Quantity.
    var code: String
    /// What a value in the HealthKit unit is multiplied by.
    var factor: Double

    /// UCUM's system URI.
    static let system = "http://unitsofmeasure.org"

    /// The UCUM unit for a HealthKit unit string: mostly the same text, with UCUM's own spellings
    /// where HealthKit's differ (`mm[Hg]`, `Cel`, `/min`, `h`, `[IU]`).
    static func ucum(_ healthKit: String) -> FHIRUnit {
        switch healthKit {
        case "%": FHIRUnit(code: "%", factor: 100)
        case "count": FHIRUnit(code: "1", factor: 1)
        case "count/min": FHIRUnit(code: "/min", factor: 1)
        case "count/s": FHIRUnit(code: "/s", factor: 1)
        case "degC": FHIRUnit(code: "Cel", factor: 1)
        case "degF": FHIRUnit(code: "[degF]", factor: 1)
        case "mmHg": FHIRUnit(code: "mm[Hg]", factor: 1)
        case "hr": FHIRUnit(code: "h", factor: 1)
        case "IU": FHIRUnit(code: "[IU]", factor: 1)
        case "dBASPL", "dBHL": FHIRUnit(code: "dB", factor: 1)
        case "kcal/hr·kg": FHIRUnit(code: "kcal/(h.kg)", factor: 1)
        case "mL/min·kg": FHIRUnit(code: "mL/(min.kg)", factor: 1)
        case "appleEffortScore": FHIRUnit(code: "{score}", factor: 1)
        default: FHIRUnit(code: healthKit, factor: 1)
        }
    }

    /// Writes `{"code","system","unit","value"}` for `value` given in `unit` (HealthKit's text).
    static func writeQuantity(_ value: Double, unit: String, override: FHIRUnit?, to json: inout JSONBytes) {
        (override ?? ucum(unit)).write(value, to: &json)
    }

    /// Writes `{"code","system","unit","value"}` for `value` given in the HealthKit unit this unit maps.
    func write(_ value: Double, to json: inout JSONBytes) {
        json.raw("{\"code\":")
        json.string(code)
        json.raw(",\"system\":\"http://unitsofmeasure.org\",\"unit\":")
        json.string(code)
        json.raw(",\"value\":")
        json.number(factor == 1 ? value : value * factor)
        json.raw("}")
    }
}
