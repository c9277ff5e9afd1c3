import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VitalsCore
import VitalsDashboard
import VitalsStore
import VitalsTestSupport

@Suite("Dashboard: Trends")
struct TrendsPageTests {
    /// Steps from two overlapping sources, weight and resting heart rate on every day from
    /// `first` for `days` days, and the same a year earlier, in `zone`.
    static func store(zone: String, first: String, days: Int) async throws -> DashboardFixture {
        let fixture = try DashboardFixture(zone: zone)
        let start = try LocalDate(parsing: first)
        var samples: [Sample] = []
        for year in [0, -1] {
            for offset in 0..<days {
                let day = (try? LocalDate(year: start.year + year, month: start.month, day: start.day)) ?? start
                let date = day.adding(days: offset).description
                let base = Double(offset * 37 % 500 + (year == 0 ? 1000 : 700))
                samples.append(
                    .quantity(
                        .stepCount, base, .count, start: fixture.at(date, 8), end: fixture.at(date, 9),
                        source: DashboardFixture.phone, device: DashboardFixture.phoneDevice))
                samples.append(
                    .quantity(
                        .stepCount, base * 0.8, .count, start: fixture.at(date, 8, 30), end: fixture.at(date, 9, 30),
                        source: DashboardFixture.watch, device: DashboardFixture.watchDevice))
                // Just before midnight: the day it belongs to is the one it starts in.
                samples.append(
                    .quantity(
                        .stepCount, 77, .count, start: fixture.at(date, 23, 50), end: fixture.at(date, 23, 59),
                        source: DashboardFixture.phone, device: DashboardFixture.phoneDevice))
                if offset % 3 == 0 {
                    samples.append(
                        .quantity(
                            .bodyMass, 70 + Double(offset % 7) * 0.3, .kilogram, start: fixture.at(date, 7),
                            source: DashboardFixture.phone))
                    samples.append(
                        .quantity(
                            .bodyMass, 71 + Double(offset % 5) * 0.2, .kilogram, start: fixture.at(date, 19),
                            source: DashboardFixture.phone))
                }
                samples.append(
                    .quantity(
                        .restingHeartRate, 50 + Double(offset % 9), .countPerMinute, start: fixture.at(date, 6),
                        source: DashboardFixture.watch, device: DashboardFixture.watchDevice))
            }
        }
        try await fixture.store.save(samples)
        return fixture
    }

    /// `[first 00:00, end 00:00)` in the fixture's zone.
    static func span(_ fixture: DashboardFixture, _ first: String, _ end: String) throws -> DateRange {
        try DateRange(start: fixture.at(first, 0), end: fixture.at(end, 0))
    }

    /// The `data-value`s of the chart's marks of one series, by `data-start`.
    static func marks(_ html: String, series: String) -> [String: Double] {
        var values: [String: Double] = [:]
        for mark in PageReader.elements(html, containing: "data-series=\"\(series)\" data-start=") {
            if let start = mark["data-start"], let value = mark["data-value"].flatMap(Double.init) {
                values[start] = value
            }
        }
        return values
    }

    /// The summary cell `key` of `series`.
    static func summary(_ html: String, _ key: String, series: String = "current") -> Double? {
        PageReader.elements(html, containing: "data-summary=\"\(key)\" data-series=\"\(series)\"").first?["data-value"]
            .flatMap(Double.init)
    }

