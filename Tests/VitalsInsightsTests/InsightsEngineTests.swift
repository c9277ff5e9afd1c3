import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore

@Suite("Insights engine over a SQLite store")
struct InsightsEngineTests {
    static let date = Sleep.day("2025-10-14")

    /// Ten nights ending 5-14 Oct 2025, 23:00-07:00 Berlin, with heart rate, HRV and resting
    /// heart rate readings; the last night runs hot (heart rate 62 against 50-52) and late.
    static func samples() -> [Sample] {
        var samples: [Sample] = []
        for offset in 0..<10 {
            let day = date.adding(days: -offset).description
            let last = offset == 0
            samples.append(
                last
                    ? Sleep.sample(.asleepCore, "\(day)T00:30:00+02:00", "\(day)T07:00:00+02:00")
                    : Sleep.night(ending: day))
            let heart = last ? 62.0 : 50 + Double(offset % 3)
            for hour in ["01", "03", "05"] {
                samples.append(
                    .quantity(
                        .heartRate, heart, .countPerMinute, start: at("\(day)T\(hour):00:00+02:00"), source: Sleep.watch
                    ))
            }
            // A workout's heart rate in the afternoon: not overnight.
            samples.append(
                .quantity(.heartRate, 150, .countPerMinute, start: at("\(day)T17:00:00+02:00"), source: Sleep.watch))
            samples.append(
                .quantity(
                    .heartRateVariabilitySDNN, last ? 30 : 50 + Double(offset % 2) * 4, .millisecond,
                    start: at("\(day)T02:00:00+02:00"), source: Sleep.watch))
            samples.append(
                .quantity(
                    .restingHeartRate, last ? 60 : 55, .countPerMinute, start: at("\(day)T06:00:00+02:00"),
                    source: Sleep.watch))
        }
        return samples
    }

    @Test("A day's insights read the store: the night, what was measured during it, and the baselines")
    func day() async throws {
        let fixture = try InsightsFixture()
        try await fixture.store.save(Self.samples())
        let engine = InsightsEngine(reader: fixture.store, calendar: InsightsFixture.calendar)
        let insights = try await engine.day(Self.date)

        let score = try #require(insights.sleepScore.value)
        #expect(score.night.asleepMinutes == 390)  // 00:30-07:00
        #expect(score.parts[1].baseline?.center == 660 && score.parts[1].points == 10)  // 90 min late: 30 × 30/90
        #expect(score.score == 71)  // 50 × 390/480 = 40.63, + 10 + 20

        let heart = insights.overnight.metrics[0]
        #expect(heart.value == 62 && heart.baseline?.count == 9 && heart.direction == "above")
        let sleep = insights.overnight.metrics[4]
        #expect(sleep.value == 390 && sleep.direction == "below")  // 480 ± 45
        #expect(insights.overnight.outliers == 2 && insights.overnight.notice)

        let readiness = try #require(insights.readiness.value)
        #expect(readiness.parts[0].value == 30 && readiness.parts[1].value == 60)
        #expect(readiness.parts[0].zScore == -3 && readiness.parts[1].zScore == -3)  // far below, far above
        #expect(readiness.score < 50)
        #expect(insights.trends[.steps]?.missingReason != nil)
    }

    @Test("The same samples give the same insights from a store opened again")
    func reopened() async throws {
        let fixture = try InsightsFixture()
        try await fixture.store.save(Self.samples())
        let first = try await InsightsEngine(reader: fixture.store, calendar: InsightsFixture.calendar).day(Self.date)
        let again = try await InsightsEngine(reader: try fixture.reopen(), calendar: InsightsFixture.calendar).day(
            Self.date)
        #expect(first == again)
    }

    @Test("A year of sleep scores and readiness, one per day, each as the day's own insights give it")
    func scores() async throws {
        let fixture = try InsightsFixture()
        try await fixture.store.save(Self.samples())
        let engine = InsightsEngine(reader: fixture.store, calendar: InsightsFixture.calendar)
        let scores = try await engine.scores(from: Self.date.adding(days: -364), through: Self.date)
        #expect(scores.count == 365)
        #expect(scores.values.filter { $0.sleepScore.value != nil }.count == 10)
        let day = try await engine.day(Self.date)
        #expect(scores[Self.date]?.sleepScore == day.sleepScore && scores[Self.date]?.readiness == day.readiness)
        #expect(scores[Self.date]?.readiness.value != nil)
        // The day before: the same as that day's own insights.
        let before = try await engine.day(Self.date.adding(days: -1))
        #expect(scores[Self.date.adding(days: -1)]?.readiness == before.readiness)
    }

    @Test("Daily figures are the store's statistics: sleep as Health's nightly minutes")
    func dailyValues() async throws {
        let fixture = try InsightsFixture()
        try await fixture.store.save(Self.samples())
        let engine = InsightsEngine(reader: fixture.store, calendar: InsightsFixture.calendar)
        let sleep = try await engine.dailyValues(.sleep, from: Self.date.adding(days: -9), through: Self.date)
        #expect(sleep.count == 10 && sleep[Self.date] == 390 && sleep[Self.date.adding(days: -1)] == 480)
        let resting = try await engine.dailyValues(.restingHeartRate, from: Self.date, through: Self.date)
        #expect(resting == [Self.date: 60])
    }
}
