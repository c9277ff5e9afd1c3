import Foundation

extension SampleJSON {
    /// Reads and validates JSON Lines: one sample per non-blank line. All lines or none: the first bad line
    /// throws an error naming `file`, the line number and the field.
    public static func decodeLines(_ data: Data, file: String) throws(VitalsError) -> [Sample] {
        var samples: [Sample] = []
        var lineNumber = 0
        var lineStart = data.startIndex
        var byteOffset: Int64 = 0
        while lineStart < data.endIndex {
            lineNumber += 1
            let lineEnd = data[lineStart...].firstIndex(of: 0x0A) ?? data.endIndex
            let line = data[lineStart..<lineEnd]
            let location = InputLocation(file: file, line: lineNumber, byteOffset: byteOffset)
            if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                do {
                    samples.append(try decode(line: Data(line)).validated())
                } catch {
                    throw error.located(location)
                }
            }
            byteOffset += Int64(line.count + 1)
            lineStart = lineEnd < data.endIndex ? data.index(after: lineEnd) : data.endIndex
        }
        return samples
    }

    /// Decodes one JSON object text into a sample.
    public static func decode(line: Data) throws(VitalsError) -> Sample {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: line, options: [])
        } catch {
            throw VitalsError(.invalidInput, "not valid JSON")
        }
        guard let object = parsed as? [String: Any] else {
            throw VitalsError(.invalidInput, "expected a JSON object")
        }
        return try decode(object: object)
    }

    /// Decodes a JSON object (as `JSONSerialization` produces) into a sample.
    public static func decode(object: [String: Any]) throws(VitalsError) -> Sample {
        let fields = JSONFields(object)
        let typeName = try fields.string("type")
        let type: SampleType
        if let known = SampleType(name: typeName) {
            type = known
        } else if typeName.hasPrefix("HK") {
            type = SampleType(identifier: typeName)
        } else {
            throw VitalsError(
                .unknownType, "'\(typeName)' is not a HealthKit type identifier or name",
                at: InputLocation(field: "type"))
        }
        let start = try fields.date("start")
        let end = try fields.optionalDate("end") ?? start
        let uuid = try fields.optionalUUID("uuid") ?? UUID()
        let sourceFields = try fields.object("source")
        let source: Source
        do throws(VitalsError) {
            source = Source(
                name: try sourceFields.string("name"),
                bundleIdentifier: try sourceFields.string("bundleIdentifier"))
        } catch {
            throw error.located(InputLocation(field: "source"))
        }
        let content: Sample.Content
        switch type.kind {
        case .workout:
            content = .workout(try workout(fields))
        case .correlation:
            let members = try fields.array("members")
            var decoded: [Sample] = []
            for (index, member) in members.enumerated() {
                guard let memberObject = member as? [String: Any] else {
                    throw VitalsError(
                        .invalidInput, "expected an object", at: InputLocation(field: "members[\(index)]"))
                }
                do { decoded.append(try decode(object: memberObject)) } catch {
                    throw error.located(InputLocation(field: "members[\(index)]"))
                }
            }
            content = .correlation(decoded)
        case .category:
            content = .category(try categoryValue(fields, type: type))
        default:
            let value = try fields.number("value")
            let unitText = try fields.optionalString("unit") ?? type.canonicalUnitString
            guard let unitText else {
                throw VitalsError(
                    .invalidInput, "a unit is required for \(type.identifier)", at: InputLocation(field: "unit"))
            }
            let unit: HealthUnit
            do { unit = try HealthUnit(parsing: unitText) } catch {
                throw error.located(InputLocation(field: "unit"))
            }
            content = .quantity(Quantity(value, unit))
        }
        return Sample(
            uuid: uuid, type: type, start: start, end: end, content: content, source: source,
            sourceVersion: try fields.optionalString("sourceVersion"),
            device: try fields.optionalObject("device").map(device),
            metadata: try fields.optionalObject("metadata").map(metadata) ?? [:],
            creationDate: try fields.optionalDate("creationDate"))
    }

    private static func categoryValue(_ fields: JSONFields, type: SampleType) throws(VitalsError) -> Int {
        if let name = fields.raw["value"] as? String {
            guard let value = CategoryValue.rawValue(forName: name, type: type) ?? Int(name) else {
                throw VitalsError(
                    .invalidValue, "the value is not a category value name of \(type.shortName)",
                    at: InputLocation(field: "value"))
            }
            return value
        }
        let number = try fields.number("value")
        guard number == number.rounded(), abs(number) < 1e9 else {
            throw VitalsError(.invalidValue, "category values are whole numbers", at: InputLocation(field: "value"))
        }
        return Int(number)
    }

    private static func workout(_ fields: JSONFields) throws(VitalsError) -> Workout {
        let activity: WorkoutActivityType
        if let name = fields.raw["activity"] as? String {
            guard let named = WorkoutActivityType(name: name) else {
                throw VitalsError(
                    .invalidValue, "'\(name)' is not a workout activity type",
                    at: InputLocation(field: "activity"))
            }
            activity = named
        } else if let number = try fields.optionalNumber("activity") {
            guard number >= 0, number == number.rounded(), number < 1e6 else {
                throw VitalsError(
                    .invalidValue, "activity raw values are whole numbers", at: InputLocation(field: "activity"))
            }
            activity = WorkoutActivityType(rawValue: UInt(number))
        } else {
            activity = .other
        }
        var workout = Workout(activityType: activity)
        if let duration = try fields.optionalNumber("duration") {
            guard duration >= 0 else {
                throw VitalsError(
                    .invalidValue, "a workout's duration cannot be negative", at: InputLocation(field: "duration"))
            }
            workout.duration = duration
        }
        for (index, item) in try fields.optionalObjects("events").enumerated() {
            do throws(VitalsError) { workout.events.append(try workoutEvent(item)) } catch {
                throw error.located(InputLocation(field: "events[\(index)]"))
            }
        }
        for (index, item) in try fields.optionalObjects("statistics").enumerated() {
            do throws(VitalsError) { workout.statistics.append(try statistics(item)) } catch {
                throw error.located(InputLocation(field: "statistics[\(index)]"))
            }
        }
        for (index, item) in try fields.optionalObjects("activities").enumerated() {
            do throws(VitalsError) { workout.activities.append(try workoutActivity(item, parent: activity)) } catch {
                throw error.located(InputLocation(field: "activities[\(index)]"))
            }
        }
        for (index, item) in try fields.optionalObjects("associated").enumerated() {
            do throws(VitalsError) { workout.associatedSamples.append(try decode(object: item.raw)) } catch {
                throw error.located(InputLocation(field: "associated[\(index)]"))
            }
        }
        return workout
    }

    private static func workoutEvent(_ item: JSONFields) throws(VitalsError) -> WorkoutEvent {
        let type = try item.number("type")
        guard type == type.rounded(), (0...1000).contains(type) else {
            throw VitalsError(
                .invalidValue, "event types are whole numbers (1 pause ... 8)", at: InputLocation(field: "type"))
        }
        return WorkoutEvent(
            type: Int(type), start: try item.date("start"), end: try item.optionalDate("end"),
            metadata: try item.optionalObject("metadata").map { fields throws(VitalsError) in try metadata(fields) }
                ?? [:])
    }

    private static func workoutActivity(
        _ item: JSONFields, parent: WorkoutActivityType
    ) throws(VitalsError) -> WorkoutActivity {
        let uuid = try item.optionalUUID("uuid") ?? UUID()
        let name = try item.optionalString("activity")
        guard let type = name.map({ WorkoutActivityType(name: $0) }) ?? parent else {
            throw VitalsError(.invalidValue, "not a workout activity type", at: InputLocation(field: "activity"))
        }
        var result = WorkoutActivity(
            uuid: uuid, activityType: type, start: try item.date("start"),
            end: try item.date("end"),
            metadata: try item.optionalObject("metadata").map { fields throws(VitalsError) in try metadata(fields) }
                ?? [:])
        for (index, event) in try item.optionalObjects("events").enumerated() {
            do throws(VitalsError) { result.events.append(try workoutEvent(event)) } catch {
                throw error.located(InputLocation(field: "events[\(index)]"))
            }
        }
        for (index, statistic) in try item.optionalObjects("statistics").enumerated() {
            do throws(VitalsError) { result.statistics.append(try statistics(statistic)) } catch {
                throw error.located(InputLocation(field: "statistics[\(index)]"))
            }
        }
        return result
    }

    private static func statistics(_ item: JSONFields) throws(VitalsError) -> WorkoutStatistics {
        let typeName = try item.string("type")
        guard let type = SampleType(name: typeName) else {
            throw VitalsError(
                .unknownType, "'\(typeName)' is not a known quantity type", at: InputLocation(field: "type"))
        }
        let unit: HealthUnit
        do { unit = try HealthUnit(parsing: try item.string("unit")) } catch {
            throw error.located(InputLocation(field: "unit"))
        }
        return WorkoutStatistics(
            type: type, unit: unit, sum: try item.optionalNumber("sum"),
            average: try item.optionalNumber("average"),
            minimum: try item.optionalNumber("minimum"),
            maximum: try item.optionalNumber("maximum"))
    }

    private static func device(_ fields: JSONFields) -> Device {
        func text(_ key: String) -> String? { fields.raw[key] as? String }
        return Device(
            name: text("name"), manufacturer: text("manufacturer"), model: text("model"),
            hardwareVersion: text("hardwareVersion"), firmwareVersion: text("firmwareVersion"),
            softwareVersion: text("softwareVersion"), localIdentifier: text("localIdentifier"),
            udiDeviceIdentifier: text("udiDeviceIdentifier"))
    }

    private static func metadata(_ fields: JSONFields) throws(VitalsError) -> Metadata {
        var result: Metadata = [:]
        for (key, value) in fields.raw {
            switch value {
            case let text as String:
                result[key] = .string(text)
            case let number as NSNumber:
                // Long decimals arrive as NSDecimalNumber, whose doubleValue can be an ulp off; go through the text.
                let double =
                    number is NSDecimalNumber ? (Double(number.stringValue) ?? number.doubleValue) : number.doubleValue
                result[key] = JSONFields.isBoolean(number) ? .bool(number.boolValue) : .number(double)
            case let nested as [String: Any]:
                if let text = nested["date"] as? String, let date = ISO8601.parse(text) {
                    result[key] = .date(date)
                } else if let number = nested["value"] as? NSNumber, let unitText = nested["unit"] as? String,
                    let unit = try? HealthUnit(parsing: unitText)
                {
                    result[key] = .quantity(Quantity(number.doubleValue, unit))
                } else {
                    throw VitalsError(
                        .invalidInput, "metadata objects are {\"date\": …} or {\"value\": …, \"unit\": …}",
                        at: InputLocation(field: "metadata.\(key)"))
                }
            default:
                throw VitalsError(
                    .invalidInput, "metadata values are strings, numbers, booleans, dates or quantities",
                    at: InputLocation(field: "metadata.\(key)"))
            }
        }
        return result
    }
}

extension SampleJSON {
    /// Metadata from its JSON text (as `metadataObject` writes it).
    public static func decodeMetadata(_ text: String) throws(VitalsError) -> Metadata {
        try metadata(JSONFields(try jsonObject(text, field: "metadata")))
    }

    /// A device from its JSON text (as `deviceObject` writes it).
    public static func decodeDevice(_ text: String) throws(VitalsError) -> Device {
        device(JSONFields(try jsonObject(text, field: "device")))
    }

    private static func jsonObject(_ text: String, field: String) throws(VitalsError) -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            throw VitalsError(.invalidInput, "expected a JSON object", at: InputLocation(field: field))
        }
        return object
    }
}
