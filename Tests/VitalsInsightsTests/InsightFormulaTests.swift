import Foundation
import Testing
import VitalsCore
import VitalsInsights

@Suite("Insight formulas")
struct InsightFormulaTests {
    static let date = Sleep.day("2025-10-14")

    /// `values` on the days before `date`, the last one the day before.
    static func history(_ values: [Double], today: Double? = nil) -> [LocalDate: Double] {
        var series: [LocalDate: Double] = [:]
        for (offset, value) in values.reversed().enumerated() { series[date.adding(days: -(offset + 1))] = value }
        if let today { series[date] = today }
        return series
    }

    @Test("Overnight: median ± max(2 × 1.4826 × MAD, floor); two outliers raise a notice")
    func overnight() throws {
        let report = OvernightReport.report(
            date: Self.date,
            values: [
                .heartRate: Self.history([50, 51, 52, 50, 51, 52, 50, 51, 52, 51], today: 60),
                .respiratoryRate: Self.history(Array(repeating: 14, count: 8), today: 18),
                .bloodOxygen: Self.history([95, 96, 97, 96, 95, 96, 97], today: 96),
                .wristTemperature: Self.history([36.1, 36.2], today: 37),
            ])
        let heart = report.metrics[0]
        // Median 51, MAD 1: 2 × 1.4826 = 2.97 is under the 3 bpm floor, so 48-54.
        #expect(heart.baseline?.center == 51 && heart.baseline?.low == 48 && heart.baseline?.high == 54)
        #expect(heart.direction == "above")
        #expect(report.metrics[1].baseline?.low == 13 && report.metrics[1].direction == "above")
        #expect(report.metrics[3].direction == nil)  // blood oxygen inside 93.03-98.97... the floor 1.5
        #expect(report.metrics[2].baseline == nil && report.metrics[2].missing?.contains("2 of 7") == true)
        #expect(report.metrics[4].missing != nil)  // no sleep durations
        #expect(report.outliers == 2 && report.notice)
    }

    @Test("Readiness: z-scores against 28 days, weights re-scaled when an input is missing")
    func readiness() throws {
        let result = Readiness.readiness(
            date: Self.date, hrv: Self.history([40, 42, 44, 46, 48, 50, 52], today: 55),
            restingHeartRate: Self.history(Array(repeating: 60, count: 7), today: 58), sleepEfficiency: [:])
        let readiness = try #require(result.value)
        // HRV: mean 46, sd 4.3205, z 2.0831; resting heart rate: sd 0 floored to 1, z −(58 − 60) = 2;
        // weights 0.4 and 0.3 scaled to 0.5714 and 0.4286: 50 + 20 × 2.0475 = 90.95.
        #expect(readiness.score == 91)
        #expect(readiness.parts[0].zScore == 2.083 && readiness.parts[1].zScore == 2)
        #expect(readiness.parts[0].maximum == 0.571 && readiness.parts[1].maximum == 0.429)
        #expect(readiness.parts[2].points == nil && readiness.parts[2].missing?.contains("0 of 7") == true)
        let one = Readiness.readiness(
            date: Self.date, hrv: Self.history([40, 42, 44, 46, 48, 50, 52], today: 55), restingHeartRate: [:],
            sleepEfficiency: [:])
        #expect(one.value == nil && one.missingReason?.contains("needs two") == true)
    }

    @Test("Readiness: z is clipped to ±3 and the score to 0-100")
    func readinessClipped() throws {
        let result = Readiness.readiness(
            date: Self.date, hrv: Self.history(Array(repeating: 50, count: 10), today: 10),
            restingHeartRate: Self.history(Array(repeating: 50, count: 10), today: 80),
            sleepEfficiency: Self.history(Array(repeating: 90, count: 10), today: 40))
        let readiness = try #require(result.value)
        #expect(readiness.parts.map(\.zScore) == [-3, -3, -3] && readiness.score == 0)
    }

