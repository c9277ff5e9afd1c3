import Foundation
import VitalsCore

/// One FHIR `Coding`: a code in a system, with its display text.
struct FHIRCoding: Sendable, Hashable {
    var system: String
    var code: String
    var display: String

    /// LOINC.
    static let loincSystem = "http://loinc.org"
    /// HealthKit's identifiers, the coding every exported Observation carries.
    static let healthKitSystem = "http://developer.apple.com/documentation/healthkit"
    /// FHIR's observation categories.
    static let categorySystem = "http://terminology.hl7.org/CodeSystem/observation-category"

    static func loinc(_ code: String, _ display: String) -> FHIRCoding {
        FHIRCoding(system: loincSystem, code: code, display: display)
    }

    /// The HealthKit coding of `type`: its identifier, displayed by its short name.
    static func healthKit(_ type: SampleType) -> FHIRCoding {
        FHIRCoding(system: healthKitSystem, code: type.identifier, display: type.shortName)
    }

    static let vitalSigns = FHIRCoding(system: categorySystem, code: "vital-signs", display: "Vital Signs")
    static let activity = FHIRCoding(system: categorySystem, code: "activity", display: "Activity")

    /// Writes the coding as a JSON object, keys sorted.
    func write(to json: inout JSONBytes) {
        json.raw("{\"code\":")
        json.string(code)
        json.raw(",\"display\":")
        json.string(display)
        json.raw(",\"system\":")
        json.string(system)
        json.raw("}")
    }
}

/// How one HealthKit type becomes an Observation code: its standard codings, category and unit.
struct FHIRConcept: Sendable {
    /// LOINC codings, the profile's own code first; empty when no standard code fits.
    var loinc: [FHIRCoding]
    /// The Observation category, when one applies.
    var category: FHIRCoding?
    /// The UCUM unit values are written in and the factor from the type's canonical unit to it,
    /// when they differ from the generic mapping (height in cm for the vital-signs profile).
    var unit: FHIRUnit?

    /// Whether an Observation of this concept carries a standard (LOINC) code.
    var isStandard: Bool { !loinc.isEmpty }

    /// The concept of `type`: the table below, or the HealthKit coding alone.
    static func of(_ type: SampleType) -> FHIRConcept {
        table[type.identifier] ?? FHIRConcept(loinc: [], category: type == .workout ? .activity : nil, unit: nil)
    }

    private static func vital(
        _ code: String, _ display: String, _ unit: FHIRUnit? = nil,
        also extra: [FHIRCoding] = []
    ) -> FHIRConcept {
        FHIRConcept(loinc: [.loinc(code, display)] + extra, category: .vitalSigns, unit: unit)
    }

    private static func plain(
        _ code: String, _ display: String, _ category: FHIRCoding? = nil,
        _ unit: FHIRUnit? = nil
    ) -> FHIRConcept {
        FHIRConcept(loinc: [.loinc(code, display)], category: category, unit: unit)
    }

    /// The blood pressure panel (85354-9) and its members' component codes.
    static let bloodPressurePanel = vital("85354-9", "Blood pressure panel with all children optional")
    static let systolic = vital("8480-6", "Systolic blood pressure")
    static let diastolic = vital("8462-4", "Diastolic blood pressure")
    /// A workout: exercise activity, with its duration as the 55411-3 component.
    static let exerciseDuration = FHIRCoding.loinc("55411-3", "Exercise duration")

    /// Types with a LOINC code. Vital signs follow the HL7 R4 vital-signs profile: its codes
    /// (oxygen saturation 2708-6 with the pulse oximetry 59408-5) and units (cm, kg, Cel, /min, %, kg/m2, mm[Hg]).
    static let table: [String: FHIRConcept] = [
        SampleType.heartRate.identifier: vital("8867-4", "Heart rate"),
        SampleType.respiratoryRate.identifier: vital("9279-1", "Respiratory rate"),
        SampleType.oxygenSaturation.identifier: vital(
            "2708-6", "Oxygen saturation in Arterial blood",
            also: [.loinc("59408-5", "Oxygen saturation in Arterial blood by Pulse oximetry")]),
        SampleType.bodyTemperature.identifier: vital("8310-5", "Body temperature"),
        SampleType.height.identifier: vital("8302-2", "Body height", FHIRUnit(code: "cm", factor: 100)),
        SampleType.bodyMass.identifier: vital("29463-7", "Body weight"),
        SampleType.bodyMassIndex.identifier: vital(
            "39156-5", "Body mass index (BMI) [Ratio]", FHIRUnit(code: "kg/m2", factor: 1)),
        SampleType.bloodPressureSystolic.identifier: systolic,
        SampleType.bloodPressureDiastolic.identifier: diastolic,
        SampleType.bloodPressure.identifier: bloodPressurePanel,
        SampleType.restingHeartRate.identifier: plain("40443-4", "Heart rate --resting"),
        SampleType.heartRateVariabilitySDNN.identifier: plain(
            "80404-7", "R-R interval.standard deviation (Heart rate variability)"),
        SampleType.bodyFatPercentage.identifier: plain("41982-0", "Percentage of body fat Measured"),
        SampleType.waistCircumference.identifier: plain(
            "8280-0", "Waist Circumference at umbilicus by Tape measure", nil, FHIRUnit(code: "cm", factor: 100)),
        SampleType.stepCount.identifier: plain(
            "55423-8", "Number of steps in unspecified time Pedometer", .activity, FHIRUnit(code: "{steps}", factor: 1)),
        SampleType.activeEnergyBurned.identifier: plain("41981-2", "Calories burned", .activity),
        SampleType.dietaryEnergyConsumed.identifier: plain("9052-2", "Calorie intake total"),
        SampleType.bloodGlucose.identifier: plain("2339-0", "Glucose [Mass/volume] in Blood"),
        SampleType.workout.identifier: plain("73985-4", "Exercise activity", .activity),
    ]
}