    @Test("30 days of steps across a DST change equal the daily statistics, last year's beside them")
    func dailySteps() async throws {
        let fixture = try await Self.store(zone: "Europe/Berlin", first: "2025-10-07", days: 30)
        let page = try await fixture.get(
            "/trends?type=stepCount&range=30&bucket=day", now: fixture.at("2025-11-05", 15))
        #expect(page.status == .ok)
        let html = page.body
        let zone = fixture.calendar.timeZone
        let current = try await fixture.statistics(
            .stepCount, .sum, over: Self.span(fixture, "2025-10-07", "2025-11-06"))
        #expect(current.count == 30)
        #expect(current.contains { $0.range.duration == 25 * 3600 }, "26 October has 25 hours in Berlin")
        let shown = Self.marks(html, series: "current")
        #expect(shown.count == 30)
        for bucket in current {
            #expect(shown[ISO8601.format(bucket.range.start, in: zone)] == bucket.sum)
        }
        let last = try await fixture.statistics(.stepCount, .sum, over: Self.span(fixture, "2024-10-07", "2024-11-06"))
        let shownLast = Self.marks(html, series: "last-year")
        #expect(shownLast.count == 30)
        for bucket in last {
            #expect(shownLast[ISO8601.format(bucket.range.start, in: zone)] == bucket.sum)
        }
        // The summary: the period's merged total, and the days' average, lowest and highest.
        let daily = current.compactMap(\.sum)
        let total = try #require(Self.summary(html, "total"))
        #expect(abs(total - daily.reduce(0, +)) < 1e-6)
        #expect(Self.summary(html, "maximum") == daily.max() && Self.summary(html, "minimum") == daily.min())
        #expect(abs((Self.summary(html, "average") ?? 0) - total / Double(daily.count)) < 1e-9)
        let lastTotal = try #require(Self.summary(html, "total", series: "last-year"))
        #expect(abs(lastTotal - last.compactMap(\.sum).reduce(0, +)) < 1e-6)
        #expect(lastTotal < total, "last year's fixture has fewer steps")
        #expect(html.contains("Steps, 30 days, with the same period last year</title>"))
        #expect(html.contains("aria-current=\"page\">30 days</a>"))
    }

    @Test(
        "Weekly buckets are whole weeks from the calendar's first weekday; a DST week is 167 hours",
        arguments: [2, 1])
    func weeklyBuckets(firstWeekday: Int) async throws {
        let fixture = try await Self.store(zone: "America/New_York", first: "2025-02-20", days: 40)
        let calendar = Calendar.gregorian(in: fixture.calendar.timeZone, firstWeekday: firstWeekday)
        let html = try await Self.get(
            fixture, calendar: calendar,
            "/trends?type=stepCount&range=custom&from=2025-03-01&to=2025-03-20&bucket=week",
            now: fixture.at("2025-04-01", 12)
        ).body
        // 1-19 March widened to whole weeks: Monday 24 Feb (Sunday 23 Feb) to Monday 24 March (Sunday 23 March).
        let (first, end) = firstWeekday == 2 ? ("2025-02-24", "2025-03-24") : ("2025-02-23", "2025-03-23")
        let range = try DateRange(start: fixture.at(first, 0), end: fixture.at(end, 0))
        let expected = try await fixture.store.statistics(
            StatisticsQuery(
                type: .stepCount, range: range, interval: .week,
                calendar: calendar, options: .sum)
        ).value
        #expect(expected.count == 4)
        #expect(expected.contains { $0.range.duration == 167 * 3600 }, "the week of 9 March loses an hour")
        let shown = Self.marks(html, series: "current")
        #expect(shown.count == 4)
        #expect(expected.allSatisfy { shown[ISO8601.format($0.range.start, in: calendar.timeZone)] == $0.sum })
        #expect(html.contains("data-buckets=\"4\""))
        let summaryTotal = try #require(Self.summary(html, "total"))
        #expect(abs(summaryTotal - expected.compactMap(\.sum).reduce(0, +)) < 1e-6)
    }

