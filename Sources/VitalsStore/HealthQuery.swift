import Foundation
import VitalsCore

/// A read of records from a store over `[from, to)` (seed 002's `HealthQuery`).
///
/// `fetch` never throws: when the store is unavailable, the type unreadable or the query
/// failing, it returns what it can (often nothing), as seed 002 asks. `predicate` is the exact
/// predicate `fetch` uses, so views and calculations can share it.
public protocol HealthQuery: Sendable {
    /// What one result is.
    associatedtype Record: Sendable

    /// The sample predicate for `[from, to)`.
    func predicate(from: Date, to: Date) -> SamplePredicate

    /// The records in `[from, to)`.
    func fetch(from: Date, to: Date, store: any HealthStore) async -> [Record]
}

/// Minutes of an activity on one local day.
public struct DailyMinutes: Sendable, Hashable {
    /// The day, `[00:00, next 00:00)` in the query's calendar.
    public var day: DateRange
    /// Total minutes of samples that started that day.
    public var minutes: Double
}

/// Minutes per day of mindfulness sessions or workouts, from this app's samples by default.
///
/// The calendar view and the streak both call this one query: what you see is what gets counted.
public struct DailyActivityQuery: HealthQuery {
    /// `.mindfulSession` or `.workout`.
    public var type: SampleType
    /// Days are local days of this calendar's time zone.
    public var calendar: Calendar
    /// Which sources count; `.app(bundleIdentifier:)` for "this app and its extensions".
    public var sources: SourceFilter

    /// Creates the query.
    public init(type: SampleType, calendar: Calendar, sources: SourceFilter) {
        self.type = type
        self.calendar = calendar
        self.sources = sources
    }

    /// Samples starting in `[from, to)` (strict start: a session at `to` belongs to the next range).
    public func predicate(from: Date, to: Date) -> SamplePredicate {
        SamplePredicate(start: from, end: to, options: .strictStartDate, sources: sources)
    }

    /// One entry per local day in `[from, to)`, zero minutes on days without samples.
    public func fetch(from: Date, to: Date, store: any HealthStore) async -> [DailyMinutes] {
        let range = DateRange(clampingStart: from, end: to)
        var days = range.days(in: calendar).map { DailyMinutes(day: $0, minutes: 0) }
        let samples = (try? await store.samples(of: type, matching: predicate(from: from, to: to)).value) ?? []
        for sample in samples {
            guard let index = days.firstIndex(where: { $0.day.contains(sample.start) }) else { continue }
            days[index].minutes += sample.duration / 60
        }
        return days
    }
}

/// Counts consecutive days that meet a goal, with the same query a calendar view shows.
public struct StreakCounter: Sendable {
    /// The query both the calendar and the streak use.
    public var query: DailyActivityQuery
    /// Minutes a day needs.
    public var goalMinutes: Double

    /// Creates a counter; throws for a goal that is not positive.
    public init(query: DailyActivityQuery, goalMinutes: Double) throws(VitalsError) {
        guard goalMinutes.isFinite, goalMinutes > 0 else {
            throw VitalsError(.invalidValue, "the goal must be more than 0 minutes", at: InputLocation(field: "goal"))
        }
        self.query = query
        self.goalMinutes = goalMinutes
    }

    /// The current streak: today counts when already met; an unmet today does not break a
    /// streak that ran through yesterday.
    public func currentStreak(now: Date, store: any HealthStore) async -> Int {
        let calendar = query.calendar
        let today = DateRange.today(now: now, in: calendar)
        var streak = 0
        var windowEnd = today.end
        var first = true
        while true {
            let windowStart = calendar.date(byAdding: .day, value: -28, to: windowEnd) ?? windowEnd
            let days = await query.fetch(from: windowStart, to: windowEnd, store: store)
            for day in days.reversed() {
                let met = day.minutes >= goalMinutes
                if first {
                    first = false
                    if !met { continue }
                }
                guard met else { return streak }
                streak += 1
            }
            windowEnd = windowStart
        }
    }
}
