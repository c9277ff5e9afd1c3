import Foundation
import VitalsCore

// Workouts in both of the app's formats. Version 2: `{id, name, start, end, duration, ...}`.
// Version 1 (older app releases): no `id`, and `activeEnergy`, `stepCount`, `elevation`
// (`{ascent, descent, units}`), `heartRateData` and `route` are fields of the workout; its id is
// derived from name, start and end (``derivedID(name:start:end:)``), so a re-send is the same
// workout. Optional `{qty, units}` totals become the workout's statistics (active energy,
// distance, flights, strokes, steps as sums; heart rate as average/min/max) or HealthKit metadata
// (METs, elevation, weather, speeds, lap length); the id, name and duration are kept as
// `HAEWorkoutID`, `HAEWorkoutName`, `HAEDuration`. Array fields (heart rate and energy time
// series, route points) are reported as skipped: the readings themselves are HealthKit samples
// the app exports as metrics. A workout id repeated in one document is kept once.
extension HealthAutoExportReader {
    /// Fields read from a workout; any other field is reported as skipped.
    private static let workoutFields: Set<String> = [
        "id", "name", "start", "end", "duration", "location", "isIndoor", "metadata", "source",
        "activeEnergyBurned", "activeEnergy", "distance", "flightsClimbed", "totalSwimmingStrokeCount",
        "stepCount", "heartRate", "avgHeartRate", "maxHeartRate", "minHeartRate", "totalEnergy", "intensity",
        "elevationUp", "elevationDown", "temperature", "humidity", "avgSpeed", "speed", "maxSpeed",
        "lapLength", "stepCadence", "swimCadence", "elevation", "intesity",
    ]

    /// `{qty, units}` totals kept as metadata: field, metadata key, unit stored.
    private static let workoutMetadataFields: [(String, String, HealthUnit)] = [
        ("totalEnergy", "HAETotalEnergy", .kilocalorie),
        ("intensity", "HKAverageMETs", .kilocaloriesPerHourKilogram),
        ("intesity", "HKAverageMETs", .kilocaloriesPerHourKilogram),
        ("elevationUp", "HKElevationAscended", .meter), ("elevationDown", "HKElevationDescended", .meter),
        ("temperature", "HKWeatherTemperature", .degreeCelsius), ("humidity", "HKWeatherHumidity", .percent),
        ("maxSpeed", "HKMaximumSpeed", .metersPerSecond), ("lapLength", "HKLapLength", .meter),
        ("stepCadence", "HAEStepCadence", .countPerMinute), ("swimCadence", "HAESwimCadence", .countPerMinute),
    ]

    /// The id of a version 1 workout, which has none: a UUID derived from
    /// `hae1|workout-v1|<name>|<start ms>|<end ms>`, so the same workout sent again has the same id.
    static func derivedID(name: String, start: Date, end: Date) -> String {
        let key =
            "hae1|workout-v1|\(name)|\(HealthAutoExportDraft.milliseconds(start))|"
            + "\(HealthAutoExportDraft.milliseconds(end))"
        return DeterministicUUID.make(key).uuidString
    }

    /// Reads one workout.
    mutating func readWorkout(_ workout: JSONObjectReader) throws(VitalsError) {
        let name = try workout.string("name")
        let start = try workout.date("start"), end = try workout.date("end")
        let id = try workout.optionalString("id") ?? Self.derivedID(name: name, start: start, end: end)
        guard !id.isEmpty else { throw workout.error(.invalidInput, "the workout id is empty", at: "id") }
        let reading = HealthAutoExportActivity.reading(name)
        var metadata = try workout.metadata()
        metadata["HAEWorkoutID"] = .string(id)
        metadata["HAEWorkoutName"] = .string(name)
        if let duration = try workout.optionalNonNegative("duration") {
            metadata["HAEDuration"] = .quantity(Quantity(duration, .second))
        }
        try readPlace(workout, name: reading, into: &metadata)
        for (field, key, unit) in Self.workoutMetadataFields {
            if let value = try workout.optionalMeasurement(field, in: unit, metric: "workouts.\(field)") {
                metadata[key] = .quantity(Quantity(value, unit))
            }
        }
        if let elevation = try workout.optionalObject("elevation") {
            try readElevation(elevation, into: &metadata)
        }
        let speedField = workout.has("avgSpeed") ? "avgSpeed" : "speed"
        if let speed = try workout.optionalMeasurement(
            speedField, in: .metersPerSecond,
            metric: "workouts.\(speedField)")
        {
            metadata["HKAverageSpeed"] = .quantity(Quantity(speed, .metersPerSecond))
        }
        var statistics: [WorkoutStatistics] = []
        var fields = ["end": "end"]
        func sum(_ field: String, _ type: SampleType) throws(VitalsError) {
            guard let unit = type.canonicalUnit,
                let value = try workout.optionalMeasurement(field, in: unit, metric: "workouts.\(field)")
            else { return }
            fields["statistics[\(statistics.count)]"] = field
            statistics.append(WorkoutStatistics(type: type, unit: unit, sum: value))
        }
        let energyField =
            workout.has("activeEnergyBurned") || workout.isArray("activeEnergy")
            ? "activeEnergyBurned" : "activeEnergy"
        try sum(energyField, .activeEnergyBurned)
        try sum("distance", HealthAutoExportActivity.distanceType(for: reading.type))
        try sum("flightsClimbed", .flightsClimbed)
        try sum("totalSwimmingStrokeCount", .swimmingStrokeCount)
        if !workout.isArray("stepCount") { try sum("stepCount", .stepCount) }
        if let heartRate = try workoutHeartRate(workout) {
            fields["statistics[\(statistics.count)]"] = workout.has("heartRate") ? "heartRate" : "avgHeartRate"
            statistics.append(heartRate)
        }
        let sourceName = try workout.optionalString("source")
        guard workoutIDs.insert(id).inserted else {
            skips.add("workouts", "a workout repeated in the same document is kept once")
            return
        }
        reportUnreadFields(of: workout)
        let sample = Sample(
            uuid: HealthAutoExportDraft.placeholder, type: .workout, start: start, end: end,
            content: .workout(Workout(activityType: reading.type, statistics: statistics)),
            source: sources.source(named: sourceName), metadata: metadata)
        drafts.append(
            HealthAutoExportDraft(
                sample: sample, identity: "hae1|workout|\(id)", item: workout,
                fields: fields))
    }

