import Foundation
import Testing

@testable import VitalsCore

/// Workout activity types against HealthKit's `HKWorkoutActivityType`.
struct WorkoutActivityTypeTests {
    @Test func rawValuesMatchHealthKit() {
        #expect(WorkoutActivityType.americanFootball.rawValue == 1)
        #expect(WorkoutActivityType.cycling.rawValue == 13)
        #expect(WorkoutActivityType.functionalStrengthTraining.rawValue == 20)
        #expect(WorkoutActivityType.mixedMetabolicCardioTraining.rawValue == 30)
        #expect(WorkoutActivityType.running.rawValue == 37)
        #expect(WorkoutActivityType.traditionalStrengthTraining.rawValue == 50)
        #expect(WorkoutActivityType.walking.rawValue == 52)
        #expect(WorkoutActivityType.yoga.rawValue == 57)
        #expect(WorkoutActivityType.highIntensityIntervalTraining.rawValue == 63)
        #expect(WorkoutActivityType.cooldown.rawValue == 80)
        #expect(WorkoutActivityType.swimBikeRun.rawValue == 82)
        #expect(WorkoutActivityType.underwaterDiving.rawValue == 84)
        #expect(WorkoutActivityType.other.rawValue == 3000)
    }

    @Test func namesAndExportNames() {
        #expect(WorkoutActivityType.running.name == "running")
        #expect(WorkoutActivityType.running.exportName == "HKWorkoutActivityTypeRunning")
        #expect(
            WorkoutActivityType.highIntensityIntervalTraining.exportName
                == "HKWorkoutActivityTypeHighIntensityIntervalTraining")
        #expect(WorkoutActivityType.other.name == "other")
        #expect(WorkoutActivityType.yoga.description == "yoga")
        #expect(WorkoutActivityType(rawValue: 50) == .traditionalStrengthTraining)
    }

    @Test func unknownRawValuesAreKept() {
        let unknown = WorkoutActivityType(rawValue: 81)
        #expect(unknown.rawValue == 81)
        #expect(!unknown.isKnown)
        #expect(unknown.name == "activity81")
        #expect(unknown.exportName == "HKWorkoutActivityTypeActivity81")
        #expect(WorkoutActivityType(name: "activity81") == unknown)
        #expect(WorkoutActivityType(name: "HKWorkoutActivityTypeActivity81") == unknown)
        #expect(WorkoutActivityType(rawValue: 37).isKnown)
    }

    @Test func lookupByNameTakesBothForms() {
        #expect(WorkoutActivityType(name: "running") == .running)
        #expect(WorkoutActivityType(name: "RUNNING") == .running)
        #expect(WorkoutActivityType(name: "HKWorkoutActivityTypeRunning") == .running)
        #expect(WorkoutActivityType(name: "hkworkoutactivitytyperunning") == .running)
        #expect(WorkoutActivityType(name: "highIntensityIntervalTraining") == .highIntensityIntervalTraining)
        #expect(
            WorkoutActivityType(name: "HKWorkoutActivityTypeMixedMetabolicCardioTraining")
                == .mixedMetabolicCardioTraining)
        #expect(WorkoutActivityType(name: "HKWorkoutActivityTypeOther") == .other)
        #expect(WorkoutActivityType(name: "notAnActivity") == nil)
        #expect(WorkoutActivityType(name: "activity") == nil)
        #expect(WorkoutActivityType(name: "activity-3") == nil)
        #expect(WorkoutActivityType(name: "") == nil)
    }

    @Test func allKnownIsCompleteAndUnique() {
        let all = WorkoutActivityType.allKnown
        #expect(all.count == 84)
        #expect(Set(all.map(\.rawValue)).count == all.count)
        #expect(Set(all.map(\.name)).count == all.count)
        #expect(all.allSatisfy { $0.isKnown })
        #expect(all.map(\.rawValue) == all.map(\.rawValue).sorted())
        #expect(!all.contains(WorkoutActivityType(rawValue: 81)))
        for type in all {
            #expect(WorkoutActivityType(name: type.name) == type, "\(type)")
            #expect(WorkoutActivityType(name: type.exportName) == type, "\(type)")
        }
    }

    @Test func codesAsRawValue() throws {
        let encoded = try JSONEncoder().encode([WorkoutActivityType.running, .other])
        #expect(String(decoding: encoded, as: UTF8.self) == "[37,3000]")
        let decoded = try JSONDecoder().decode([WorkoutActivityType].self, from: Data("[63,999]".utf8))
        #expect(decoded == [.highIntensityIntervalTraining, WorkoutActivityType(rawValue: 999)])
        #expect(!decoded[1].isKnown)
    }
}
