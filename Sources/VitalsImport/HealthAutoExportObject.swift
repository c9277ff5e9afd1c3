import Foundation
import VitalsCore

/// One JSON object of a Health Auto Export document, with its exact path for error messages.
///
/// Paths are written as in the document: `data.metrics[3].data[17]`, so an error names
/// `data.metrics[3].data[17].qty`. Messages describe what was expected and never repeat values.
struct HealthAutoExportObject {
    /// The object's members.
    let fields: HealthAutoExportJSON.Object
    /// Where the object is in the document (`""` for the root).
    let path: String
    /// The file name errors report.
    let file: String

    /// The path of member `key`.
    func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// An error located at member `key` (or at this object when `key` is nil).
    func error(_ code: VitalsError.Code, _ message: String, at key: String? = nil) -> VitalsError {
        let field = key.map(fieldPath) ?? (path.isEmpty ? nil : path)
        return VitalsError(code, message, at: InputLocation(file: file, field: field))
    }

    /// Whether member `key` is present and not `null`.
    func has(_ key: String) -> Bool { value(key) != nil }

    /// Member `key`, nil when absent or `null`.
    func value(_ key: String) -> HealthAutoExportJSON? {
        switch fields[key] {
        case nil, .null?: nil
        case let value?: value
        }
    }

    /// Whether member `key` is an array.
    func isArray(_ key: String) -> Bool {
        if case .array? = fields[key] { return true }
        return false
    }

    private func missing(_ key: String) -> VitalsError {
        error(.invalidInput, "the field is required", at: key)
    }

    func optionalString(_ key: String) throws(VitalsError) -> String? {
        switch value(key) {
        case nil: return nil
        case .string(let text)?: return text
        case let other?: throw error(.invalidInput, "expected a string, not \(other.kindName)", at: key)
        }
    }

    func string(_ key: String) throws(VitalsError) -> String {
        guard let text = try optionalString(key) else { throw missing(key) }
        return text
    }

    func optionalNumber(_ key: String) throws(VitalsError) -> Double? {
        switch value(key) {
        case nil: return nil
        case .number(let number)?:
            guard number.isFinite else { throw error(.invalidValue, "the value is not a finite number", at: key) }
            return number
        case let other?: throw error(.invalidInput, "expected a number, not \(other.kindName)", at: key)
        }
    }

    func number(_ key: String) throws(VitalsError) -> Double {
        guard let number = try optionalNumber(key) else { throw missing(key) }
        return number
    }

    /// A number that must not be negative (hours, durations, counts).
    func optionalNonNegative(_ key: String) throws(VitalsError) -> Double? {
        guard let number = try optionalNumber(key) else { return nil }
        guard number >= 0 else { throw error(.invalidValue, "the value cannot be negative", at: key) }
        return number
    }

    func optionalBool(_ key: String) throws(VitalsError) -> Bool? {
        switch value(key) {
        case nil: return nil
        case .bool(let flag)?: return flag
        case let other?: throw error(.invalidInput, "expected true or false, not \(other.kindName)", at: key)
        }
    }

    /// A timestamp such as `2024-02-06 14:30:00 -0800` (Health Auto Export's form) or ISO 8601
    /// with an offset; anything else is an `.invalidDate` error.
    func optionalDate(_ key: String) throws(VitalsError) -> Date? {
        guard let text = try optionalString(key) else { return nil }
        guard let date = ISO8601.parse(text) else {
            throw error(.invalidDate, "expected a timestamp like 2024-02-06 14:30:00 -0800", at: key)
        }
        return date
    }

    func date(_ key: String) throws(VitalsError) -> Date {
        guard let date = try optionalDate(key) else { throw missing(key) }
        return date
    }

    func optionalObject(_ key: String) throws(VitalsError) -> HealthAutoExportObject? {
        switch value(key) {
        case nil: return nil
        case .object(let object)?: return HealthAutoExportObject(fields: object, path: fieldPath(key), file: file)
        case let other?: throw error(.invalidInput, "expected an object, not \(other.kindName)", at: key)
        }
    }

    func object(_ key: String) throws(VitalsError) -> HealthAutoExportObject {
        guard let object = try optionalObject(key) else { throw missing(key) }
        return object
    }

    func optionalArray(_ key: String) throws(VitalsError) -> [HealthAutoExportJSON]? {
        switch value(key) {
        case nil: return nil
        case .array(let array)?: return array
        case let other?: throw error(.invalidInput, "expected an array, not \(other.kindName)", at: key)
        }
    }

    func array(_ key: String) throws(VitalsError) -> [HealthAutoExportJSON] {
        guard let array = try optionalArray(key) else { throw missing(key) }
        return array
    }

    /// Element `index` of array member `key`, which must be an object.
    func element(_ item: HealthAutoExportJSON, of key: String,
                 at index: Int) throws(VitalsError) -> HealthAutoExportObject {
        let elementPath = "\(fieldPath(key))[\(index)]"
        guard case .object(let object) = item else {
            throw VitalsError(.invalidInput, "expected an object, not \(item.kindName)",
                              at: InputLocation(file: file, field: elementPath))
        }
        return HealthAutoExportObject(fields: object, path: elementPath, file: file)
    }

    /// A `{"qty": 350, "units": "kcal"}` member converted to `unit`, or nil when absent.
    func optionalMeasurement(_ key: String, in unit: HealthUnit, metric: String) throws(VitalsError) -> Double? {
        guard let measurement = try optionalObject(key) else { return nil }
        let qty = try measurement.number("qty")
        let source = try HealthAutoExportUnits.unit(try measurement.string("units"), metric: metric,
                                                    at: measurement, key: "units")
        return try HealthAutoExportUnits.convert(qty, from: source, to: unit, metric: metric, at: measurement,
                                                 key: "units")
    }

    /// Member `metadata`: strings, numbers and booleans kept under their own keys.
    func metadata() throws(VitalsError) -> Metadata {
        guard let object = try optionalObject("metadata") else { return [:] }
        var metadata: Metadata = [:]
        for (key, value) in object.fields.members {
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
