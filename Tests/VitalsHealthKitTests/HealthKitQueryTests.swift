import Foundation
import HealthKit
import Testing
import VitalsCore
import VitalsHealthKit
import VitalsInsights
import VitalsStore

@Suite("HealthKit adapter: predicates, this app's sources, statistics")
struct HealthKitQueryTests {
    @Test("strictStartDate Exclusive End: a sample at the end date is not included")
    func strictStartDateExclusiveEnd() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            let nextDay = HealthKitHarness.day.addingTimeInterval(86_400)
            harness.recordSteps(100, from: HealthKitHarness.watch, start: HealthKitHarness.day, minutes: 10)
            harness.recordSteps(200, from: HealthKitHarness.watch, start: nextDay, minutes: 10)
            harness.recordSteps(300, from: HealthKitHarness.watch, start: nextDay.addingTimeInterval(-300), minutes: 10)
            let today = DateRange(clampingStart: HealthKitHarness.day, end: nextDay)
            let strict = try await store.samples(
                of: .stepCount, matching: SamplePredicate(today, options: .strictStartDate))
            #expect(strict.value.compactMap { $0.quantity?.value } == [100, 300])
            let strictEnd = try await store.samples(
                of: .stepCount, matching: SamplePredicate(today, options: .strictEndDate))
            #expect(strictEnd.value.compactMap { $0.quantity?.value } == [100])
        }
    }

    @Test("App Source Filter includes the app's widget and watch extensions, excludes others")
    func sourceFilterIncludesExtensions() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            let app = HealthKitHarness.app.bundleIdentifier
            _ = try await store.logMindfulness(start: HealthKitHarness.at(hour: 7), end: HealthKitHarness.at(hour: 7.5))
            for (offset, source) in [
                Source(name: "Journey Widget", bundleIdentifier: app + ".widget"),
                Source(name: "Journey Watch", bundleIdentifier: app + ".watchkitapp"),
                HealthKitHarness.otherApp, HealthKitHarness.watch,
            ].enumerated() {
                let start = HealthKitHarness.at(hour: 9 + Double(offset))
                harness.simulator.record(
                    [
                        HKCategorySample(
                            type: HKCategoryType(.mindfulSession),
                            value: HKCategoryValue.notApplicable.rawValue,
                            start: start, end: start.addingTimeInterval(600))
                    ], from: source)
            }
            let thisApp = try await store.samples(
                of: .mindfulSession,
                matching: SamplePredicate(sources: .app(bundleIdentifier: app)))
            #expect(Set(thisApp.value.map(\.source.bundleIdentifier)) == [app, app + ".widget", app + ".watchkitapp"])
            let all = try await store.samples(of: .mindfulSession)
            #expect(all.value.count == 5)
            let exact = try await store.samples(
                of: .mindfulSession,
                matching: SamplePredicate(sources: .source(bundleIdentifier: app)))
            #expect(exact.value.map(\.source.bundleIdentifier) == [app])
            let sources = try await store.sources(for: .mindfulSession)
            #expect(sources.first?.bundleIdentifier.hasPrefix(app) == true)
            #expect(sources.count == 5)
        }
    }

    @Test("Statistics collection: HealthKit merges overlapping sources by the user's priority")
    func statisticsMergeSources() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            let phone = Source(name: "Anna's iPhone", bundleIdentifier: "com.apple.health.1B2C")
            let watchCount = 1000.0, phoneOverlap = 800.0, phoneOnly = 500.0
            harness.recordSteps(
                watchCount, from: HealthKitHarness.watch, start: HealthKitHarness.at(hour: 9), minutes: 60,
                device: HKDevice(
                    name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch",
                    hardwareVersion: nil, firmwareVersion: nil, softwareVersion: nil,
                    localIdentifier: nil, udiDeviceIdentifier: nil))
            harness.recordSteps(phoneOverlap, from: phone, start: HealthKitHarness.at(hour: 9), minutes: 60)
            harness.recordSteps(phoneOnly, from: phone, start: HealthKitHarness.at(hour: 10), minutes: 60)
            let week = DateRange(
                clampingStart: HealthKitHarness.day.addingTimeInterval(-86_400),
                end: HealthKitHarness.day.addingTimeInterval(2 * 86_400))
            let query = StatisticsQuery(
                type: .stepCount, range: week, interval: .day, calendar: HealthKitHarness.calendar,
                options: [.sum, .separateBySource])
            let days = try await store.statistics(query).value
            #expect(days.count == 3)
            #expect(days[0].sum == nil && days[0].sampleCount == 0)
            #expect(days[1].sum == watchCount + phoneOnly)
            #expect(days[1].sampleCount > 0)
            let perSource = Dictionary(
                uniqueKeysWithValues: days[1].bySource.map { ($0.source.bundleIdentifier, $0.statistics.sum) })
            #expect(perSource[phone.bundleIdentifier] == phoneOverlap + phoneOnly)
            #expect(perSource[HealthKitHarness.watch.bundleIdentifier] == watchCount)

            harness.simulator.setSourcePriority([phone.bundleIdentifier], for: SampleType.stepCount.identifier)
            #expect(try await store.statistics(query).value[1].sum == phoneOverlap + phoneOnly)
            await #expect(throws: VitalsError.self) { try await store.setSourcePriority([phone.name], for: .stepCount) }
        }
    }

    @Test("Sleep duration: the union of asleep intervals, computed from HealthKit's samples")
    func sleepDuration() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            let asleep = SleepAnalysisValue.asleepCore.rawValue
            let sleep = HKCategoryType.categoryType(
                forIdentifier: HKCategoryTypeIdentifier(
                    rawValue: SampleType.sleepAnalysis.identifier))!
            harness.simulator.record(
                [
                    HKCategorySample(
                        type: sleep, value: asleep, start: HealthKitHarness.at(hour: 1),
                        end: HealthKitHarness.at(hour: 7))
                ], from: HealthKitHarness.watch)
            harness.simulator.record(
                [
                    HKCategorySample(
                        type: sleep, value: asleep, start: HealthKitHarness.at(hour: 2),
                        end: HealthKitHarness.at(hour: 8)),
                    HKCategorySample(
                        type: sleep, value: SleepAnalysisValue.inBed.rawValue,
                        start: HealthKitHarness.at(hour: 0), end: HealthKitHarness.at(hour: 9)),
                ],
                from: HealthKitHarness.otherApp)
            let query = StatisticsQuery(
                type: .sleepAnalysis,
                range: DateRange(
                    clampingStart: HealthKitHarness.day,
                    end: HealthKitHarness.day.addingTimeInterval(86_400)),
                interval: .day, calendar: HealthKitHarness.calendar, options: .duration)
            let day = try await store.statistics(query).value
            #expect(day.count == 1)
            #expect(abs((day.first?.duration ?? 0) - 7 * 60) < 1e-9)
        }
    }
}
