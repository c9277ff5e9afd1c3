import Foundation
import Testing

@testable import VitalsCore

/// A catalog entry as HealthKit defines it: identifier, kind, aggregation style, canonical unit.
struct CatalogExpectation: Sendable, CustomTestStringConvertible {
    let type: SampleType
    let identifier: String
    let kind: SampleKind
    let style: AggregationStyle?
    let unit: String?

    init(
        _ type: SampleType, _ identifier: String, _ kind: SampleKind = .quantity,
        _ style: AggregationStyle? = nil, _ unit: String? = nil
    ) {
        self.type = type
        self.identifier = identifier
        self.kind = kind
        self.style = style
        self.unit = unit
    }

    var testDescription: String { identifier }
}

/// The types the seeds use, plus a spread of styles and units.
private let catalogExpectations: [CatalogExpectation] = [
    CatalogExpectation(.stepCount, "HKQuantityTypeIdentifierStepCount", .quantity, .cumulative, "count"),
    CatalogExpectation(
        .activeEnergyBurned, "HKQuantityTypeIdentifierActiveEnergyBurned",
        .quantity, .cumulative, "kcal"),
    CatalogExpectation(.basalEnergyBurned, "HKQuantityTypeIdentifierBasalEnergyBurned", .quantity, .cumulative, "kcal"),
    CatalogExpectation(.appleExerciseTime, "HKQuantityTypeIdentifierAppleExerciseTime", .quantity, .cumulative, "min"),
    CatalogExpectation(.appleStandTime, "HKQuantityTypeIdentifierAppleStandTime", .quantity, .cumulative, "min"),
    CatalogExpectation(
        .restingHeartRate, "HKQuantityTypeIdentifierRestingHeartRate",
        .quantity, .discreteArithmetic, "count/min"),
    CatalogExpectation(
        .heartRate, "HKQuantityTypeIdentifierHeartRate",
        .quantity, .discreteTemporallyWeighted, "count/min"),
    CatalogExpectation(
        .heartRateVariabilitySDNN, "HKQuantityTypeIdentifierHeartRateVariabilitySDNN",
        .quantity, .discreteArithmetic, "ms"),
    CatalogExpectation(.bodyMass, "HKQuantityTypeIdentifierBodyMass", .quantity, .discreteArithmetic, "kg"),
    CatalogExpectation(
        .dietaryEnergyConsumed, "HKQuantityTypeIdentifierDietaryEnergyConsumed",
        .quantity, .cumulative, "kcal"),
    CatalogExpectation(.dietaryProtein, "HKQuantityTypeIdentifierDietaryProtein", .quantity, .cumulative, "g"),
    CatalogExpectation(
        .dietaryCarbohydrates, "HKQuantityTypeIdentifierDietaryCarbohydrates",
        .quantity, .cumulative, "g"),
    CatalogExpectation(.dietaryFatTotal, "HKQuantityTypeIdentifierDietaryFatTotal", .quantity, .cumulative, "g"),
    CatalogExpectation(.dietaryVitaminC, "HKQuantityTypeIdentifierDietaryVitaminC", .quantity, .cumulative, "g"),
    CatalogExpectation(.dietaryWater, "HKQuantityTypeIdentifierDietaryWater", .quantity, .cumulative, "mL"),
    CatalogExpectation(
        .numberOfAlcoholicBeverages, "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages",
        .quantity, .cumulative, "count"),
    CatalogExpectation(
        .distanceWalkingRunning, "HKQuantityTypeIdentifierDistanceWalkingRunning",
        .quantity, .cumulative, "m"),
    CatalogExpectation(.flightsClimbed, "HKQuantityTypeIdentifierFlightsClimbed", .quantity, .cumulative, "count"),
    CatalogExpectation(.bloodGlucose, "HKQuantityTypeIdentifierBloodGlucose", .quantity, .discreteArithmetic, "mg/dL"),
    CatalogExpectation(
        .oxygenSaturation, "HKQuantityTypeIdentifierOxygenSaturation",
        .quantity, .discreteArithmetic, "%"),
    CatalogExpectation(
        .bodyTemperature, "HKQuantityTypeIdentifierBodyTemperature",
        .quantity, .discreteArithmetic, "degC"),
    CatalogExpectation(
        .bloodPressureSystolic, "HKQuantityTypeIdentifierBloodPressureSystolic",
        .quantity, .discreteArithmetic, "mmHg"),
    CatalogExpectation(.vo2Max, "HKQuantityTypeIdentifierVO2Max", .quantity, .discreteArithmetic, "mL/min\u{00B7}kg"),
    CatalogExpectation(.walkingSpeed, "HKQuantityTypeIdentifierWalkingSpeed", .quantity, .discreteArithmetic, "m/s"),
    CatalogExpectation(
        .atrialFibrillationBurden, "HKQuantityTypeIdentifierAtrialFibrillationBurden",
        .quantity, .discreteTemporallyWeighted, "%"),
    CatalogExpectation(
        .environmentalAudioExposure, "HKQuantityTypeIdentifierEnvironmentalAudioExposure",
        .quantity, .discreteEquivalentContinuousLevel, "dBASPL"),
    CatalogExpectation(
        .headphoneAudioExposure, "HKQuantityTypeIdentifierHeadphoneAudioExposure",
        .quantity, .discreteEquivalentContinuousLevel, "dBASPL"),
    CatalogExpectation(.insulinDelivery, "HKQuantityTypeIdentifierInsulinDelivery", .quantity, .cumulative, "IU"),
    CatalogExpectation(.runningPower, "HKQuantityTypeIdentifierRunningPower", .quantity, .discreteArithmetic, "W"),
    CatalogExpectation(.uvExposure, "HKQuantityTypeIdentifierUVExposure", .quantity, .discreteArithmetic, "count"),
    CatalogExpectation(.sleepDurationGoal, "HKDataTypeSleepDurationGoal", .quantity, .discreteArithmetic, "hr"),
    CatalogExpectation(.mindfulSession, "HKCategoryTypeIdentifierMindfulSession", .category),
    CatalogExpectation(.sleepAnalysis, "HKCategoryTypeIdentifierSleepAnalysis", .category),
    CatalogExpectation(.appleStandHour, "HKCategoryTypeIdentifierAppleStandHour", .category),
    CatalogExpectation(.environmentalAudioExposureEvent, "HKCategoryTypeIdentifierAudioExposureEvent", .category),
    CatalogExpectation(.food, "HKCorrelationTypeIdentifierFood", .correlation),
    CatalogExpectation(.bloodPressure, "HKCorrelationTypeIdentifierBloodPressure", .correlation),
    CatalogExpectation(.biologicalSex, "HKCharacteristicTypeIdentifierBiologicalSex", .characteristic),
    CatalogExpectation(.dateOfBirth, "HKCharacteristicTypeIdentifierDateOfBirth", .characteristic),
    CatalogExpectation(.workout, "HKWorkoutTypeIdentifier", .workout),
]

