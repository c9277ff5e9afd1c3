import Foundation
import Testing
import VitalsCore
import VitalsTestSupport

@testable import VitalsImport

/// Every shape Health Auto Export sends (issue 15, item 1): both workout formats, every metric
/// name, the sleep shapes, the sections besides metrics and workouts, and 12-hour timestamps.
@Suite("Health Auto Export shapes")
struct HealthAutoExportShapeTests {
    let parser = HealthAutoExportParser()
    static let utc = TimeZone(identifier: "UTC")!

    func parse(_ name: String) throws -> HealthAutoExportBatch {
        try parser.parse(try Data(contentsOf: Fixtures.root.appendingPathComponent("hae/\(name)")), file: name)
    }

    func parse(json: String) throws -> HealthAutoExportBatch {
        try parser.parse(Data(json.utf8), file: "inline.json")
    }

    func instant(_ text: String) -> Date { ISO8601.parse(text)! }

    func metadataQuantity(_ sample: Sample, _ key: String) -> Quantity? {
        if case .quantity(let quantity)? = sample.metadata[key] { return quantity }
        return nil
    }

    /// The metric names the app exports (its REST API documentation and the reference server's
    /// `MetricName`), and the spellings other exports use.
    static let appMetricNames = [
        "active_energy", "basal_energy_burned", "apple_exercise_time", "apple_move_time", "apple_stand_time",
        "apple_stand_hour", "cycling_distance", "downhill_snow_sports", "swimming_distance",
        "walking_running_distance", "wheelchair_distance", "flights_climbed", "wheelchair_push_count",
        "swim_stroke_count", "vo2_max", "physical_effort", "step_count", "cycling_cadence",
        "cycling_functional_threshold_power", "cycling_power", "cycling_speed", "running_power", "running_speed",
        "running_ground_contact_time", "running_stride_length", "height", "weight_body_mass", "waist_circumference",
        "body_fat_percentage", "body_mass_index", "lean_body_mass", "heart_rate", "resting_heart_rate",
        "heart_rate_variability", "cardio_recovery", "walking_heart_rate", "atrial_fibrillation_burden",
        "blood_pressure", "walking_speed", "walking_step_length", "walking_asymmetry_percentage",
        "walking_double_support_percentage", "six_minute_walking_test_distance", "stair_speed_up",
        "stair_speed_down", "running_vertical_oscillation", "respiratory_rate", "forced_expiratory_volume",
        "forced_vital_capacity", "blood_oxygen_saturation", "peripheral_perfusion_index",
        "peak_expiratory_flow_rate", "inhaler_usage", "body_temperature", "basal_body_temperature",
        "under_water_depth", "under_water_temperature", "uv_exposure", "time_in_daylight", "environmental_audio",
        "headphone_audio", "mindful_minutes", "sexual_activity", "electrodermal_activity", "sleep_analysis",
        "apple_sleeping_wrist_temperature", "breathing_disturbances", "insulin_delivery", "blood_glucose",
        "dietary_energy", "dietary_water", "dietary_sugar", "cholesterol", "carbohydrates", "biotin", "caffeine",
        "calcium", "chloride", "chromium", "copper", "fiber", "folate", "iodine", "iron", "magnesium", "manganese",
        "molybdenum", "monosaturated_fat", "niacin", "pantothenic_acid", "polyunsaturated_fat", "potassium",
        "protein", "riboflavin", "saturated_fat", "selenium", "sodium", "thiamin", "total_fat", "vitamin_a",
        "vitamin_b6", "vitamin_b12", "vitamin_c", "vitamin_d", "vitamin_e", "vitamin_k", "zinc",
        "blood_alcohol_content", "handwashing", "number_of_time_fallen", "number_of_alcoholic_beverages",
        "toothbrushing",
    ]

