import Foundation

/// Typed access to a `JSONSerialization` object whose errors name the field.
struct JSONFields {
    let raw: [String: Any]

    init(_ raw: [String: Any]) { self.raw = raw }

    private func missing(_ key: String) -> VitalsError {
        VitalsError(.invalidInput, "the field is required", at: InputLocation(field: key))
    }

    private func wrong(_ key: String, _ expected: String) -> VitalsError {
        VitalsError(.invalidInput, "expected \(expected)", at: InputLocation(field: key))
    }

    /// Whether `number` came from a JSON `true`/`false`.
    static func isBoolean(_ number: NSNumber) -> Bool {
        // JSONSerialization makes booleans as char-typed numbers on every platform.
        String(cString: number.objCType) == "c"
    }

    func optionalString(_ key: String) throws(VitalsError) -> String? {
        guard let value = raw[key], !(value is NSNull) else { return nil }
        guard let text = value as? String else { throw wrong(key, "a string") }
        return text
    }

    func string(_ key: String) throws(VitalsError) -> String {
        guard let text = try optionalString(key) else { throw missing(key) }
        return text
    }

    func optionalUUID(_ key: String) throws(VitalsError) -> UUID? {
        guard let text = try optionalString(key) else { return nil }
        guard let uuid = UUID(uuidString: text) else {
            throw VitalsError(.invalidInput, "expected a UUID", at: InputLocation(field: key))
        }
        return uuid
    }

    func optionalNumber(_ key: String) throws(VitalsError) -> Double? {
        guard let value = raw[key], !(value is NSNull) else { return nil }
        guard let number = value as? NSNumber, !Self.isBoolean(number) else { throw wrong(key, "a number") }
        // Long decimals arrive as NSDecimalNumber, whose doubleValue can be an ulp off; go through the text.
        let double = number is NSDecimalNumber ? (Double(number.stringValue) ?? number.doubleValue) : number.doubleValue
        guard double.isFinite else {
            throw VitalsError(.invalidValue, "the value is not a finite number", at: InputLocation(field: key))
        }
        return double
    }

    func number(_ key: String) throws(VitalsError) -> Double {
        guard let number = try optionalNumber(key) else { throw missing(key) }
        return number
    }

    func optionalDate(_ key: String) throws(VitalsError) -> Date? {
        guard let text = try optionalString(key) else { return nil }
        guard let date = ISO8601.parse(text) else {
            throw VitalsError(
                .invalidDate, "expected an ISO 8601 timestamp with an offset, like 2025-10-01T07:30:00+02:00",
                at: InputLocation(field: key))
        }
        return date
    }

    func date(_ key: String) throws(VitalsError) -> Date {
        guard let date = try optionalDate(key) else { throw missing(key) }
        return date
    }

    func optionalObject(_ key: String) throws(VitalsError) -> JSONFields? {
        guard let value = raw[key], !(value is NSNull) else { return nil }
        guard let object = value as? [String: Any] else { throw wrong(key, "an object") }
        return JSONFields(object)
    }

    func object(_ key: String) throws(VitalsError) -> JSONFields {
        guard let object = try optionalObject(key) else { throw missing(key) }
        return object
    }

    func array(_ key: String) throws(VitalsError) -> [Any] {
        guard let value = raw[key] else { throw missing(key) }
        guard let array = value as? [Any] else { throw wrong(key, "an array") }
        return array
    }

    func optionalObjects(_ key: String) throws(VitalsError) -> [JSONFields] {
        guard let value = raw[key], !(value is NSNull) else { return [] }
        guard let array = value as? [Any] else { throw wrong(key, "an array") }
        var result: [JSONFields] = []
        for (index, item) in array.enumerated() {
            guard let object = item as? [String: Any] else { throw wrong("\(key)[\(index)]", "an object") }
            result.append(JSONFields(object))
        }
        return result
    }
}
