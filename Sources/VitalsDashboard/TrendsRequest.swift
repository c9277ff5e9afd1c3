import Foundation
import VitalsCore

/// What a Trends URL asks for: `/trends?type=...&range=7|30|90|365|custom&from=&to=&bucket=day|week`.
///
/// `range=N` is the last N days up to and including today; `range=custom` is `[from, to)` as
/// `vitals stats --from --to` reads it (`to` not included). Weekly buckets widen the days to
/// whole weeks starting on the calendar's first weekday, so every bucket is a whole week.
struct TrendsRequest: Sendable, Hashable {
    /// Which days.
    enum Span: Sendable, Hashable {
        case lastDays(Int)
        /// `[from, to)`.
        case custom(from: LocalDate, to: LocalDate)
    }

    /// How long one bucket is.
    enum Bucket: String, Sendable, Hashable, CaseIterable {
        case day, week
    }

    var metric: DashboardMetric
    var span: Span
    var bucket: Bucket

    /// The ranges `range=` offers besides `custom`.
    static let presetDays = [7, 30, 90, 365]
    /// The longest custom range, in days (ten years).
    static let maximumDays = 3660

    /// Reads the URL's parameters; a missing one takes its default (steps, 30 days, daily).
    /// Throws ``BadParameter`` naming the first parameter it cannot use.
    init(_ parameters: QueryParameters) throws(BadParameter) {
        if let type = parameters["type"] {
            metric = try DashboardMetric(parameter: type, name: "type")
        } else {
            metric = .quantity(.stepCount)
        }
        guard let bucket = Bucket(rawValue: parameters["bucket"] ?? "day") else {
            throw BadParameter("bucket", "'\(parameters["bucket"] ?? "")' is not a bucket; use day or week")
        }
        self.bucket = bucket
        let range = parameters["range"] ?? (parameters["from"] != nil || parameters["to"] != nil ? "custom" : "30")
        if range == "custom" {
            let from = try Self.day(parameters, "from")
            let to = try Self.day(parameters, "to")
            guard from < to else {
                throw BadParameter("to", "\(to) is not after \(from) (to is the first day not included)")
            }
            guard from.days(to: to) <= Self.maximumDays else {
                throw BadParameter("from", "the range is longer than \(Self.maximumDays) days")
            }
            span = .custom(from: from, to: to)
        } else if let days = Int(range), Self.presetDays.contains(days) {
            span = .lastDays(days)
        } else {
            throw BadParameter("range", "'\(range)' is not a range; use 7, 30, 90, 365 or custom (with from and to)")
        }
    }

    init(metric: DashboardMetric, span: Span, bucket: Bucket) {
        self.metric = metric
        self.span = span
        self.bucket = bucket
    }

    private static func day(_ parameters: QueryParameters, _ name: String) throws(BadParameter) -> LocalDate {
        guard let text = parameters[name] else { throw BadParameter(name, "range=custom needs \(name)=YYYY-MM-DD") }
        guard let day = try? LocalDate(parsing: text) else {
            throw BadParameter(name, "'\(text)' is not a day (expected YYYY-MM-DD)")
        }
        guard CalendarRequest.years.contains(day.year) else {
            throw BadParameter(name, "the year must be between 1001 and 9998")
        }
        return day
    }

    /// `range=`'s value.
    var rangeParameter: String {
        switch span {
        case .lastDays(let days): String(days)
        case .custom: "custom"
        }
    }

    /// The days asked for, `[first, end)`, before widening to weeks.
    func days(today: LocalDate) -> (first: LocalDate, end: LocalDate) {
        switch span {
        case .lastDays(let count): (today.adding(days: 1 - count), today.adding(days: 1))
        case .custom(let from, let to): (from, to)
        }
    }

    /// The period charted, `[first, end)`: the days, widened to whole weeks for weekly buckets.
    func period(today: LocalDate, calendar: Calendar) -> TrendPeriod {
        let (first, end) = days(today: today)
        guard bucket == .week else { return TrendPeriod(first: first, end: end, bucketDays: 1) }
        let start = Self.weekStart(of: first, in: calendar)
        let last = Self.weekStart(of: end.adding(days: -1), in: calendar)
        return TrendPeriod(first: start, end: last.adding(days: 7), bucketDays: 7)
    }

    /// The same period a year earlier: as many buckets, starting on the day one year before
    /// (29 February → 28 February), moved back to its week's start for weekly buckets.
    func lastYear(of period: TrendPeriod, calendar: Calendar) -> TrendPeriod {
        let first = period.first
        let day =
            (try? LocalDate(year: first.year - 1, month: first.month, day: first.day))
            ?? (try? LocalDate(year: first.year - 1, month: first.month, day: first.day - 1))
            ?? first.adding(days: -365)
        let start = bucket == .week ? Self.weekStart(of: day, in: calendar) : day
        return TrendPeriod(first: start, end: start.adding(days: period.dayCount), bucketDays: period.bucketDays)
    }

    /// The first day of the week holding `day`, weeks starting on `calendar.firstWeekday`.
    static func weekStart(of day: LocalDate, in calendar: Calendar) -> LocalDate {
        let start = DateRange.period(.week, containing: day.start(in: calendar), in: calendar).start
        return LocalDate(containing: start, in: calendar)
    }
}

/// Days `[first, end)` in buckets of `bucketDays` days (1 or 7).
struct TrendPeriod: Sendable, Hashable {
    var first: LocalDate
    var end: LocalDate
    var bucketDays: Int

    /// How many days.
    var dayCount: Int { first.days(to: end) }

    /// The last day included.
    var last: LocalDate { end.adding(days: -1) }
}