/// The catalog of sample types against HealthKit's definitions.
struct SampleTypeCatalogTests {
    @Test(arguments: catalogExpectations)
    func entryMatchesHealthKit(_ entry: CatalogExpectation) {
        #expect(entry.type.identifier == entry.identifier)
        #expect(entry.type.kind == entry.kind)
        #expect(entry.type.aggregationStyle == entry.style)
        #expect(entry.type.canonicalUnitString == entry.unit)
        #expect(entry.type.isKnown)
        #expect(SampleType(identifier: entry.identifier) == entry.type)
        #expect(SampleType(identifier: entry.identifier).canonicalUnitString == entry.unit)
    }

    @Test func catalogCountsByKind() {
        let all = SampleType.all
        #expect(all.filter { $0.kind == .quantity }.count == 121)
        #expect(all.filter { $0.kind == .category }.count == 69)
        #expect(all.filter { $0.kind == .correlation }.count == 2)
        #expect(all.filter { $0.kind == .characteristic }.count == 6)
        #expect(all.filter { $0.kind == .workout } == [.workout])
        #expect(SampleType.catalog.count == all.count)
    }

    @Test func catalogHasNoDuplicates() {
        let identifiers = SampleType.all.map(\.identifier)
        #expect(Set(identifiers).count == identifiers.count)
        let shortNames = SampleType.all.map { $0.shortName.lowercased() }
        #expect(Set(shortNames).count == shortNames.count)
    }

    @Test func everyQuantityHasAStyleAndAParsableUnit() {
        for type in SampleType.all {
            if type.kind == .quantity {
                #expect(type.aggregationStyle != nil, "\(type)")
                #expect(type.canonicalUnitString != nil, "\(type)")
                #expect(type.canonicalUnit != nil, "\(type) unit \(type.canonicalUnitString ?? "")")
            } else {
                #expect(type.aggregationStyle == nil, "\(type)")
                #expect(type.canonicalUnitString == nil, "\(type)")
            }
        }
    }