    @Test("Weight shows averages with the lowest and highest reading, per day and for the period")
    func discreteType() async throws {
        let fixture = try await Self.store(zone: "Europe/Berlin", first: "2025-10-30", days: 7)
        let html = try await fixture.get("/trends?type=bodyMass&range=7", now: fixture.at("2025-11-05", 12)).body
        let span = try Self.span(fixture, "2025-10-30", "2025-11-06")
        let daily = try await fixture.statistics(.bodyMass, .average, over: span)
        let shown = Self.marks(html, series: "current")
        let withData = daily.filter { $0.average != nil }
        #expect(!withData.isEmpty && shown.count == withData.count)
        #expect(
            withData.allSatisfy { shown[ISO8601.format($0.range.start, in: fixture.calendar.timeZone)] == $0.average })
        let whole = try #require(
            try await fixture.store.statistics(
                StatisticsQuery(
                    type: .bodyMass, range: span, interval: .day, intervalCount: 7, calendar: fixture.calendar,
                    options: [.average, .minimum, .maximum])
            ).value.first)
        #expect(Self.summary(html, "average") == whole.average)
        #expect(Self.summary(html, "minimum") == whole.minimum && Self.summary(html, "maximum") == whole.maximum)
        #expect(Self.summary(html, "total") == nil, "a discrete type has no total")
        // Weighed every third day: points only, no line drawn across the days between.
        #expect(!html.contains("class=\"trend-line line-current\""))
    }

    @Test("A daily line breaks where a day has no data; a lone day is a point without a line")
    func lineBreaksAtGaps() async throws {
        let fixture = try DashboardFixture(zone: "Europe/Berlin")
        // 30 and 31 October, then 2 to 4 November, then 6 November: gaps on 1 and 5 November.
        let days = ["2025-10-30", "2025-10-31", "2025-11-02", "2025-11-03", "2025-11-04", "2025-11-06"]
        try await fixture.store.save(
            days.enumerated().map { index, day in
                .quantity(
                    .bodyMass, 70 + Double(index) * 0.5, .kilogram, start: fixture.at(day, 7),
                    source: DashboardFixture.phone)
            })
        let html = try await fixture.get(
            "/trends?type=bodyMass&range=custom&from=2025-10-30&to=2025-11-07", now: fixture.at("2025-11-06", 12)
        ).body
        #expect(Self.marks(html, series: "current").count == days.count)
        let lines = html.components(separatedBy: "<polyline class=\"trend-line line-current\" points=\"").dropFirst()
            .map { $0.prefix { $0 != "\"" }.split(separator: " ").count }
        #expect(lines == [2, 3], "one line per run of days with data")
    }

    @Test("Sleep is asleep time per night, noon to noon on the wall clock, across the spring DST change")
    func sleepPerNight() async throws {
        let fixture = try DashboardFixture(zone: "America/New_York")
        var samples: [Sample] = []
        for offset in 0..<7 {
            let evening = try LocalDate(parsing: "2025-03-05").adding(days: offset).description
            let morning = try LocalDate(parsing: "2025-03-06").adding(days: offset).description
            samples.append(
                .category(
                    .sleepAnalysis, SleepAnalysisValue.asleepCore.rawValue, start: fixture.at(evening, 23),
                    end: fixture.at(morning, 6, offset * 5), source: DashboardFixture.watch,
                    device: DashboardFixture.watchDevice))
            samples.append(
                .category(
                    .sleepAnalysis, SleepAnalysisValue.awake.rawValue, start: fixture.at(morning, 3),
                    end: fixture.at(morning, 3, 20), source: DashboardFixture.watch,
                    device: DashboardFixture.watchDevice))
        }
        // A nap at 12:30 on the DST day belongs to the next night: noon is 12:00 on the wall clock.
        samples.append(
            .category(
                .sleepAnalysis, SleepAnalysisValue.asleepCore.rawValue, start: fixture.at("2025-03-09", 12, 30),
                end: fixture.at("2025-03-09", 13), source: DashboardFixture.phone))
        try await fixture.store.save(samples)
        let html = try await fixture.get("/trends?type=sleep&range=7", now: fixture.at("2025-03-12", 9)).body
        let shown = Self.marks(html, series: "current")
        #expect(shown.count == 7)
        for offset in 0..<7 {
            let day = try LocalDate(parsing: "2025-03-06").adding(days: offset)
            let night = try DateRange(
                start: fixture.at(day.adding(days: -1).description, 12), end: fixture.at(day.description, 12))
            let asleep = try await fixture.statistics(.sleepAnalysis, .duration, over: night, interval: .day)
            let minutes = asleep.compactMap(\.duration).reduce(0, +)
            #expect(shown[ISO8601.format(night.start, in: fixture.calendar.timeZone)] == minutes, "night to \(day)")
        }
        #expect(html.contains("Night to Sun 9 Mar 2025"))
        // The night to 9 March: asleep 23:00-06:15 (awake inside a core stage does not cut the union), the clocks going forward: 6 h 15 min.
        let dstNight = try DateRange(start: fixture.at("2025-03-08", 12), end: fixture.at("2025-03-09", 12))
        #expect(shown[ISO8601.format(dstNight.start, in: fixture.calendar.timeZone)] == 375)
        // Starting on the night after the change: its noon is 12:00 EDT, so the 12:30 nap counts.
        let after = try await fixture.get(
            "/trends?type=sleep&range=custom&from=2025-03-10&to=2025-03-12",
            now: fixture.at("2025-03-12", 9)
        ).body
        let nextNight = try DateRange(start: fixture.at("2025-03-09", 12), end: fixture.at("2025-03-10", 12))
        let nap = try await fixture.statistics(.sleepAnalysis, .duration, over: nextNight).compactMap(\.duration)
            .reduce(0, +)
        #expect(
            Self.marks(after, series: "current")[ISO8601.format(nextNight.start, in: fixture.calendar.timeZone)] == nap)
        #expect(nap == 30 + 7 * 60 + 20, "the 12:30 nap and 23:00-06:20")
    }

    @Test(
        "A value the page cannot use is a 400 page naming the parameter",
        arguments: [
            ("type=nope", "type"), ("type=mindfulSessionX", "type"), ("type=workout", "type"), ("range=12", "range"),
            ("bucket=month", "bucket"), ("range=custom&to=2025-01-01", "from"),
            ("range=custom&from=2025-13-01&to=2025-12-01", "from"),
            ("range=custom&from=2025-02-01&to=2025-01-01", "to"), ("from=2025-01-01", "to"),
        ])
    func badParameters(query: String, parameter: String) async throws {
        let fixture = try await Self.store(zone: "UTC", first: "2025-01-01", days: 2)
        let page = try await fixture.get("/trends?\(query)", now: fixture.at("2025-01-02", 12))
        #expect(page.status == .badRequest)
        #expect(page.body.contains("data-parameter=\"\(parameter)\""), "\(query)")
        #expect(page.body.contains("href=\"/trends\""))
    }

    @Test("An unreadable type says so instead of a zero; a type without data and an empty store show an empty state")
    func unreadableAndEmpty() async throws {
        let fixture = try await Self.store(zone: "UTC", first: "2025-01-01", days: 3)
        try await fixture.store.setAuthorization(.sharingDenied, for: .stepCount, access: .read)
        let denied = try await fixture.get("/trends?type=stepCount&range=7", now: fixture.at("2025-01-03", 12))
        #expect(denied.status == .ok && denied.body.contains("data-state=\"unreadable\""))
        #expect(!denied.body.contains("data-series=\"current\""))
        let none = try await fixture.get("/trends?type=vo2Max&range=7", now: fixture.at("2025-01-03", 12)).body
        #expect(none.contains("data-state=\"none\"") && !none.contains("<svg"))
        let empty = try DashboardFixture(zone: "UTC")
        let emptyPage = try await empty.get("/trends", now: Date()).body
        #expect(emptyPage.contains("No health data yet") && !emptyPage.contains("<svg"))
    }

    @Test("Presets and ranges are links keeping the other choices; the custom range is a GET form")
    func navigation() async throws {
        let fixture = try await Self.store(zone: "UTC", first: "2025-01-01", days: 3)
        let html = try await fixture.get(
            "/trends?type=restingHeartRate&range=90&bucket=week", now: fixture.at("2025-01-03", 12)
        ).body
        for preset in [
            "bodyMass", "restingHeartRate", "heartRateVariabilitySDNN", "vo2Max", "stepCount", "sleepAnalysis",
        ] {
            #expect(html.contains("href=\"/trends?type=\(preset)&amp;range=90&amp;bucket=week\""), "\(preset)")
        }
        #expect(html.contains("href=\"/trends?type=restingHeartRate&amp;range=365&amp;bucket=week\""))
        #expect(html.contains("<form class=\"custom-range\" method=\"get\" action=\"/trends\">"))
        #expect(html.contains("href=\"/trends\" aria-current=\"page\">Trends</a>"))
    }

    /// GETs `path` from a dashboard over the fixture's store in `calendar`.
    static func get(
        _ fixture: DashboardFixture, calendar: Calendar, _ path: String, now: Date
    ) async throws
        -> (status: HTTPResponse.Status, body: String)
    {
        var configuration = DashboardConfiguration()
        configuration.now = { now }
        let router = Router()
        let scope = DashboardScope(reader: fixture.store, calendar: calendar)
        Dashboard<BasicRequestContext>(configuration: configuration) { _, _ in scope }.register(on: router)
        return try await Application(router: router).test(.router) { client in
            let response = try await client.execute(uri: path, method: .get)
            return (response.status, String(buffer: response.body))
        }
    }
}
