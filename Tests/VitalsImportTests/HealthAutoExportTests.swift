import Foundation
import Testing
import VitalsCore
import VitalsTestSupport

@testable import VitalsImport

/// Health Auto Export JSON (REST API export, version 2): every metric kind, workouts, skips,
/// errors with exact JSON paths, and deterministic identities.
@Suite("Health Auto Export JSON")
struct HealthAutoExportTests {
    let parser = HealthAutoExportParser()

    static let fixtures = Fixtures.root.appendingPathComponent("hae")

    func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
    }

    func parse(_ name: String) throws -> HealthAutoExportBatch {
        try parser.parse(try fixture(name), file: name)
    }

    /// The error a strict parse of `data` fails with, or nil if it parses.
    func failure(_ data: Data, file: String = "inline.json") -> VitalsError? {
        do {
            _ = try HealthAutoExportParser(strict: true).parse(data, file: file)
            return nil
        } catch {
            return error
        }
    }

    func failure(json: String) -> VitalsError? { failure(Data(json.utf8)) }

    func instant(_ text: String) -> Date { ISO8601.parse(text)! }

    func value(_ sample: Sample) -> Double { sample.quantity?.value ?? .nan }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance * max(1, abs(b))
    }

    func metadataQuantity(_ sample: Sample, _ key: String) -> Quantity? {
        if case .quantity(let quantity)? = sample.metadata[key] { return quantity }
        return nil
    }

    // MARK: - Metric kinds

    @Test(
        "Steps from two sources: one sample per item over its minute (the app's totals), named sources, the app as fallback"
    )
    func stepsFromTwoSources() throws {
        let batch = try parse("steps_two_sources.json")
        #expect(batch.skipped.isEmpty)
        #expect(batch.samples.count == 4)
        #expect(
            batch.samples.allSatisfy {
                $0.type == .stepCount && $0.quantity?.unit == .count
                    && $0.end == $0.start.addingTimeInterval(60)
                    && $0.metadata[ReportedTotal.periodKey] == .string("minutes")
            })
        #expect(batch.samples.map(value) == [120, 95, 40.5, 12])
        #expect(batch.samples[0].start == instant("2024-01-01T16:00:00Z"))
        #expect(batch.samples[2].start == instant("2024-01-01T16:01:00Z"))
        #expect(
            batch.samples[0].source == Source(name: "Anna's iPhone", bundleIdentifier: "com.healthexport.anna-s-iphone")
        )
        #expect(
            batch.samples[1].source
                == Source(
                    name: "Anna's Apple Watch",
                    bundleIdentifier: "com.healthexport.anna-s-apple-watch"))
        #expect(batch.samples[2].source.name == "Anna's Apple Watch|Anna's iPhone")
        #expect(batch.samples[2].source.bundleIdentifier == "com.healthexport.anna-s-apple-watch-anna-s-iphone")
        #expect(
            batch.samples[3].source
                == Source(
                    name: "Health Auto Export",
                    bundleIdentifier: "com.lybronsobers.healthautoexport"))
    }

    @Test("Units are converted to canonical units (kJ, mi, lb, %, degF, fl_oz_us, mmol/L, bpm)")
    func unitConversions() throws {
        let batch = try parse("unit_conversions.json")
        #expect(batch.samples.count == 11)
        #expect(batch.skipped.isEmpty)
        func only(_ type: SampleType) throws -> Sample {
            let matches = batch.samples.filter { $0.type == type }
            try #require(matches.count == 1)
            return matches[0]
        }
        let energy = try only(.activeEnergyBurned)
        #expect(energy.quantity?.unit == .kilocalorie && close(value(energy), 100))
        let distance = try only(.distanceWalkingRunning)
        #expect(distance.quantity?.unit == .meter && close(value(distance), 2414.016))
        let weight = try only(.bodyMass)
        #expect(weight.quantity?.unit == .kilogram && close(value(weight), 68.0388555))
        #expect(weight.source.name == "Test Scale")
        let oxygen = try only(.oxygenSaturation)
        #expect(oxygen.quantity?.unit == .percent && close(value(oxygen), 0.97))
        let temperature = try only(.bodyTemperature)
        #expect(temperature.quantity?.unit == .degreeCelsius && close(value(temperature), 37))
        let water = try only(.dietaryWater)
        #expect(water.quantity?.unit == .milliliter && close(value(water), 473.176473))
        let glucose = try only(.bloodGlucose)
        #expect(glucose.quantity?.unit == .milligramsPerDeciliter && close(value(glucose), 5.5 * 18.01558800000541))
        #expect(glucose.metadata["HKBloodGlucoseMealTime"] == .number(1))
        let vo2 = try only(.vo2Max)
        #expect(vo2.quantity?.unit == .millilitersPerMinuteKilogram && close(value(vo2), 45.2))
        #expect(value(try only(.restingHeartRate)) == 58)
        #expect(try only(.restingHeartRate).quantity?.unit == .countPerMinute)
        #expect(value(try only(.heartRateVariabilitySDNN)) == 48.5)
        #expect(value(try only(.numberOfAlcoholicBeverages)) == 2)
        #expect(energy.start == instant("2024-03-10T08:00:00Z"))
    }

    @Test("Heart rate: one sample per item valued at Avg, Min and Max kept as metadata")
    func heartRateMinAvgMax() throws {
        let batch = try parse("heart_rate.json")
        #expect(batch.samples.count == 3)
        #expect(batch.samples.allSatisfy { $0.type == .heartRate && $0.quantity?.unit == .countPerMinute })
        #expect(batch.samples.map(value) == [71.5, 74, 76])
        let first = batch.samples[0]
        #expect(first.start == instant("2024-05-02T18:30:00Z") && first.end == first.start)
        #expect(metadataQuantity(first, "HAEHeartRateMin") == Quantity(62, .countPerMinute))
        #expect(metadataQuantity(first, "HAEHeartRateMax") == Quantity(88, .countPerMinute))
        #expect(batch.samples[2].metadata.isEmpty)
        #expect(batch.samples[2].source.name == "Test Chest Strap")
    }

    @Test("Aggregated sleep: stages laid end to end from sleepStart with exact durations; in bed from inBedStart")
    func sleepAggregated() throws {
        let batch = try parse("sleep_aggregated.json")
        #expect(batch.samples.count == 7)
        #expect(batch.samples.allSatisfy { $0.type == .sleepAnalysis && $0.metadata["HAEAggregated"] == .bool(true) })
        let night = batch.samples.prefix(5).map { ($0.categoryValue, $0.start, $0.end) }
        let expected: [(Int?, Date, Date)] = [
            (SleepAnalysisValue.asleepCore.rawValue, instant("2024-02-06T07:00:00Z"), instant("2024-02-06T10:30:00Z")),
            (SleepAnalysisValue.asleepDeep.rawValue, instant("2024-02-06T10:30:00Z"), instant("2024-02-06T11:45:00Z")),
            (SleepAnalysisValue.asleepREM.rawValue, instant("2024-02-06T11:45:00Z"), instant("2024-02-06T13:30:00Z")),
            (SleepAnalysisValue.awake.rawValue, instant("2024-02-06T13:30:00Z"), instant("2024-02-06T13:45:00Z")),
            (SleepAnalysisValue.inBed.rawValue, instant("2024-02-06T06:40:00Z"), instant("2024-02-06T13:55:00Z")),
        ]
        #expect(night.count == expected.count)
        for (got, want) in zip(night, expected) {
            #expect(got.0 == want.0 && got.1 == want.1 && got.2 == want.2)
        }
        let asleep = batch.samples.prefix(5).filter {
            SleepAnalysisValue(rawValue: $0.categoryValue ?? -1)?.isAsleep == true
        }
        #expect(asleep.reduce(0) { $0 + $1.duration } == 6.5 * 3600)
        #expect(batch.samples.prefix(5).allSatisfy { $0.source.name == "Test Watch" })
        // Old shape: asleep hours without stages are unspecified asleep; sources per part.
        let unspecified = batch.samples[5], inBed = batch.samples[6]
        #expect(unspecified.categoryValue == SleepAnalysisValue.asleepUnspecified.rawValue)
        #expect(unspecified.start == instant("2024-02-07T07:30:00Z") && unspecified.duration == 7 * 3600)
        #expect(unspecified.source.name == "Test Phone")
        #expect(inBed.categoryValue == SleepAnalysisValue.inBed.rawValue)
        #expect(inBed.start == instant("2024-02-07T07:00:00Z") && inBed.duration == 8 * 3600)
        #expect(inBed.source.name == "Test Bed Sensor")
    }

    @Test("Unaggregated sleep: one sample per stage item over exactly its dates")
    func sleepUnaggregated() throws {
        let batch = try parse("sleep_unaggregated.json")
        #expect(batch.samples.count == 6)
        let values: [SleepAnalysisValue] = [.inBed, .asleepCore, .asleepDeep, .awake, .asleepREM, .asleepUnspecified]
        #expect(batch.samples.map(\.categoryValue) == values.map(\.rawValue))
        #expect(batch.samples[1].start == instant("2024-02-06T07:00:00Z"))
        #expect(batch.samples[1].end == instant("2024-02-06T07:30:00Z"))
        #expect(batch.samples[5].source.name == "Test Phone")
        #expect(batch.samples.allSatisfy { $0.metadata["HAEAggregated"] == nil })
    }

    @Test("Mindful minutes: sessions from date lasting qty minutes; zero-length items reported")
    func mindfulMinutes() throws {
        let batch = try parse("mindful_minutes.json")
        #expect(batch.samples.count == 2)
        #expect(batch.samples.allSatisfy { $0.type == .mindfulSession && $0.categoryValue == 0 })
        #expect(batch.samples[0].start == instant("2024-04-01T05:00:00Z"))
        #expect(batch.samples[0].end == instant("2024-04-01T05:10:00Z"))
        #expect(batch.samples[0].source.name == "Test Meditation App")
        #expect(batch.samples[1].duration == 150)
        #expect(batch.samples[1].source == HealthAutoExportSource.fallback)
        #expect(
            batch.skipped == [
                SkippedMetric(
                    name: "mindful_minutes",
                    reason: "a mindful session of zero length is not a session", count: 1)
            ])
    }

    @Test("Workouts: activity from the name, energy and distance sums in canonical units, HAE id kept")
    func workouts() throws {
        let batch = try parse("workouts.json")
        #expect(batch.samples.count == 4)
        let run = try #require(batch.samples[0].workout)
        #expect(batch.samples[0].type == .workout)
        #expect(run.activityType == .running)
        #expect(batch.samples[0].start == instant("2024-02-06T15:00:00Z"))
        #expect(batch.samples[0].end == instant("2024-02-06T15:30:00Z"))
        let energy = try #require(run.statistics(for: .activeEnergyBurned))
        #expect(energy.unit == .kilocalorie && energy.sum == 350)
        let distance = try #require(run.statistics(for: .distanceWalkingRunning))
        #expect(distance.unit == .meter && close(distance.sum ?? 0, 5632.704))
        let heart = try #require(run.statistics(for: .heartRate))
        #expect(heart.average == 152 && heart.minimum == 120 && heart.maximum == 171 && heart.sum == nil)
        let metadata = batch.samples[0].metadata
        #expect(metadata["HAEWorkoutID"] == .string("0B7E3C1A-5D2F-4E8B-9A61-3C2D1E0F9A01"))
        #expect(metadata["HAEWorkoutName"] == .string("Outdoor Run"))
        #expect(metadata["HAEDuration"] == .quantity(Quantity(1750, .second)))
        #expect(metadata["HKIndoorWorkout"] == .bool(false))
        #expect(metadataQuantity(batch.samples[0], "HAETotalEnergy") == Quantity(420, .kilocalorie))
        #expect(metadataQuantity(batch.samples[0], "HKAverageMETs") == Quantity(9.5, .kilocaloriesPerHourKilogram))
        #expect(close(metadataQuantity(batch.samples[0], "HKElevationAscended")?.value ?? 0, 30.48))
        #expect(close(metadataQuantity(batch.samples[0], "HKWeatherTemperature")?.value ?? 0, 10))
        #expect(close(metadataQuantity(batch.samples[0], "HKWeatherHumidity")?.value ?? 0, 0.65))
        #expect(batch.samples[0].source == HealthAutoExportSource.fallback)

        let strength = try #require(batch.samples[1].workout)
        #expect(strength.activityType == .traditionalStrengthTraining)
        #expect(close(strength.statistics(for: .activeEnergyBurned)?.sum ?? 0, 200))
        #expect(batch.samples[1].metadata["HKIndoorWorkout"] == .bool(true))

        let swim = try #require(batch.samples[2].workout)
        #expect(swim.activityType == .swimming)
        #expect(close(swim.statistics(for: .distanceSwimming)?.sum ?? 0, 1371.6))
        #expect(swim.statistics(for: .swimmingStrokeCount)?.sum == 820)
        #expect(batch.samples[2].metadata["HKSwimmingLocationType"] == .number(1))
        #expect(batch.samples[2].source.name == "Test Watch")

        #expect(batch.samples[3].workout?.activityType == .other)
        #expect(batch.samples[3].metadata["HAEWorkoutName"] == .string("Underwater Basket Weaving"))

        #expect(
            Set(batch.skipped) == [
                SkippedMetric(
                    name: "workouts.heartRateData",
                    reason: "workout time series are not imported; export the metrics to import the readings",
                    count: 2),
                SkippedMetric(name: "workouts.route", reason: "route points are not imported", count: 3),
                SkippedMetric(name: "workouts.mood", reason: "not a workout field Vitals imports", count: 1),
            ])
    }

    @Test("Workout names map to HealthKit activities, with place from Indoor/Outdoor/Pool prefixes")
    func workoutNames() {
        typealias Reading = HealthAutoExportActivity.Reading
        #expect(HealthAutoExportActivity.reading("Outdoor Run") == Reading(type: .running, indoor: false))
        #expect(HealthAutoExportActivity.reading("Indoor Cycling") == Reading(type: .cycling, indoor: true))
        #expect(HealthAutoExportActivity.reading("Open Water Swim") == Reading(type: .swimming, swimmingLocation: 2))
        #expect(HealthAutoExportActivity.reading("Traditional Strength Training").type == .traditionalStrengthTraining)
        #expect(
            HealthAutoExportActivity.reading("High Intensity Interval Training").type == .highIntensityIntervalTraining)
        #expect(HealthAutoExportActivity.reading("Mind and Body").type == .mindAndBody)
        #expect(HealthAutoExportActivity.reading("Stair Stepper").type == .stairClimbing)
        #expect(HealthAutoExportActivity.reading("Activity12").type == .other)
        #expect(HealthAutoExportActivity.reading("Something New").type == .other)
    }

    @Test("Unknown metrics, unsupported metrics and other sections are reported, never dropped silently")
    func skippedAndOtherKinds() throws {
        let batch = try parse("mixed_and_unknown.json")
        #expect(
            batch.skipped == [
                SkippedMetric(name: "future_metric_from_a_newer_app", reason: "not a metric Vitals imports", count: 2),
                SkippedMetric(
                    name: "data.stateOfMind",
                    reason: "state of mind entries are not imported: Vitals has no type for HKStateOfMind", count: 2),
            ])
        #expect(batch.samples.count == 5)
        // Stand hours, counted per hour: each hour stood.
        #expect(
            batch.samples.prefix(3).map { "\($0.type.shortName) \($0.categoryValue ?? -1)" }
                == Array(repeating: "appleStandHour 0", count: 3))
        let pressure = batch.samples[3]
        #expect(pressure.type == .bloodPressure)
        let members = try #require(pressure.members)
        #expect(members.map(\.type) == [.bloodPressureSystolic, .bloodPressureDiastolic])
        #expect(members.map(value) == [118, 76])
        #expect(Set(members.map(\.uuid) + [pressure.uuid]).count == 3)
        let insulin = batch.samples[4]
        #expect(insulin.type == .insulinDelivery && value(insulin) == 4)
        #expect(insulin.quantity?.unit == .internationalUnit)
        #expect(insulin.metadata["HKInsulinDeliveryReason"] == .number(2))
    }

    // MARK: - Bad input

    @Test("A bad date fails with .invalidDate at the exact JSON path")
    func badDate() throws {
        let error = try #require(failure(try fixture("bad_date.json"), file: "bad_date.json"))
        #expect(error.code == .invalidDate)
        #expect(error.location == InputLocation(file: "bad_date.json", field: "data.metrics[1].data[2].date"))
        #expect(!error.message.contains("01/01/2024"))
    }

    @Test("An unknown unit fails with .invalidUnit at the metric's units")
    func unknownUnit() throws {
        let error = try #require(failure(try fixture("unknown_unit.json"), file: "unknown_unit.json"))
        #expect(error.code == .invalidUnit)
        #expect(error.location?.field == "data.metrics[1].units")
        #expect(error.message.contains("walking_running_distance"))
    }

    @Test("A missing qty fails with .invalidInput at the item's qty")
    func missingQuantity() throws {
        let error = try #require(failure(try fixture("missing_qty.json")))
        #expect(error.code == .invalidInput)
        #expect(error.location?.field == "data.metrics[0].data[1].qty")
    }

    @Test("A data item that is not an object fails with .invalidInput at the item")
    func nonObjectItem() throws {
        let error = try #require(failure(try fixture("non_object_item.json")))
        #expect(error.code == .invalidInput)
        #expect(error.location?.field == "data.metrics[0].data[1]")
    }

    @Test(
        "Malformed documents, wrong units and impossible values name their field; messages hold no values",
        arguments: [
            ("{\"data\": ", VitalsError.Code.invalidInput, "data" as String?),
            ("[1, 2]", .invalidInput, nil),
            ("{\"metrics\": []}", .invalidInput, "data"),
            ("{\"data\": {\"metrics\": {}}}", .invalidInput, "data.metrics"),
            (
                "{\"data\": {\"metrics\": [{\"units\": \"count\", \"data\": []}]}}", .invalidInput,
                "data.metrics[0].name"
            ),
            (
                "{\"data\": {\"metrics\": [{\"name\": \"step_count\", \"units\": \"kg\", \"data\": [{\"qty\": 1, \"date\": \"2024-01-01 08:00:00 +0000\"}]}]}}",
                .incompatibleUnit, "data.metrics[0].units"
            ),
            (
                "{\"data\": {\"metrics\": [{\"name\": \"step_count\", \"units\": \"count\", \"data\": [{\"qty\": -731, \"date\": \"2024-01-01 08:00:00 +0000\"}]}]}}",
                .invalidValue, "data.metrics[0].data[0].qty"
            ),
            (
                "{\"data\": {\"metrics\": [{\"name\": \"step_count\", \"units\": \"count\", \"data\": [{\"qty\": \"731\", \"date\": \"2024-01-01 08:00:00 +0000\"}]}]}}",
                .invalidInput, "data.metrics[0].data[0].qty"
            ),
            (
                "{\"data\": {\"metrics\": [{\"name\": \"heart_rate\", \"units\": \"bpm\", \"data\": [{\"Min\": 93, \"Avg\": 71, \"Max\": 99, \"date\": \"2024-01-01 08:00:00 +0000\"}]}]}}",
                .invalidValue, "data.metrics[0].data[0].Min"
            ),
            (
                "{\"data\": {\"metrics\": [{\"name\": \"sleep_analysis\", \"units\": \"hr\", \"data\": [{\"startDate\": \"2024-01-01 08:00:00 +0000\", \"endDate\": \"2024-01-01 09:00:00 +0000\", \"value\": \"Napping\"}]}]}}",
                .invalidValue, "data.metrics[0].data[0].value"
            ),
            (
                "{\"data\": {\"metrics\": [{\"name\": \"sleep_analysis\", \"units\": \"hr\", \"data\": [{\"startDate\": \"2024-01-01 09:00:00 +0000\", \"endDate\": \"2024-01-01 08:00:00 +0000\", \"value\": \"Core\"}]}]}}",
                .invalidDateRange, "data.metrics[0].data[0].endDate"
            ),
            (
                "{\"data\": {\"metrics\": [{\"name\": \"sleep_analysis\", \"units\": \"hr\", \"data\": [{\"date\": \"2024-01-01\", \"core\": 3.25}]}]}}",
                .invalidInput, "data.metrics[0].data[0].sleepStart"
            ),
            (
                "{\"data\": {\"metrics\": [{\"name\": \"sleep_analysis\", \"units\": \"hr\", \"data\": [{\"date\": \"2024-13-01\", \"core\": 3.25, \"sleepStart\": \"2024-01-01 08:00:00 +0000\"}]}]}}",
                .invalidDate, "data.metrics[0].data[0].date"
            ),
            (
                "{\"data\": {\"workouts\": [{\"id\": \"w\", \"start\": \"2024-01-01 08:00:00 +0000\", \"end\": \"2024-01-01 09:00:00 +0000\"}]}}",
                .invalidInput, "data.workouts[0].name"
            ),
            (
                "{\"data\": {\"workouts\": [{\"id\": \"w\", \"name\": \"Running\", \"start\": \"2024-01-01 08:00:00 +0000\", \"end\": \"2024-01-01 09:00:00 +0000\", \"distance\": {\"qty\": 5, \"units\": \"parsecs\"}}]}}",
                .invalidUnit, "data.workouts[0].distance.units"
            ),
            (
                "{\"data\": {\"workouts\": [{\"id\": \"w\", \"name\": \"Running\", \"start\": \"2024-01-01 09:00:00 +0000\", \"end\": \"2024-01-01 08:00:00 +0000\"}]}}",
                .invalidDateRange, "data.workouts[0].end"
            ),
        ])
    func badInputs(json: String, code: VitalsError.Code, field: String?) throws {
        let error = try #require(failure(json: json))
        #expect(error.code == code)
        #expect(error.location?.field == field)
        #expect(error.location?.file == "inline.json")
        for secret in ["731", "93", "3.25", "Napping"] { #expect(!error.message.contains(secret)) }
    }

    @Test(
        "JSON syntax errors name the line, byte offset and JSON path",
        arguments: [
            ("{\"data\": {\n  \"metrics\": [1,]\n}}", 2, 27, "data.metrics[1]" as String?),
            ("{\"data\": {\"metrics\": [01]}}", 1, 23, "data.metrics"),
            ("{\"data\": \"a\tb\"}", 1, 11, "data"),
            ("{\"data\": \"\\ud800\"}", 1, 16, "data"),
            ("{\"data\": tru}", 1, 9, "data"),
            ("{\"data\": {}} x", 1, 13, nil),
            ("{\"data\": [1.]}", 1, 12, "data[0]"),
            ("{\"data\": [-]}", 1, 11, "data[0]"),
        ])
    func jsonSyntax(json: String, line: Int, offset: Int64, field: String?) throws {
        let error = try #require(failure(json: json))
        #expect(error.code == .invalidInput)
        #expect(error.location == InputLocation(file: "inline.json", line: line, byteOffset: offset, field: field))
        #expect(error.message.hasPrefix("the document is not valid JSON"))
    }

    @Test("The JSON reader decodes escapes, surrogate pairs, numbers and a byte order mark; it bounds nesting")
    func jsonReader() throws {
        let text =
            "\u{FEFF}{\"s\": \"caf\\u00e9 \\ud83c\\udfc3 \\\"q\\\" \\n\", \"n\": [-0.5, 1E+2, 12, 1e400], \"b\": true}"
        guard case .object(let object) = try JSONValue.parse(Data(text.utf8), file: "x") else {
            Issue.record("not an object")
            return
        }
        if case .string(let value)? = object["s"] { #expect(value == "café 🏃 \"q\" \n") } else { Issue.record("s") }
        if case .array(let numbers)? = object["n"] {
            let values = numbers.compactMap { if case .number(let n) = $0 { n } else { nil } }
            #expect(values == [-0.5, 100, 12, .infinity])
        } else {
            Issue.record("n")
        }
        if case .bool(true)? = object["b"] {} else { Issue.record("b") }
        let invalidUTF8 = Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0x22, 0x7D])
        #expect(failure(invalidUTF8)?.location?.byteOffset == 6)
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(failure(json: deep)?.message.contains("nested deeper") == true)
        let infinite =
            "{\"data\": {\"metrics\": [{\"name\": \"step_count\", \"units\": \"count\", \"data\": [{\"qty\": 1e999, \"date\": \"2024-01-01 08:00:00 +0000\"}]}]}}"
        #expect(failure(json: infinite)?.code == .invalidValue)
    }

    // MARK: - Identity

    @Test("Parsing twice gives the same UUIDs; every UUID is a distinct version-8 UUID")
    func deterministicIdentity() throws {
        for name in [
            "steps_two_sources.json", "unit_conversions.json", "heart_rate.json", "sleep_aggregated.json",
            "sleep_unaggregated.json", "mindful_minutes.json", "workouts.json", "mixed_and_unknown.json",
        ] {
            let first = try parse(name).samples.map(\.uuid)
            let second = try parse(name).samples.map(\.uuid)
            #expect(first == second, "\(name)")
            #expect(Set(first).count == first.count, "\(name)")
            #expect(first.allSatisfy { Array($0.uuidString)[14] == "8" }, "\(name)")
        }
    }

    @Test("The identity key is the documented one, so re-imports stay stable across releases")
    func identityKeyIsPinned() throws {
        let batch = try parse("steps_two_sources.json")
        #expect(
            batch.samples[0].uuid
                == DeterministicUUID.make(
                    "hae1|HKQuantityTypeIdentifierStepCount|1704124800000|1704124860000|120.0 count|Anna's iPhone"))
        #expect(
            batch.samples[3].uuid
                == DeterministicUUID.make(
                    "hae1|HKQuantityTypeIdentifierStepCount|1704124920000|1704124980000|12.0 count|"))
        let workouts = try parse("workouts.json")
        #expect(workouts.samples[0].uuid == DeterministicUUID.make("hae1|workout|0B7E3C1A-5D2F-4E8B-9A61-3C2D1E0F9A01"))
    }

    @Test("Different content gives a different UUID; identical items in one document stay two samples")
    func contentChangesIdentity() throws {
        func steps(_ items: String) throws -> [UUID] {
            let json =
                "{\"data\": {\"metrics\": [{\"name\": \"step_count\", \"units\": \"count\", \"data\": [\(items)]}]}}"
            return try parser.parse(Data(json.utf8), file: "inline.json").samples.map(\.uuid)
        }
        let item = "{\"qty\": 10, \"date\": \"2024-01-01 08:00:00 +0000\", \"source\": \"A\"}"
        let base = try steps(item)
        #expect(try steps(item.replacingOccurrences(of: "10", with: "11")) != base)
        #expect(try steps(item.replacingOccurrences(of: "08:00:00", with: "08:00:01")) != base)
        #expect(try steps(item.replacingOccurrences(of: "\"A\"", with: "\"B\"")) != base)
        // The same instant written with another offset is the same sample.
        #expect(try steps(item.replacingOccurrences(of: "08:00:00 +0000", with: "09:00:00 +0100")) == base)
        let twice = try steps("\(item), \(item)")
        #expect(twice.count == 2 && twice[0] == base[0] && twice[1] != base[0])
        // A workout is identified by its HAE id alone.
        let workout = { (name: String) in
            "{\"data\": {\"workouts\": [{\"id\": \"W-1\", \"name\": \"\(name)\", \"start\": \"2024-01-01 08:00:00 +0000\", \"end\": \"2024-01-01 09:00:00 +0000\"}, {\"id\": \"W-1\", \"name\": \"\(name)\", \"start\": \"2024-01-01 08:00:00 +0000\", \"end\": \"2024-01-01 09:00:00 +0000\"}]}}"
        }
        let one = try parser.parse(Data(workout("Walking").utf8), file: "w.json")
        #expect(one.samples.count == 1)
        #expect(
            one.skipped == [
                SkippedMetric(
                    name: "workouts", reason: "a workout repeated in the same document is kept once",
                    count: 1)
            ])
        #expect(try parser.parse(Data(workout("Hiking").utf8), file: "w.json").samples[0].uuid == one.samples[0].uuid)
    }

    @Test("Every produced sample is already valid and canonical")
    func samplesAreValidated() throws {
        for name in ["unit_conversions.json", "workouts.json", "sleep_aggregated.json", "mixed_and_unknown.json"] {
            for sample in try parse(name).samples {
                #expect(try sample.validated() == sample)
            }
        }
    }

    @Test("Source slugs are ASCII, lower case and dash-separated")
    func sourceSlugs() {
        #expect(HealthAutoExportSource.slug("Anna’s Apple Watch") == "anna-s-apple-watch")
        #expect(HealthAutoExportSource.slug("  iPhone 15 Pro ") == "iphone-15-pro")
        #expect(HealthAutoExportSource.slug("Zoë's Ring") == "zo-s-ring")
        #expect(HealthAutoExportSource.slug("手表").hasPrefix("source-"))
        #expect(HealthAutoExportSource.source(named: "") == HealthAutoExportSource.fallback)
    }
}
