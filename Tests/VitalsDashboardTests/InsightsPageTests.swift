import Foundation
import Testing
import VitalsCore
import VitalsDashboard
import VitalsInsights
import VitalsStore
import VitalsTestSupport
import VitalsTesting

/// The Insights page, the correlations page, the Today card and the Trends notice show what the
/// engine computes over the same store, every part with its working, and missing inputs as reasons.
@Suite("Dashboard: Insights")
struct InsightsPageTests {
    /// A store in Berlin with ``InsightsSamples``' nights, and "now" the evening of their last day.
    static func fixture() async throws -> (DashboardFixture, Date) {
        let fixture = try DashboardFixture(zone: "Europe/Berlin")
        try await fixture.store.save(InsightsSamples.samples())
        return (fixture, fixture.at(InsightsSamples.lastDay.description, 18))
    }

    @Test("The Insights page shows the engine's scores, parts, overnight ranges and factor effects")
    func page() async throws {
        let (fixture, now) = try await Self.fixture()
        let day = InsightsSamples.lastDay
        let expected = try await InsightsEngine(reader: fixture.store, calendar: fixture.calendar).day(day)
        let page = try await fixture.get("/insights?date=\(day)", now: now)
        #expect(page.status == .ok)
        let sections = PageReader.elements(page.body, containing: "data-insight=")
        let byName = Dictionary(sections.map { ($0["data-insight"] ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        let score = try #require(expected.sleepScore.value)
        #expect(byName["sleep-score"]?["data-value"] == String(score.score))
        #expect(byName["readiness"]?["data-value"] == expected.readiness.value.map { String($0.score) })
        #expect(byName["overnight"]?["data-outliers"] == String(expected.overnight.outliers))
        // Each sleep-score part drawn with its points; each vital's dot at last night's value.
        let bars = PageReader.elements(page.body, containing: "class=\"bar part\"")
        #expect(bars.map { $0["data-part"] } == score.parts.map(\.name))
        #expect(bars.map { $0["data-value"].flatMap(Double.init) } == score.parts.map(\.points))
        let dots = PageReader.elements(page.body, containing: "class=\"point night")
        #expect(dots.count == expected.overnight.metrics.filter { $0.baseline?.low != nil && $0.value != nil }.count)
        for dot in dots {
            let metric = expected.overnight.metrics.first { $0.vital.rawValue == dot["data-vital"] }
            #expect(dot["data-value"].flatMap(Double.init) == metric?.value)
        }
        // Factor effects: the difference the engine gives, or its reason.
        for factor in Factor.allCases {
            let row = PageReader.elements(page.body, containing: "data-factor=\"\(factor.rawValue)\"").first
            #expect(row != nil)
            switch expected.factors[factor]?["sleepScore"] {
            case .value(let effect)?:
                #expect(page.body.contains("data-value=\"\(DisplayExact.text(effect.difference))\""))
            case .missing(let reason)?:
                #expect(page.body.contains(HTMLText.escaped(reason)))
            case nil: Issue.record("no factor \(factor)")
            }
        }
        // Trends without a year before say why, never a zero.
        #expect(PageReader.count("data-state=\"missing\"", in: page.body) >= DailyFigure.allCases.count)
    }

    @Test("A day without sleep says why each score is missing, never a zero")
    func missing() async throws {
        let (fixture, now) = try await Self.fixture()
        let page = try await fixture.get("/insights?date=2025-08-01", now: now)
        #expect(page.status == .ok)
        let sections = PageReader.elements(page.body, containing: "data-insight=\"sleep-score\"")
        #expect(sections.first?["data-value"] == nil)
        #expect(page.body.contains("data-state=\"missing\""))
        #expect(!page.body.contains("class=\"bar part\""))
    }

    @Test("A bad date or figure is a 400 page naming the parameter")
    func badParameters() async throws {
        let (fixture, now) = try await Self.fixture()
        for (path, parameter) in [
            ("/insights?date=2025-13-01", "date"), ("/insights/correlations?x=pulse", "x"),
            ("/insights/correlations?lag=3", "lag"), ("/insights/correlations?days=2", "days"),
        ] {
            let page = try await fixture.get(path, now: now)
            #expect(page.status == .badRequest, "\(path)")
            #expect(page.body.contains("data-parameter=\"\(parameter)\""), "\(path)")
        }
    }

    @Test("The correlations page draws a dot per day pair with both values, and r and n as the engine gives them")
    func correlations() async throws {
        let (fixture, now) = try await Self.fixture()
        let day = InsightsSamples.lastDay
        let expected = try await InsightsEngine(reader: fixture.store, calendar: fixture.calendar).correlation(
            .steps, .sleep, lag: 1, through: day, days: 40)
        let value = try #require(expected.value)
        let page = try await fixture.get("/insights/correlations?x=steps&y=sleep&lag=1&days=40&date=\(day)", now: now)
        #expect(page.status == .ok)
        let section = try #require(PageReader.elements(page.body, containing: "data-insight=\"correlation\"").first)
        #expect(section["data-value"].flatMap(Double.init) == value.r && section["data-n"] == String(value.n))
        let dots = PageReader.elements(page.body, containing: "class=\"point dot\"")
        #expect(dots.map { $0["data-date"] } == value.points.map { $0.date.description })
        #expect(dots.map { $0["data-y"].flatMap(Double.init) } == value.points.map(\.y))
        // The form keeps the choice.
        #expect(page.body.contains("<option value=\"sleep\" selected>"))
    }

    @Test("Today's card shows last night's sleep score, readiness and outliers, linking to the Insights page")
    func todayCard() async throws {
        let (fixture, now) = try await Self.fixture()
        let night = try await InsightsEngine(reader: fixture.store, calendar: fixture.calendar).night(
            InsightsSamples.lastDay)
        let today = try await fixture.get("/", now: now)
        #expect(PageReader.figure(today.body, "sleep-score") == night.sleepScore.value.map { Double($0.score) })
        #expect(PageReader.figure(today.body, "readiness") == night.readiness.value.map { Double($0.score) })
        #expect(PageReader.figure(today.body, "overnight-outliers") == Double(night.overnight.outliers))
        #expect(today.body.contains("href=\"/insights?date=\(InsightsSamples.lastDay)\""))
    }

    @Test("Trends shows the insights' notice of a lasting change against the year before")
    func trendNotice() async throws {
        let fixture = try DashboardFixture(zone: "Europe/Berlin")
        // A year of 8,000 steps a day, then 90 days of 10,000: up 25 %.
        let last = try LocalDate(parsing: "2025-11-02")
        var samples: [Sample] = []
        for offset in 0..<455 {
            let day = last.adding(days: -offset).description
            samples.append(
                .quantity(
                    .stepCount, offset < 90 ? 10_000 : 8_000, .count, start: fixture.at(day, 9),
                    end: fixture.at(day, 10), source: DashboardFixture.phone))
        }
        try await fixture.store.save(samples)
        let page = try await fixture.get("/trends?type=stepCount&range=30", now: fixture.at(last.description, 18))
        let notice = try #require(PageReader.elements(page.body, containing: "class=\"trend-notice trend-").first)
        #expect(notice["data-direction"] == "up" && notice["data-value"].flatMap(Double.init) == 25, "\(notice)")
        // Heart rate has no insights trend: no notice.
        let heart = try await fixture.get("/trends?type=heartRate&range=30", now: fixture.at(last.description, 18))
        #expect(!heart.body.contains("trend-notice"))
    }
}

/// The texts the page writes, as the tests look for them.
enum DisplayExact {
    static func text(_ value: Double) -> String { String(value) }
}

enum HTMLText {
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}