    /// `reference` on each of the 365 days before the last 90, `recent` on those 90, `last28` on the last 28.
    static func year(reference: Double, recent: Double, last28: Double? = nil) -> [LocalDate: Double] {
        var values: [LocalDate: Double] = [:]
        for offset in 0..<455 {
            let day = date.adding(days: -offset)
            values[day] = offset < 28 ? (last28 ?? recent) : offset < 90 ? recent : reference
        }
        return values
    }

    @Test("Trends: a lasting change of at least the figure's threshold against the year before")
    func trends() throws {
        let up = try #require(
            Trend.trend(.steps, date: Self.date, values: Self.year(reference: 8000, recent: 9000)).value)
        #expect(up.direction == "up" && up.percent == 12.5 && up.recentCount == 90 && up.referenceCount == 365)
        #expect(up.recentPeriod.lowerBound == Self.date.adding(days: -89))
        let steady = try #require(
            Trend.trend(.steps, date: Self.date, values: Self.year(reference: 8000, recent: 8500)).value)
        #expect(steady.direction == "steady")  // 6.25% is under 10%
        // Up over 90 days, but the last four weeks are back at the reference: not lasting.
        let faded = try #require(
            Trend.trend(.steps, date: Self.date, values: Self.year(reference: 8000, recent: 10000, last28: 8000)).value)
        #expect(faded.direction == "steady")
        let down = try #require(
            Trend.trend(.restingHeartRate, date: Self.date, values: Self.year(reference: 60, recent: 56)).value)
        #expect(down.direction == "down" && down.change == -4)
        var sparse = Self.year(reference: 8000, recent: 9000)
        for offset in 0..<60 { sparse[Self.date.adding(days: -offset)] = nil }
        #expect(Trend.trend(.steps, date: Self.date, values: sparse).missingReason?.contains("has 30") == true)
    }

    @Test("Factor effects need three days on each side; the difference is with minus without")
    func factors() throws {
        var days: [LocalDate: Bool] = [:]
        var outcomes: [LocalDate: Double] = [:]
        for offset in 1...8 {
            let day = Self.date.adding(days: -offset)
            days[day] = offset.isMultiple(of: 2)
            outcomes[day.adding(days: 1)] = offset.isMultiple(of: 2) ? 70 : 80
        }
        let effect = try #require(
            FactorEffect.effect(.alcohol, outcome: "sleepScore", date: Self.date, factorDays: days, outcomes: outcomes)
                .value)
        #expect(effect.withCount == 4 && effect.withoutCount == 4 && effect.difference == -10)
        let few = days.filter { !$0.value || $0.key > Self.date.adding(days: -5) }
        let missing = FactorEffect.effect(
            .alcohol, outcome: "sleepScore", date: Self.date, factorDays: few, outcomes: outcomes)
        #expect(missing.missingReason?.contains("there are 2 and 4") == true)
    }

    @Test("Correlation: Pearson's r over the days both figures have, the second a day later with lag 1")
    func correlation() throws {
        var x: [LocalDate: Double] = [:]
        var y: [LocalDate: Double] = [:]
        for offset in 0..<12 {
            let day = Self.date.adding(days: -offset)
            x[day] = Double(offset)
            y[day.adding(days: 1)] = 2 * Double(offset) + 1
        }
        let days = Self.date.adding(days: -11)...Self.date
        let lagged = try #require(
            Correlation.correlation(.steps, .sleep, lag: 1, days: days, xValues: x, yValues: y).value)
        #expect(lagged.r == 1 && lagged.n == 12)
        let same = Correlation.correlation(.steps, .sleep, lag: 0, days: days, xValues: x, yValues: y)
        #expect(same.value?.n == 11)  // the newest x day has no y the same day
        #expect(
            Correlation.correlation(.steps, .sleep, lag: 1, days: days, xValues: [:], yValues: y).missingReason?
                .contains("there are 0") == true)
    }
}