    @Test func identifiersFollowTheirKind() {
        let prefixes: [SampleKind: String] = [
            .quantity: "HKQuantityTypeIdentifier", .category: "HKCategoryTypeIdentifier",
            .correlation: "HKCorrelationTypeIdentifier", .characteristic: "HKCharacteristicTypeIdentifier",
        ]
        for type in SampleType.all where type != .sleepDurationGoal && type != .workout {
            #expect(type.identifier.hasPrefix(prefixes[type.kind] ?? "?"), "\(type)")
        }
    }

    @Test func dietaryMassesShareOneUnit() {
        let dietary = SampleType.all.filter { $0.identifier.hasPrefix("HKQuantityTypeIdentifierDietary") }
        #expect(dietary.count == 39)
        for type in dietary where type != .dietaryEnergyConsumed && type != .dietaryWater {
            #expect(type.canonicalUnitString == "g", "\(type)")
            #expect(type.aggregationStyle == .cumulative, "\(type)")
        }
    }

    @Test func unknownIdentifiersAreKept() {
        let future = SampleType(identifier: "HKQuantityTypeIdentifierFuture")
        #expect(future.identifier == "HKQuantityTypeIdentifierFuture")
        #expect(future.kind == .quantity)
        #expect(!future.isKnown)
        #expect(future.aggregationStyle == nil)
        #expect(future.canonicalUnitString == nil)
        #expect(SampleType(identifier: "HKCategoryTypeIdentifierFuture").kind == .category)
        #expect(SampleType(identifier: "SomethingElse").kind == .other)
    }

    @Test func lookupByNameTakesBothForms() {
        #expect(SampleType(name: "stepCount") == .stepCount)
        #expect(SampleType(name: "HKQuantityTypeIdentifierStepCount") == .stepCount)
        #expect(SampleType(name: "STEPCOUNT") == .stepCount)
        #expect(SampleType(name: "dietaryFatTotal") == .dietaryFatTotal)
        #expect(SampleType(name: "vo2Max") == .vo2Max)
        #expect(SampleType(name: "sleepAnalysis") == .sleepAnalysis)
        #expect(SampleType(name: "HKCategoryTypeIdentifierMindfulSession") == .mindfulSession)
        #expect(SampleType(name: "food") == .food)
        #expect(SampleType(name: "workout") == .workout)
        #expect(SampleType(name: "HKWorkoutTypeIdentifier") == .workout)
        #expect(SampleType(name: "noSuchType") == nil)
    }
}

