import Foundation

/// The JSON shape of a sample, as `vitals samples --json` prints and `vitals add --jsonl` reads.
///
/// ```json
/// {"uuid": "…", "type": "HKQuantityTypeIdentifierStepCount", "value": 120, "unit": "count",
///  "start": "2025-10-01T07:00:00+02:00", "end": "2025-10-01T07:10:00+02:00",
///  "source": {"name": "iPhone", "bundleIdentifier": "com.apple.health"},
///  "device": {"name": "iPhone", "model": "iPhone"}, "metadata": {"HKWasUserEntered": true}}
/// ```
/// - `uuid` is optional (a new one is made); `type` is an identifier or short name (`stepCount`).
/// - `sourceVersion` and `creationDate` are optional.
/// - Category samples: `value` is the raw integer or a name (`asleepCore`,
///   `HKCategoryValueSleepAnalysisAsleepCore`); no `unit`.
/// - Workouts (`"type": "HKWorkoutTypeIdentifier"` or `"workout"`): `activity` (name or raw
///   value), optional `duration` (seconds, without pauses), `events` [{`type`, `start`, `end`, `metadata`}], `statistics`
///   [{`type`, `unit`, `sum`, `average`, `minimum`, `maximum`}], `associated` [samples].
/// - Correlations (`bloodPressure`, `food`): `members` [samples].
public enum SampleJSON {
    /// The JSON object for `sample`, dates written with `zone`'s offset.
    public static func object(for sample: Sample, in zone: TimeZone) -> [String: Any] {
        var object: [String: Any] = [
            "uuid": sample.uuid.uuidString,
            "type": sample.type.identifier,
            "start": ISO8601.format(sample.start, in: zone),
            "end": ISO8601.format(sample.end, in: zone),
            "source": ["name": sample.source.name, "bundleIdentifier": sample.source.bundleIdentifier],
        ]
        if let version = sample.sourceVersion { object["sourceVersion"] = version }
        if let created = sample.creationDate { object["creationDate"] = ISO8601.format(created, in: zone) }
        if let device = sample.device { object["device"] = deviceObject(device) }
        if !sample.metadata.isEmpty { object["metadata"] = metadataObject(sample.metadata, zone: zone) }
        switch sample.content {
        case .quantity(let quantity):
            object["value"] = quantity.value
            object["unit"] = quantity.unit.unitString
        case .category(let value):
            object["value"] = value
        case .workout(let workout):
            object["activity"] = workout.activityType.name
            if let duration = workout.duration { object["duration"] = duration }
            if !workout.events.isEmpty {
                object["events"] = workout.events.map { eventObject($0, zone: zone) }
            }
            if !workout.statistics.isEmpty { object["statistics"] = workout.statistics.map(statisticsObject) }
            if !workout.activities.isEmpty {
                object["activities"] = workout.activities.map { activity -> [String: Any] in
                    var item: [String: Any] = [
                        "uuid": activity.uuid.uuidString, "activity": activity.activityType.name,
                        "start": ISO8601.format(activity.start, in: zone),
                        "end": ISO8601.format(activity.end, in: zone),
                    ]
                    if !activity.events.isEmpty { item["events"] = activity.events.map { eventObject($0, zone: zone) } }
                    if !activity.statistics.isEmpty { item["statistics"] = activity.statistics.map(statisticsObject) }
                    if !activity.metadata.isEmpty { item["metadata"] = metadataObject(activity.metadata, zone: zone) }
                    return item
                }
            }
            if !workout.associatedSamples.isEmpty {
                object["associated"] = workout.associatedSamples.map { self.object(for: $0, in: zone) }
            }
        case .correlation(let members):
            object["members"] = members.map { self.object(for: $0, in: zone) }
        }
        return object
    }

    /// One line of JSONL for `sample`, keys sorted.
    public static func line(for sample: Sample, in zone: TimeZone) -> String {
        encode(object(for: sample, in: zone))
    }

    /// Compact JSON text with sorted keys.
    public static func encode(_ object: Any) -> String {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The JSON object for a device (only the fields that are set).
    public static func deviceObject(_ device: Device) -> [String: Any] {
        let fields: [(String, String?)] = [
            ("name", device.name), ("manufacturer", device.manufacturer), ("model", device.model),
            ("hardwareVersion", device.hardwareVersion), ("firmwareVersion", device.firmwareVersion),
            ("softwareVersion", device.softwareVersion), ("localIdentifier", device.localIdentifier),
            ("udiDeviceIdentifier", device.udiDeviceIdentifier),
        ]
        var object: [String: Any] = [:]
        for (key, value) in fields { if let value { object[key] = value } }
        return object
    }

    /// The JSON object for metadata; dates as {"date": …}, quantities as {"value", "unit"}.
    public static func metadataObject(_ metadata: Metadata, zone: TimeZone) -> [String: Any] {
        metadata.mapValues { value -> Any in
            switch value {
            case .string(let text): text
            case .number(let number): number
            case .bool(let flag): flag
            case .date(let date): ["date": ISO8601.format(date, in: zone)]
            case .quantity(let quantity): ["value": quantity.value, "unit": quantity.unit.unitString]
            }
        }
    }

    static func eventObject(_ event: WorkoutEvent, zone: TimeZone) -> [String: Any] {
        var object: [String: Any] = [
            "type": event.type, "start": ISO8601.format(event.start, in: zone),
            "end": ISO8601.format(event.end, in: zone),
        ]
        if !event.metadata.isEmpty { object["metadata"] = metadataObject(event.metadata, zone: zone) }
        return object
    }

    static func statisticsObject(_ statistics: WorkoutStatistics) -> [String: Any] {
        var object: [String: Any] = ["type": statistics.type.identifier, "unit": statistics.unit.unitString]
        if let sum = statistics.sum { object["sum"] = sum }
        if let average = statistics.average { object["average"] = average }
        if let minimum = statistics.minimum { object["minimum"] = minimum }
        if let maximum = statistics.maximum { object["maximum"] = maximum }
        return object
    }
}
