import Foundation
import VitalsContract
import VitalsCore

extension ReadQuery {
    /// The query of `GET /api/v1/statistics`, every field of ``VitalsCore/StatisticsQuery``, and
    /// how many buckets one answer holds (`limit`).
    ///
    /// `type`, `from`, `to` and `interval` are required; `intervalCount` defaults to 1, `anchor`
    /// to the start of the interval holding `from`, the calendar to the user's (Gregorian, in
    /// `zone` when given, weeks from `firstWeekday`, `minimumDaysInFirstWeek`), `categoryValues`
    /// to the type's default, the sources to all. The options must suit the type (400 `options`
    /// otherwise; `type` for a type without statistics).
    func statistics() throws -> (query: StatisticsQuery, limit: Int) {
        let type = try type(required: true)!
        guard let from = try instant("from") else { throw Self.invalid("from", "from is required") }
        guard let to = try instant("to") else { throw Self.invalid("to", "to is required") }
        guard from <= to else { throw Self.invalid("to", "to must not be before from") }
        guard let intervalText = parameters.get("interval") else {
            throw Self.invalid(
                "interval", "interval is required: one of \(ReadAPI.intervalWords.joined(separator: ", "))")
        }
        guard let interval = CalendarPeriod(rawValue: intervalText) else {
            throw Self.invalid("interval", "interval must be one of \(ReadAPI.intervalWords.joined(separator: ", "))")
        }
        let count = try integer("intervalCount", in: 1...ReadAPI.maximumIntervalCount) ?? 1
        let limit = try integer("limit", in: 1...ReadAPI.maximumBuckets) ?? ReadAPI.maximumBuckets
        let options = try words(ReadAPI.statisticsOptionWords)
        let query = StatisticsQuery(
            type: type, range: DateRange(clampingStart: from, end: to), interval: interval,
            intervalCount: count, anchor: try instant("anchor"), calendar: try calendar(),
            options: options, categoryValues: try categoryValues(), sources: try sourceFilter())
        do throws(VitalsError) {
            try query.validate()
        } catch {
            throw Self.invalid(ReadAPI.statisticsOptions(for: type) == nil ? "type" : "options", error.message)
        }
        return (query, limit)
    }

    /// The calendar buckets are made in: Gregorian, in `zone` (the user's when absent).
    func calendar() throws -> Calendar {
        var zone = user.calendar.timeZone
        if let name = parameters.get("zone") {
            guard ReadAPI.acceptsZone(name), let named = TimeZone(identifier: name) else {
                throw Self.invalid("zone", "zone must be an IANA time zone (Europe/Berlin) or GMT+hhmm")
            }
            zone = named
        }
        var calendar = Calendar.gregorian(in: zone, firstWeekday: try integer("firstWeekday", in: 1...7) ?? 2)
        if let days = try integer("minimumDaysInFirstWeek", in: 1...7) { calendar.minimumDaysInFirstWeek = days }
        return calendar
    }

    /// `categoryValues=`: the category values that count, comma-separated (empty: none);
    /// absent: the type's default.
    func categoryValues() throws -> Set<Int>? {
        guard let text = parameters.get("categoryValues") else { return nil }
        if text.isEmpty { return [] }
        var values: Set<Int> = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let digits = part.hasPrefix("-") ? part.dropFirst() : part[...]
            guard (1...9).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int(part)
            else {
                throw Self.invalid("categoryValues", "categoryValues must be a comma-separated list of whole numbers")
            }
            values.insert(value)
        }
        return values
    }
}