/// Sleep analysis values and category value names, both ways.
struct CategoryValueTests {
    @Test func sleepAnalysisValuesMatchHealthKit() {
        #expect(SleepAnalysisValue.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect(
            SleepAnalysisValue.allCases.filter(\.isAsleep)
                == [.asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM])
        #expect(SleepAnalysisValue.asleepCore.exportName == "HKCategoryValueSleepAnalysisAsleepCore")
        #expect(SleepAnalysisValue.asleepREM.exportName == "HKCategoryValueSleepAnalysisAsleepREM")
        #expect(SleepAnalysisValue.inBed.exportName == "HKCategoryValueSleepAnalysisInBed")
        #expect(SleepAnalysisValue(name: "asleepCore") == .asleepCore)
        #expect(SleepAnalysisValue(name: "HKCategoryValueSleepAnalysisAsleepDeep") == .asleepDeep)
        #expect(SleepAnalysisValue(name: "HKCategoryValueSleepAnalysisAsleep") == .asleepUnspecified)
        #expect(SleepAnalysisValue(name: "asleep") == .asleepUnspecified)
        #expect(SleepAnalysisValue(name: "napping") == nil)
        for value in SleepAnalysisValue.allCases {
            #expect(SleepAnalysisValue(name: value.exportName) == value)
            #expect(SleepAnalysisValue(name: value.name) == value)
            #expect(CategoryValue.name(for: value.rawValue, type: .sleepAnalysis) == value.name)
        }
    }

    @Test func categoryValuesByName() {
        #expect(CategoryValue.rawValue(forName: "HKCategoryValueSleepAnalysisInBed", type: .sleepAnalysis) == 0)
        #expect(CategoryValue.rawValue(forName: "asleepREM", type: .sleepAnalysis) == 5)
        #expect(CategoryValue.rawValue(forName: "HKCategoryValueNotApplicable", type: .mindfulSession) == 0)
        #expect(CategoryValue.rawValue(forName: "notApplicable", type: .highHeartRateEvent) == 0)
        #expect(CategoryValue.rawValue(forName: "HKCategoryValueAppleStandHourStood", type: .appleStandHour) == 0)
        #expect(CategoryValue.rawValue(forName: "HKCategoryValueAppleStandHourIdle", type: .appleStandHour) == 1)
        #expect(CategoryValue.rawValue(forName: "HKCategoryValueSeverityUnspecified", type: .headache) == 0)
        #expect(CategoryValue.rawValue(forName: "HKCategoryValueSeverityNotPresent", type: .headache) == 1)
        #expect(CategoryValue.rawValue(forName: "mild", type: .fatigue) == 2)
        #expect(CategoryValue.rawValue(forName: "HKCategoryValuePresencePresent", type: .moodChanges) == 0)
        #expect(CategoryValue.rawValue(forName: "HKCategoryValueMenstrualFlowHeavy", type: .menstrualFlow) == 4)
        #expect(CategoryValue.rawValue(forName: "HKCategoryValueVaginalBleedingHeavy", type: .menstrualFlow) == 4)
        #expect(
            CategoryValue.rawValue(
                forName: "HKCategoryValueCervicalMucusQualityEggWhite",
                type: .cervicalMucusQuality) == 5)
        #expect(
            CategoryValue.rawValue(
                forName: "HKCategoryValueOvulationTestResultLuteinizingHormoneSurge",
                type: .ovulationTestResult) == 2)
        #expect(
            CategoryValue.rawValue(
                forName: "HKCategoryValueOvulationTestResultPositive",
                type: .ovulationTestResult) == 2)
        #expect(CategoryValue.rawValue(forName: "HKCategoryValueAppetiteChangesIncreased", type: .appetiteChanges) == 3)
        #expect(
            CategoryValue.rawValue(
                forName: "HKCategoryValueEnvironmentalAudioExposureEventMomentaryLimit",
                type: .environmentalAudioExposureEvent) == 1)
        #expect(
            CategoryValue.rawValue(
                forName: "HKCategoryValueLowCardioFitnessEventLowFitness",
                type: .lowCardioFitnessEvent) == 1)
        #expect(CategoryValue.rawValue(forName: "stood", type: .sleepAnalysis) == nil)
        #expect(CategoryValue.rawValue(forName: "notApplicable", type: .stepCount) == nil)
    }

    @Test func categoryNamesByValue() {
        #expect(CategoryValue.name(for: 3, type: .sleepAnalysis) == "asleepCore")
        #expect(CategoryValue.name(for: 0, type: .appleStandHour) == "stood")
        #expect(CategoryValue.name(for: 1, type: .appleStandHour) == "idle")
        #expect(CategoryValue.name(for: 0, type: .mindfulSession) == "notApplicable")
        #expect(CategoryValue.name(for: 4, type: .headache) == "severe")
        #expect(CategoryValue.name(for: 5, type: .headache) == nil)
        #expect(CategoryValue.name(for: 1, type: .sleepChanges) == "notPresent")
        #expect(CategoryValue.name(for: 0, type: .stepCount) == nil)
        #expect(CategoryValue.exportName(for: 0, type: .appleStandHour) == "HKCategoryValueAppleStandHourStood")
        #expect(CategoryValue.exportName(for: 0, type: .mindfulSession) == "HKCategoryValueNotApplicable")
        #expect(
            CategoryValue.exportName(for: 1, type: .sleepAnalysis)
                == "HKCategoryValueSleepAnalysisAsleepUnspecified")
    }

    @Test func everyCategoryTypeNamesItsValuesBothWays() {
        for type in SampleType.all where type.kind == .category {
            var named = 0
            for value in 0...8 {
                guard let name = CategoryValue.name(for: value, type: type) else { continue }
                named += 1
                #expect(CategoryValue.rawValue(forName: name, type: type) == value, "\(type) \(name)")
                let exportName = CategoryValue.exportName(for: value, type: type)
                #expect(exportName.flatMap { CategoryValue.rawValue(forName: $0, type: type) } == value, "\(type)")
            }
            #expect(named > 0, "\(type) has no named values")
        }
    }
}
