import Foundation

/// One JSON object of a document, with its exact path, for typed reads whose errors name the field.
///
/// Paths are written as in the document: `data.metrics[3].data[17]`, so an error names
/// `data.metrics[3].data[17].qty`. Messages describe what was expected and never repeat values.
public struct JSONObjectReader: Sendable {
    /// The object's members.
    public let fields: JSONValue.Object
    /// The file name errors report.
    public let file: String
    /// Where the object is; an element's path is spelled only when asked for (errors, mostly).
    private let position: Position
    /// Whether dates may also be in 12-hour form (`2024-09-21 7:57:00 am +1000`); objects read
    /// from this one inherit it.
    public var twelveHourClock = false

    /// A path as given, or element `index` of member `key` of the object at `parent`.
    private enum Position: Sendable {
        case given(String)
        case element(parent: String, key: String, index: Int)
    }

    /// Where the object is in the document (`""` for the root).
    public var path: String {
        switch position {
        case .given(let path): path
        case .element(let parent, let key, let index):
            parent.isEmpty ? "\(key)[\(index)]" : "\(parent).\(key)[\(index)]"
        }
    }

    /// Reads `fields`, found at `path` (`""` for the root) of the document named `file`.
    public init(fields: JSONValue.Object, path: String = "", file: String) {
        self.fields = fields
        self.position = .given(path)
        self.file = file
    }

    /// This reader with its path spelled out once: elements of a reader with many of them share it.
    public var anchored: JSONObjectReader {
        if case .given = position { return self }
        return JSONObjectReader(fields: fields, position: .given(path), file: file, twelveHourClock: twelveHourClock)
    }

    private init(fields: JSONValue.Object, position: Position, file: String, twelveHourClock: Bool) {
        self.fields = fields
        self.position = position
        self.file = file
        self.twelveHourClock = twelveHourClock
    }

    /// Reads a whole document, which must be a JSON object.
    public init(document value: JSONValue, file: String) throws(VitalsError) {
        guard case .object(let object) = value else {
            throw VitalsError(.invalidInput, "expected an object, not \(value.kindName)", at: InputLocation(file: file))
        }
        self.init(fields: object, file: file)
    }

    /// The path of member `key`.
    public func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// An error located at member `key` (or at this object when `key` is nil).
    public func error(_ code: VitalsError.Code, _ message: String, at key: String? = nil) -> VitalsError {
        let field = key.map(fieldPath) ?? (path.isEmpty ? nil : path)
        return VitalsError(code, message, at: InputLocation(file: file, field: field))
    }

    /// Whether member `key` is present and not `null`.
    public func has(_ key: String) -> Bool { value(key) != nil }

    /// Member `key`, nil when absent or `null`.
    public func value(_ key: String) -> JSONValue? {
        switch fields[key] {
        case nil, .null?: nil
        case let value?: value
        }
    }

    /// Whether member `key` is an array.
    public func isArray(_ key: String) -> Bool {
        if case .array? = fields[key] { return true }
        return false
    }

    private func missing(_ key: String) -> VitalsError {
        error(.invalidInput, "the field is required", at: key)
    }

    public func optionalString(_ key: String) throws(VitalsError) -> String? {
        switch value(key) {
        case nil: return nil
        case .string(let text)?: return text
        case let other?: throw error(.invalidInput, "expected a string, not \(other.kindName)", at: key)
        }
    }

    public func string(_ key: String) throws(VitalsError) -> String {
        guard let text = try optionalString(key) else { throw missing(key) }
        return text
    }

    public func optionalNumber(_ key: String) throws(VitalsError) -> Double? {
        switch value(key) {
        case nil: return nil
        case .number(let number)?:
            guard number.isFinite else { throw error(.invalidValue, "the value is not a finite number", at: key) }
            return number
        case let other?: throw error(.invalidInput, "expected a number, not \(other.kindName)", at: key)
        }
    }

    public func number(_ key: String) throws(VitalsError) -> Double {
        guard let number = try optionalNumber(key) else { throw missing(key) }
        return number
    }

    /// A whole number (`12`, `12.0`); a fraction or a number beyond ±2^53 is `.invalidValue`.
    public func optionalInteger(_ key: String) throws(VitalsError) -> Int? {
        guard let number = try optionalNumber(key) else { return nil }
        guard number.rounded() == number, abs(number) <= 9_007_199_254_740_992 else {
            throw error(.invalidValue, "expected a whole number", at: key)
        }
        return Int(number)
    }

    /// A number that must not be negative (hours, durations, counts).
    public func optionalNonNegative(_ key: String) throws(VitalsError) -> Double? {
        guard let number = try optionalNumber(key) else { return nil }
        guard number >= 0 else { throw error(.invalidValue, "the value cannot be negative", at: key) }
        return number
    }

    public func optionalBool(_ key: String) throws(VitalsError) -> Bool? {
        switch value(key) {
        case nil: return nil
        case .bool(let flag)?: return flag
        case let other?: throw error(.invalidInput, "expected true or false, not \(other.kindName)", at: key)
        }
    }

    /// A timestamp such as `2024-02-06 14:30:00 -0800` (Health Auto Export's form) or ISO 8601
    /// with an offset (also 12-hour, see ``twelveHourClock``); anything else is an `.invalidDate` error.
    public func optionalDate(_ key: String) throws(VitalsError) -> Date? {
        guard let text = try optionalString(key) else { return nil }
        guard let date = ISO8601.parse(text, twelveHourClock: twelveHourClock) else {
            throw error(.invalidDate, "expected a timestamp like 2024-02-06 14:30:00 -0800", at: key)
        }
        return date
    }

    public func date(_ key: String) throws(VitalsError) -> Date {
        guard let date = try optionalDate(key) else { throw missing(key) }
        return date
    }

    public func optionalObject(_ key: String) throws(VitalsError) -> JSONObjectReader? {
        switch value(key) {
        case nil: return nil
        case .object(let object)?:
            return JSONObjectReader(
                fields: object, position: .given(fieldPath(key)), file: file,
                twelveHourClock: twelveHourClock)
        case let other?: throw error(.invalidInput, "expected an object, not \(other.kindName)", at: key)
        }
    }

    public func object(_ key: String) throws(VitalsError) -> JSONObjectReader {
        guard let object = try optionalObject(key) else { throw missing(key) }
        return object
    }

    public func optionalArray(_ key: String) throws(VitalsError) -> [JSONValue]? {
        switch value(key) {
        case nil: return nil
        case .array(let array)?: return array
        case let other?: throw error(.invalidInput, "expected an array, not \(other.kindName)", at: key)
        }
    }

    public func array(_ key: String) throws(VitalsError) -> [JSONValue] {
        guard let array = try optionalArray(key) else { throw missing(key) }
        return array
    }

    /// Element `index` of array member `key`, which must be an object.
    public func element(
        _ item: JSONValue, of key: String,
        at index: Int
    ) throws(VitalsError) -> JSONObjectReader {
        guard case .object(let object) = item else {
            throw VitalsError(
                .invalidInput, "expected an object, not \(item.kindName)",
                at: InputLocation(file: file, field: "\(fieldPath(key))[\(index)]"))
        }
        return JSONObjectReader(
            fields: object, position: .element(parent: path, key: key, index: index), file: file,
            twelveHourClock: twelveHourClock)
    }
}