    /// `HKIndoorWorkout` from `isIndoor`, else `location`, else the name; `HKSwimmingLocationType`
    /// from `location` Pool/Open Water, else the name.
    private func readPlace(
        _ workout: JSONObjectReader, name: HealthAutoExportActivity.Reading,
        into metadata: inout Metadata
    ) throws(VitalsError) {
        var indoor = name.indoor, swimming = name.swimmingLocation
        switch try workout.optionalString("location") {
        case nil: break
        case "Indoor": indoor = true
        case "Outdoor": indoor = false
        case "Pool": swimming = 1
        case "Open Water": swimming = 2
        default: throw workout.error(.invalidValue, "expected Indoor, Outdoor, Pool or Open Water", at: "location")
        }
        if let flag = try workout.optionalBool("isIndoor") { indoor = flag }
        if let indoor { metadata["HKIndoorWorkout"] = .bool(indoor) }
        if let swimming { metadata["HKSwimmingLocationType"] = .number(Double(swimming)) }
    }

    /// Version 1's `elevation` `{ascent, descent, units}` as `HKElevationAscended`/`Descended`.
    private func readElevation(_ elevation: JSONObjectReader, into metadata: inout Metadata) throws(VitalsError) {
        let units = try HealthAutoExportUnits.unit(
            try elevation.string("units"), metric: "workouts.elevation",
            at: elevation, key: "units")
        for (field, key) in [("ascent", "HKElevationAscended"), ("descent", "HKElevationDescended")] {
            guard let value = try elevation.optionalNonNegative(field) else { continue }
            let meters = try HealthAutoExportUnits.convert(
                value, from: units, to: .meter, metric: "workouts.elevation",
                at: elevation, key: "units")
            metadata[key] = .quantity(Quantity(meters, .meter))
        }
    }

    /// Heart rate statistics from `heartRate` `{min, avg, max}`, else `avgHeartRate`,
    /// `minHeartRate` and `maxHeartRate`.
    private func workoutHeartRate(_ workout: JSONObjectReader) throws(VitalsError) -> WorkoutStatistics? {
        let unit = HealthUnit.countPerMinute
        let parts: (JSONObjectReader, [String])
        if let summary = try workout.optionalObject("heartRate") {
            parts = (summary, ["avg", "min", "max"])
        } else {
            parts = (workout, ["avgHeartRate", "minHeartRate", "maxHeartRate"])
        }
        var values: [Double?] = []
        for field in parts.1 {
            values.append(try parts.0.optionalMeasurement(field, in: unit, metric: "workouts.heartRate"))
        }
        guard values.contains(where: { $0 != nil }) else { return nil }
        return WorkoutStatistics(
            type: .heartRate, unit: unit, average: values[0], minimum: values[1],
            maximum: values[2])
    }

    /// Reports array fields (time series, routes) and unknown fields as skipped.
    private mutating func reportUnreadFields(of workout: JSONObjectReader) {
        for key in workout.fields.sortedKeys {
            guard let value = workout.value(key) else { continue }
            if case .array(let series) = value {
                guard !series.isEmpty else { continue }
                let reason =
                    key == "route"
                    ? "route points are not imported"
                    : "workout time series are not imported; export the metrics to import the readings"
                skips.add("workouts.\(key)", reason, count: series.count)
            } else if !Self.workoutFields.contains(key) {
                skips.add("workouts.\(key)", "not a workout field Vitals imports")
            }
        }
    }
}
