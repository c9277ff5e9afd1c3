import Foundation
import Testing
import VitalsCore

@Suite("Statistics series")
struct StatisticsSeriesTests {
    let calendar = Calendar.gregorian(in: .gmt)

    func steps(_ value: Double, from start: Double, to end: Double, source: String) -> Sample {
        Sample(
            type: .stepCount, start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: end),
            content: .quantity(Quantity(value, .count)), source: Source(name: source, bundleIdentifier: "b." + source))
    }

    @Test("overlapping sources merge watch first, then iPhone, then by name, whatever order the samples arrive in")
    func ranked() throws {
        // The watch outranks the iPhone although its name sorts later: over [0, 3600) only its
        // 600 steps count, then the phone's second half (1800 s of 3600 s) adds 500 of its 1000.
        let watch = steps(600, from: 0, to: 3600, source: "Zoe's Apple Watch")
        let phone = steps(1000, from: 1800, to: 5400, source: "Anna's iPhone")
        let query = StatisticsQuery(
            type: .stepCount,
            range: DateRange(
                clampingStart: Date(timeIntervalSince1970: 0),
                end: Date(timeIntervalSince1970: 86_400)),
            interval: .day, calendar: calendar, options: .sum)
        for order in [[watch, phone], [phone, watch]] {
            let series = try #require(StatisticsSeries.grouping(order)[.stepCount])
            #expect(series.rankedSources.map(\.name) == ["Zoe's Apple Watch", "Anna's iPhone"])
            let day = try #require(series.statistics(query).first)
            #expect(day.sum == 1100)
        }
    }

    @Test("a source's name is kept once; samples statistics cannot count are left out")
    func interning() {
        var series = StatisticsSeries()
        series.append(steps(1, from: 0, to: 60, source: "Phone"))
        series.append(steps(2, from: 60, to: 120, source: "Phone"))
        series.append(
            Sample(
                type: .workout, start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 60),
                content: .workout(Workout(activityType: .running)), source: Source(name: "Watch", bundleIdentifier: "w")
            ))
        #expect(series.sourceNames == ["Phone"])
        #expect(series.points.map(\.value) == [1, 2])
        #expect(series.points.allSatisfy { $0.source == 0 })
    }

    @Test("sources that are neither watch nor iPhone rank by name")
    func otherSources() {
        var series = StatisticsSeries()
        for name in ["Oura", "AutoSleep", "Bob's iPhone", "Garmin"] {
            series.append(steps(1, from: 0, to: 1, source: name))
        }
        #expect(series.rankedSources.map(\.name) == ["Bob's iPhone", "AutoSleep", "Garmin", "Oura"])
    }
}
