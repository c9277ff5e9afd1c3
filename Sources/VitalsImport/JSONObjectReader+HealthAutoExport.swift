import VitalsCore

extension JSONObjectReader {
    /// A `{"qty": 350, "units": "kcal"}` member converted to `unit`, or nil when absent.
    func optionalMeasurement(_ key: String, in unit: HealthUnit, metric: String) throws(VitalsError) -> Double? {
        guard let measurement = try optionalObject(key) else { return nil }
        let qty = try measurement.number("qty")
        let source = try HealthAutoExportUnits.unit(
            try measurement.string("units"), metric: metric,
            at: measurement, key: "units")
        return try HealthAutoExportUnits.convert(
            qty, from: source, to: unit, metric: metric, at: measurement,
            key: "units")
    }

    /// Member `metadata`: strings, numbers and booleans kept under their own keys, but the keys
    /// Vitals itself sets (``HealthAutoExportMetadata/reservedKeys``), which an item cannot set.
    func metadata() throws(VitalsError) -> Metadata {
        guard let object = try optionalObject("metadata") else { return [:] }
        var metadata: Metadata = [:]
        for (key, value) in object.fields.members where !HealthAutoExportMetadata.reservedKeys.contains(key) {
            switch value {
            case .null: metadata[key] = nil
            case .string(let text): metadata[key] = .string(text)
            case .bool(let flag): metadata[key] = .bool(flag)
            case .number(let number):
                guard number.isFinite else {
                    throw object.error(.invalidValue, "the value is not a finite number", at: key)
                }
                metadata[key] = .number(number)
            case .array, .object:
                throw object.error(.invalidInput, "metadata values are strings, numbers or booleans", at: key)
            }
        }
        return metadata
    }
}
