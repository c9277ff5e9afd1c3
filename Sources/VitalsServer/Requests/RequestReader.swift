import Foundation
import VitalsContract
import VitalsCore

/// Reads and validates request bodies: syntax errors become 400s, wrong or impossible values 422s.
///
/// Members are read through their ``BodyField``s (``BodyShape/daily`` and the others), the
/// declarations the OpenAPI document is made from. Unknown members are ignored (the daily
/// metrics' answer lists them, ``BodyShape/unknownMembers(of:)``). Errors name the
/// JSON path (`[2].sleep_minutes`, `data.workouts[0].startTime`) and never repeat the values sent.
struct RequestReader {
    /// The days a body may name.
    let days: BodyDays

    static let label = "request body"

    init(now: Date) {
        days = BodyDays(now: now)
    }

    /// Parses the body as JSON, turning a syntax error into a 400.
    static func document(_ data: Data) throws(APIError) -> JSONValue {
        do {
            return try JSONValue.parse(data, file: label)
        } catch {
            throw APIError.malformed(error)
        }
    }

    /// Runs `body`, turning a value error into a 422.
    static func validating<T>(_ body: () throws(VitalsError) -> T) throws(APIError) -> T {
        do {
            return try body()
        } catch {
            throw APIError.unprocessable(error)
        }
    }

    /// Refuses a required field that is absent or `null`.
    private func present<T>(_ value: T?, _ object: JSONObjectReader, _ field: BodyField) throws(VitalsError) -> T? {
        if value == nil, field.required { throw object.error(.invalidInput, "the field is required", at: field.name) }
        return value
    }

    /// A `.day` field: `YYYY-MM-DD` within ``days``.
    func day(_ object: JSONObjectReader, _ field: BodyField) throws(VitalsError) -> LocalDate? {
        guard let text = try present(try object.optionalString(field.name), object, field) else { return nil }
        let date: LocalDate
        do {
            date = try LocalDate(parsing: text)
        } catch {
            throw object.error(.invalidDate, error.message, at: field.name)
        }
        try check(date, object, field.name)
        return date
    }

    private func check(_ date: LocalDate, _ object: JSONObjectReader, _ key: String) throws(VitalsError) {
        guard date >= BodyDays.earliest else {
            throw object.error(.invalidDate, "dates before 1900 are not accepted", at: key)
        }
        guard days.contains(date) else {
            throw object.error(.invalidDate, "the date is after \(days.latest), tomorrow in UTC", at: key)
        }
    }

    /// An `.instant` field: a timestamp whose written day is within ``days``.
    func instant(_ object: JSONObjectReader, _ field: BodyField) throws(VitalsError) -> Date? {
        guard let date = try present(try object.optionalDate(field.name), object, field) else { return nil }
        // The parse read `YYYY-MM-DD` first, so the text starts with the written day.
        let written = try LocalDate(parsing: String(try object.string(field.name).prefix(10)))
        try check(written, object, field.name)
        return date
    }

    /// A `.count` field: a whole number in its range.
    ///
    /// A fraction is rounded to the nearest whole number, halves away from zero (`421.5` is
    /// `422`): clients that add up durations send them, and a minute or a step more or less is
    /// not worth refusing a day's sync for.
    func integer(_ object: JSONObjectReader, _ field: BodyField) throws(VitalsError) -> Int? {
        guard case .count(let range) = field.rule else { preconditionFailure("\(field.name) is not a count") }
        guard let number = try present(try object.optionalNumber(field.name), object, field) else { return nil }
        let rounded = number.rounded(.toNearestOrAwayFromZero)
        guard abs(rounded) <= 9_007_199_254_740_992, range.contains(Int(rounded)) else {
            throw object.error(.invalidValue, field.meaning, at: field.name)
        }
        return Int(rounded)
    }

    /// A `.number` field: a finite number in its range.
    func number(_ object: JSONObjectReader, _ field: BodyField) throws(VitalsError) -> Double? {
        guard case .number(let range) = field.rule else { preconditionFailure("\(field.name) is not a number") }
        guard let value = try present(try object.optionalNumber(field.name), object, field) else { return nil }
        guard range.contains(value) else { throw object.error(.invalidValue, field.meaning, at: field.name) }
        return value
    }

    /// A `.text` field: a string whose length in Unicode scalars is in its range.
    func text(_ object: JSONObjectReader, _ field: BodyField) throws(VitalsError) -> String? {
        guard case .text(let length) = field.rule else { preconditionFailure("\(field.name) is not text") }
        guard let text = try present(try object.optionalString(field.name), object, field) else { return nil }
        guard length.contains(text.unicodeScalars.count) else {
            throw object.error(.invalidValue, field.meaning, at: field.name)
        }
        return text
    }

    /// A `.choice` field as `T`.
    func choice<T: RawRepresentable>(_ object: JSONObjectReader, _ field: BodyField) throws(VitalsError) -> T?
    where T.RawValue == String {
        guard case .choice(let values) = field.rule else { preconditionFailure("\(field.name) is not a choice") }
        guard let text = try present(try object.optionalString(field.name), object, field) else { return nil }
        guard let value = T(rawValue: text) else {
            let meaning = field.meaning.isEmpty ? "expected one of: \(values.joined(separator: ", "))" : field.meaning
            throw object.error(.invalidValue, meaning, at: field.name)
        }
        return value
    }

    /// A `.rawObject` field: any JSON object whose kept text is within its size.
    func rawObject(_ object: JSONObjectReader, _ field: BodyField) throws(VitalsError) -> [String: RawJSON]? {
        guard case .rawObject(let maximumBytes) = field.rule else { preconditionFailure("\(field.name) is not raw") }
        guard let value = try present(try object.optionalObject(field.name), object, field) else { return nil }
        let members = RawJSON.members(of: value.fields)
        guard RawJSON.object(members).text.utf8.count <= maximumBytes else {
            throw object.error(.invalidValue, field.meaning, at: field.name)
        }
        return members
    }

    /// A `.boolean` field.
    func boolean(_ object: JSONObjectReader, _ field: BodyField) throws(VitalsError) -> Bool? {
        try present(try object.optionalBool(field.name), object, field)
    }

    /// The objects of a body that is one object or an array of them, with their paths.
    static func objects(in document: JSONValue) throws(VitalsError) -> [JSONObjectReader] {
        switch document {
        case .object(let object): return [JSONObjectReader(fields: object, file: label)]
        case .array(let items):
            var objects: [JSONObjectReader] = []
            for (index, item) in items.enumerated() {
                guard case .object(let object) = item else {
                    throw VitalsError(
                        .invalidInput, "expected an object, not \(item.kindName)",
                        at: InputLocation(file: label, field: "[\(index)]"))
                }
                objects.append(JSONObjectReader(fields: object, path: "[\(index)]", file: label))
            }
            return objects
        default:
            throw VitalsError(
                .invalidInput, "expected an object or an array of objects, not \(document.kindName)",
                at: InputLocation(file: label))
        }
    }
}
