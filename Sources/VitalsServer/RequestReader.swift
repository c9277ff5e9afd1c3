import Foundation
import VitalsCore
import VitalsContract

/// Reads and validates request bodies: syntax errors become 400s, wrong or impossible values 422s.
///
/// Unknown members are ignored. Errors name the JSON path (`[2].sleep_minutes`,
/// `data.workouts[0].startTime`) and never repeat the values sent.
struct RequestReader {
    /// The requesting user's today: dates after the next day are rejected.
    let today: LocalDate
    /// The user's calendar, for workout days.
    let calendar: Calendar

    static let earliest = try! LocalDate(year: 1900, month: 1, day: 1)
    static let label = "request body"

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

    /// A `YYYY-MM-DD` member between 1900-01-01 and the user's tomorrow.
    func day(_ object: JSONObjectReader, _ key: String) throws(VitalsError) -> LocalDate? {
        guard let text = try object.optionalString(key) else { return nil }
        let date: LocalDate
        do {
            date = try LocalDate(parsing: text)
        } catch {
            throw object.error(.invalidDate, error.message, at: key)
        }
        try check(date, object, key)
        return date
    }

    func check(_ date: LocalDate, _ object: JSONObjectReader, _ key: String) throws(VitalsError) {
        guard date >= Self.earliest else { throw object.error(.invalidDate, "dates before 1900 are not accepted", at: key) }
        guard date <= today.adding(days: 1) else {
            throw object.error(.invalidDate, "the date is more than a day in the future", at: key)
        }
    }

    /// A timestamp member (ISO 8601 with an offset) in the same bounds as days.
    func instant(_ object: JSONObjectReader, _ key: String) throws(VitalsError) -> Date? {
        guard let date = try object.optionalDate(key) else { return nil }
        try check(LocalDate(containing: date, in: calendar), object, key)
        return date
    }

    /// A whole number in `range`.
    ///
    /// A fraction is rounded to the nearest whole number, halves away from zero (`421.5` is
    /// `422`): clients that add up durations send them, and a minute or a step more or less is
    /// not worth refusing a day's sync for.
    func integer(_ object: JSONObjectReader, _ key: String, in range: ClosedRange<Int>,
                 _ meaning: String) throws(VitalsError) -> Int? {
        guard let number = try object.optionalNumber(key) else { return nil }
        let rounded = number.rounded(.toNearestOrAwayFromZero)
        guard abs(rounded) <= 9_007_199_254_740_992, range.contains(Int(rounded)) else {
            throw object.error(.invalidValue, meaning, at: key)
        }
        return Int(rounded)
    }

    /// A finite number in `range`.
    func number(_ object: JSONObjectReader, _ key: String, in range: ClosedRange<Double>,
                _ meaning: String) throws(VitalsError) -> Double? {
        guard let value = try object.optionalNumber(key) else { return nil }
        guard range.contains(value) else { throw object.error(.invalidValue, meaning, at: key) }
        return value
    }

    /// The objects of a body that is one object or an array of them, with their paths.
    static func objects(in document: JSONValue) throws(VitalsError) -> [JSONObjectReader] {
        switch document {
        case .object(let object): return [JSONObjectReader(fields: object, file: label)]
        case .array(let items):
            var objects: [JSONObjectReader] = []
            for (index, item) in items.enumerated() {
                guard case .object(let object) = item else {
                    throw VitalsError(.invalidInput, "expected an object, not \(item.kindName)",
                                      at: InputLocation(file: label, field: "[\(index)]"))
                }
                objects.append(JSONObjectReader(fields: object, path: "[\(index)]", file: label))
            }
            return objects
        default:
            throw VitalsError(.invalidInput, "expected an object or an array of objects, not \(document.kindName)",
                              at: InputLocation(file: label))
        }
    }
}
