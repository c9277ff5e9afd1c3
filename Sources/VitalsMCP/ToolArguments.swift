import Foundation
import MCP
import VitalsCore

/// A tool call's arguments, read with errors that name the argument and say what it takes.
///
/// Dates are `YYYY-MM-DD` (local midnight in the toolbox's calendar) or ISO 8601 with an offset,
/// as every `vitals` command reads them; types are short names or HealthKit identifiers.
struct ToolArguments: Sendable {
    /// The arguments as the client sent them.
    let values: [String: Value]
    /// The calendar dates are read in.
    let calendar: Calendar

    /// Arguments checked against the names a tool takes: an unknown one is an error, not ignored.
    init(_ values: [String: Value], calendar: Calendar, allowed: Set<String>) throws(VitalsError) {
        if let unknown = values.keys.sorted().first(where: { !allowed.contains($0) }) {
            let known = allowed.sorted().joined(separator: ", ")
            throw VitalsError(
                .invalidInput, "unknown argument; this tool takes \(known.isEmpty ? "none" : known)",
                at: InputLocation(field: unknown))
        }
        self.values = values
        self.calendar = calendar
    }

    func string(_ name: String) throws(VitalsError) -> String? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw wrong(name, "a string") }
        return text
    }

    func required(_ name: String) throws(VitalsError) -> String {
        guard let text = try string(name) else {
            throw VitalsError(.invalidInput, "is required", at: InputLocation(field: name))
        }
        return text
    }

    /// A type by short name or identifier.
    func type(_ name: String = "type") throws(VitalsError) -> SampleType {
        let text = try required(name)
        if let type = SampleType(name: text) { return type }
        if text.hasPrefix("HK"), SampleType.all.contains(SampleType(identifier: text)) {
            return SampleType(identifier: text)
        }
        throw VitalsError(
            .unknownType, "'\(text)' is not a type Vitals knows; list_holdings names the stored ones",
            at: InputLocation(field: name))
    }

    /// An instant: `YYYY-MM-DD` is local midnight.
    func date(_ name: String) throws(VitalsError) -> Date? {
        guard let text = try string(name) else { return nil }
        if let instant = ISO8601.parse(text) { return instant }
        return try localDate(text, name).start(in: calendar)
    }

    /// A local day: `YYYY-MM-DD`, or the day an ISO 8601 instant falls on.
    func day(_ name: String) throws(VitalsError) -> LocalDate? {
        guard let text = try string(name) else { return nil }
        if let instant = ISO8601.parse(text) { return LocalDate(containing: instant, in: calendar) }
        return try localDate(text, name)
    }

    /// `[from, to)`: both required, `to` after `from`.
    func range(from: String = "from", to: String = "to") throws(VitalsError) -> DateRange {
        guard let start = try date(from) else {
            throw VitalsError(.invalidInput, "is required", at: InputLocation(field: from))
        }
        guard let end = try date(to) else {
            throw VitalsError(.invalidInput, "is required", at: InputLocation(field: to))
        }
        do throws(VitalsError) {
            return try DateRange(start: start, end: end)
        } catch {
            throw error.located(InputLocation(field: to))
        }
    }

    func integer(_ name: String, default fallback: Int, in bounds: ClosedRange<Int>) throws(VitalsError) -> Int {
        guard let value = values[name], !value.isNull else { return fallback }
        let number: Int? = value.intValue ?? value.doubleValue.flatMap { $0.rounded() == $0 ? Int(exactly: $0) : nil }
        guard let number else { throw wrong(name, "an integer") }
        guard bounds.contains(number) else {
            throw VitalsError(
                .invalidInput, "must be from \(bounds.lowerBound) to \(bounds.upperBound)",
                at: InputLocation(field: name))
        }
        return number
    }

    func number(_ name: String) throws(VitalsError) -> Double? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let number = value.doubleValue ?? value.intValue.map(Double.init), number.isFinite, number >= 0 else {
            throw wrong(name, "a number of at least 0")
        }
        return number
    }

    func flag(_ name: String, default fallback: Bool) throws(VitalsError) -> Bool {
        guard let value = values[name], !value.isNull else { return fallback }
        guard let flag = value.boolValue else { throw wrong(name, "true or false") }
        return flag
    }

    /// One of `choices`, or `fallback` when absent.
    func choice(_ name: String, _ choices: [String], default fallback: String? = nil) throws(VitalsError) -> String? {
        guard let text = try string(name) else { return fallback }
        guard choices.contains(text) else { throw wrong(name, "one of \(choices.joined(separator: ", "))") }
        return text
    }

    private func localDate(_ text: String, _ name: String) throws(VitalsError) -> LocalDate {
        do throws(VitalsError) {
            return try LocalDate(parsing: text)
        } catch {
            throw VitalsError(
                .invalidDate, "'\(text)' is not YYYY-MM-DD or an ISO 8601 timestamp with an offset",
                at: InputLocation(field: name))
        }
    }

    private func wrong(_ name: String, _ expected: String) -> VitalsError {
        VitalsError(.invalidInput, "must be \(expected)", at: InputLocation(field: name))
    }
}