    @Test("Every metric name the app exports is known: imported, or reported with a reason")
    func everyMetricName() throws {
        for name in Self.appMetricNames {
            #expect(HealthAutoExportMetric.named(name) != nil, "\(name)")
        }
        let batch = try parse(
            json:
                #"{"data": {"metrics": [{"name": "a_metric_from_2030", "units": "count", "data": [{"qty": 1, "date": "2024-01-01 08:00:00 +0000"}]}, {"name": "step_count", "units": "count", "data": [{"qty": 5, "date": "2024-01-01 08:00:00 +0000"}]}]}}"#
        )
        #expect(batch.samples.count == 1 && batch.unreadable.isEmpty)
        #expect(
            batch.skipped == [
                SkippedMetric(name: "a_metric_from_2030", reason: "not a metric Vitals imports", count: 1)
            ])
    }

    @Test("Older workout format: no id, fields of the workout; a stable id from name, start and end")
    func workoutVersion1() throws {
        let batch = try parse("workouts_v1.json")
        #expect(batch.unreadable.isEmpty)
        try #require(batch.samples.count == 2)
        let walk = batch.samples[0]
        let id = HealthAutoExportReader.derivedID(
            name: "Outdoor Walk", start: instant("2023-06-10T05:15:00Z"),
            end: instant("2023-06-10T06:00:00Z"))
        #expect(walk.metadata["HAEWorkoutID"] == .string(id))
        #expect(walk.uuid == DeterministicUUID.make("hae1|workout|\(id)"))
        guard case .workout(let workout) = walk.content else { Issue.record("not a workout"); return }
        #expect(workout.activityType == .walking)
        #expect(workout.statistics(for: .activeEnergyBurned)?.sum == 180)
        #expect(workout.statistics(for: .stepCount)?.sum == 4800)
        #expect(workout.statistics(for: .distanceWalkingRunning)?.sum == 3600)
        #expect(
            workout.statistics(for: .heartRate)?.average == 104 && workout.statistics(for: .heartRate)?.maximum == 131)
        #expect(metadataQuantity(walk, "HKElevationAscended") == Quantity(42, .meter))
        #expect(metadataQuantity(walk, "HKElevationDescended") == Quantity(38.5, .meter))
        #expect(metadataQuantity(walk, "HKAverageMETs")?.value == 3.9)
        #expect(metadataQuantity(walk, "HAETotalEnergy") == Quantity(230, .kilocalorie))
        let skipped = Dictionary(uniqueKeysWithValues: batch.skipped.map { ($0.name, $0.count) })
        #expect(skipped == ["workouts.heartRateData": 2, "workouts.heartRateRecovery": 1, "workouts.route": 2])
        guard case .workout(let strength) = batch.samples[1].content else { Issue.record("not a workout"); return }
        #expect(strength.activityType == .traditionalStrengthTraining)
        #expect(abs((strength.statistics(for: .activeEnergyBurned)?.sum ?? 0) - 700 / 4.184) < 1e-6)

        // Sent again: the same ids; another start is another workout.
        #expect(try parse("workouts_v1.json").samples.map(\.uuid) == batch.samples.map(\.uuid))
        let moved = HealthAutoExportReader.derivedID(
            name: "Outdoor Walk", start: instant("2023-06-10T05:16:00Z"),
            end: instant("2023-06-10T06:00:00Z"))
        #expect(moved != id)
    }

    @Test("Sleep: aggregated with stages, fields missing (inBedStart, sleepStart, both in-bed times), 12-hour times")
    func sleepShapes() throws {
        let batch = try parse("sleep_shapes.json")
        #expect(batch.unreadable.isEmpty && batch.skipped.isEmpty)
        let got = batch.samples.map {
            "\($0.categoryValue!) \(ISO8601.format($0.start, in: Self.utc)) \(ISO8601.format($0.end, in: Self.utc)) \($0.source.name)"
        }
        #expect(
            got == [
                // Stages from sleepStart; in bed ends at inBedEnd (inBedStart missing).
                "3 2024-03-01T23:00:00Z 2024-03-02T03:00:00Z Test Watch",
                "4 2024-03-02T03:00:00Z 2024-03-02T04:00:00Z Test Watch",
                "5 2024-03-02T04:00:00Z 2024-03-02T06:00:00Z Test Watch",
                "2 2024-03-02T06:00:00Z 2024-03-02T06:30:00Z Test Watch",
                "0 2024-03-01T22:45:00Z 2024-03-02T06:45:00Z Test Watch",
                // No in-bed times at all: in bed from sleepStart.
                "3 2024-03-02T23:30:00Z 2024-03-03T05:30:00Z Test Watch",
                "0 2024-03-02T23:30:00Z 2024-03-03T06:30:00Z Test Watch",
                // Old shape with only sleepEnd: asleep ends there.
                "1 2024-03-04T01:00:00Z 2024-03-04T06:00:00Z Test Phone",
                // 12-hour times with U+202F and U+00A0.
                "1 2024-03-04T23:30:00Z 2024-03-05T06:00:00Z Test Phone",
                "0 2024-03-04T23:00:00Z 2024-03-05T06:00:00Z Test Phone",
            ])
    }

    @Test("Symptoms and heart rate notifications are stored as HealthKit events; the other sections reported")
    func otherSections() throws {
        let batch = try parse("other_sections.json")
        #expect(batch.unreadable.isEmpty)
        let got = batch.samples.map {
            "\($0.type.shortName) \($0.categoryValue!) \(ISO8601.format($0.start, in: Self.utc))"
        }
        // Sections in name order: heartRateNotifications, then symptoms.
        #expect(
            got == [
                "highHeartRateEvent 0 2024-05-03T14:00:00Z", "lowHeartRateEvent 0 2024-05-04T03:00:00Z",
                "irregularHeartRhythmEvent 0 2024-05-05T02:00:00Z", "headache 3 2024-05-01T09:00:00Z",
                "lowerBackPain 1 2024-05-01T21:00:00Z", "appetiteChanges 3 2024-05-02T08:00:00Z",
            ])
        try #require(batch.samples.count == 6)
        #expect(batch.samples[3].metadata["HKWasUserEntered"] == .bool(true))
        #expect(batch.samples[3].end == instant("2024-05-01T11:00:00Z"))
        #expect(metadataQuantity(batch.samples[0], "HKHeartRateEventThreshold") == Quantity(120, .countPerMinute))
        #expect(metadataQuantity(batch.samples[2], "HKHeartRateEventThreshold") == nil)
        let skipped = Dictionary(uniqueKeysWithValues: batch.skipped.map { ($0.name, $0.count) })
        #expect(
            skipped == [
                "data.cycleTracking": 2, "data.ecg": 1, "data.medications": 1, "data.stateOfMind": 1,
                "data.symptoms": 1,
            ])
        #expect(batch.skipped.allSatisfy { $0.path == nil })
    }

    /// 2024-09-21 07:57 at +10:00 is 2024-09-20 21:57Z.
    @Test(
        "Timestamps in 24-hour and 12-hour form: space, U+00A0 or U+202F before am/pm, any case, 12 am is 00",
        arguments: [
            ("2024-09-21 7:57:00\u{202F}am +1000", "2024-09-20T21:57:00Z"),
            ("2024-09-21 7:57:00\u{00A0}am +1000", "2024-09-20T21:57:00Z"),
            ("2024-09-21 7:57:00 am +1000", "2024-09-20T21:57:00Z"),
            ("2024-09-21 7:57:00am +1000", "2024-09-20T21:57:00Z"),
            ("2024-09-21 07:57:00 AM +1000", "2024-09-20T21:57:00Z"),
            ("2024-09-21 7:57:00\u{202F}PM +1000", "2024-09-21T09:57:00Z"),
            ("2024-09-21 7:57:00 Pm +1000", "2024-09-21T09:57:00Z"),
            ("2024-09-21 12:05:00\u{202F}am +1000", "2024-09-20T14:05:00Z"),
            ("2024-09-21 12:05:00 AM +1000", "2024-09-20T14:05:00Z"),
            ("2024-09-21 12:05:00\u{00A0}pm +1000", "2024-09-21T02:05:00Z"),
            ("2024-09-21 19:57:00 +1000", "2024-09-21T09:57:00Z"),
        ])
    func twelveHourTimestamps(text: String, expected: String) throws {
        let json =
            #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"qty": 5, "date": "\#(text)"}]}]}}"#
        let batch = try parse(json: json)
        #expect(batch.unreadable.isEmpty)
        #expect(batch.samples.first?.start == instant(expected))
    }

    @Test(
        "Impossible 12-hour times are refused; outside Health Auto Export only 24-hour ISO 8601 is read",
        arguments: ["2024-09-21 13:05:00 pm +1000", "2024-09-21 0:05:00 am +1000", "2024-09-21 7:57:00 xm +1000"])
    func badTwelveHourTimestamps(text: String) {
        #expect(ISO8601.parse(text, twelveHourClock: true) == nil)
        #expect(ISO8601.parse("2024-09-21 7:57:00 am +1000") == nil)
        #expect(ISO8601.parse("2024-09-21 07:57:00 am +1000") == nil)
    }
}
