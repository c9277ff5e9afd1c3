import Foundation
import HealthKit
import Testing
import VitalsCore
import VitalsHealthKit
import VitalsInsights
import VitalsStore

@Suite("HealthKit adapter: authorization, availability, opt-out")
struct HealthKitAuthorizationTests {
    @Test("Initial Permission Request: the sheet shows once, for the types in use")
    func initialPermissionRequest() async throws {
        try await HealthKitHarness.run { harness in
            let store = harness.store()
            let before = try await store.authorizationSummary()
            #expect(before.needsPrompt)
            #expect(before.state == .notDetermined)
            try await store.requestAuthorization()
            try await store.requestAuthorization()
            #expect(harness.simulator.promptCount == 1)
            let after = try await store.authorizationSummary()
            #expect(!after.needsPrompt)
            #expect(after.state == .authorized)
            #expect(
                after.shareStatuses.keys.sorted { $0.identifier < $1.identifier }
                    == store.configuration.shareTypes.sorted { $0.identifier < $1.identifier })
            #expect(try await store.authorizationStatus(for: .mindfulSession, access: .share) == .sharingAuthorized)
        }
    }

    @Test("Seed 003 aggregate over share statuses: any authorized type is access, all denied is denied")
    func aggregateState() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            harness.simulator.setShareStatus(.sharingDenied, for: SampleType.workout.identifier)
            let partial = try await store.authorizationSummary()
            #expect(partial.state == .partiallyAuthorized(missing: [.workout]))
            #expect(partial.state.hasAccess)
            for type in store.configuration.shareTypes {
                harness.simulator.setShareStatus(.sharingDenied, for: type.identifier)
            }
            #expect(try await store.authorizationSummary().state == .denied)
            #expect(try await store.authorizationState(for: store.configuration.shareTypes, access: .share) == .denied)
        }
    }

    @Test("Hidden read denial: denied reads look like no data, only the app's own samples come back")
    func hiddenReadDenial() async throws {
        try await HealthKitHarness.run { harness in
            harness.simulator.answerAuthorizationRequests(allowSharing: true, allowReading: false)
            let store = try await harness.authorizedStore()
            harness.recordSteps(900, from: HealthKitHarness.watch, start: HealthKitHarness.at(hour: 9), minutes: 30)
            let own = try await store.logMindfulness(
                start: HealthKitHarness.at(hour: 7), end: HealthKitHarness.at(hour: 7.25))
            let day = SamplePredicate(
                DateRange(
                    clampingStart: HealthKitHarness.day,
                    end: HealthKitHarness.day.addingTimeInterval(86_400)))

            let steps = try await store.samples(of: .stepCount, matching: day)
            #expect(steps.value.isEmpty)
            #expect(steps.unreadableTypes.isEmpty, "HealthKit does not reveal read denial")
            #expect(!steps.isStale)
            #expect(try await store.authorizationStatus(for: .stepCount, access: .read) == .sharingAuthorized)
            let mindful = try await store.samples(of: .mindfulSession, matching: day)
            #expect(mindful.value.map(\.uuid) == [own.uuid])

            harness.simulator.setReadAllowed(true, for: SampleType.stepCount.identifier)
            #expect(try await store.samples(of: .stepCount, matching: day).value.count == 1)
        }
    }

    @Test("A type never asked about is reported unreadable, not as an error")
    func neverRequestedType() async throws {
        try await HealthKitHarness.run { harness in
            let store = harness.store()
            let result = try await store.samples(of: .bodyMass)
            #expect(result.value.isEmpty)
            #expect(result.unreadableTypes == [.bodyMass])
            #expect(try await store.authorizationStatus(for: .bodyMass, access: .read) == .notDetermined)
        }
    }

    @Test("HealthKit Unavailable: unavailable state, empty answers, no prompt, no crash")
    func healthKitUnavailable() async throws {
        try await HealthKitHarness.run { harness in
            harness.simulator.isHealthDataAvailable = false
            let store = harness.store()
            #expect(!store.isActive)
            #expect(!store.isAvailable)
            try await store.requestAuthorization()
            #expect(harness.simulator.promptCount == 0)
            #expect(try await store.authorizationSummary().state == .unavailable)
            #expect(try await store.authorizationState(for: [.stepCount]) == .unavailable)
            #expect(try await store.samples(of: .stepCount).value.isEmpty)
            let query = StatisticsQuery(
                type: .stepCount,
                range: DateRange(
                    clampingStart: HealthKitHarness.day,
                    end: HealthKitHarness.day.addingTimeInterval(86_400)),
                interval: .hour, calendar: HealthKitHarness.calendar, options: .sum)
            let statistics = try await store.statistics(query)
            #expect(statistics.value.count == 24)
            #expect(statistics.value.allSatisfy { $0.sum == nil })
            #expect(try await store.changes(since: nil, types: nil).added.isEmpty)
            #expect(try await store.sources(for: nil).isEmpty)
            _ = store.changeNotifications()
            await #expect(throws: VitalsError.self) {
                _ = try await store.logMindfulness(start: HealthKitHarness.day, end: HealthKitHarness.at(hour: 0.5))
            }
            do {
                _ = try await store.logMindfulness(start: HealthKitHarness.day, end: HealthKitHarness.at(hour: 0.5))
            } catch let error as VitalsError {
                #expect(error.code == .unavailable)
            }
        }
    }

    @Test("Seed 002 opt-out: on by default, off answers empty without throwing, kept in UserDefaults")
    func optOutSetting() async throws {
        let suite = "dev.vitals.tests.\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        try await HealthKitHarness.run { harness in
            let setting = HealthKitEnabledSetting.userDefaults(suiteName: suite)
            let store = harness.store(enabled: setting)
            #expect(store.isEnabled)
            try await store.requestAuthorization()
            _ = try await store.logMindfulness(start: HealthKitHarness.day, end: HealthKitHarness.at(hour: 0.5))
            #expect(try await store.samples(of: .mindfulSession).value.count == 1)

            store.isEnabled = false
            #expect(!store.isActive)
            let reopened = harness.store(enabled: setting)
            #expect(!reopened.isEnabled, "the choice is stored, not held by one instance")
            let answer = try await reopened.samples(of: .mindfulSession)
            #expect(answer.value.isEmpty)
            #expect(!answer.isStale)
            #expect(try await reopened.authorizationSummary().state == .unavailable)

            reopened.isEnabled = true
            #expect(try await store.samples(of: .mindfulSession).value.count == 1)
        }
    }

    @Test("HealthKit error codes map to Vitals errors")
    func errorMapping() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            let cases: [(HKError.Code, VitalsError.Code)] = [
                (.errorHealthDataRestricted, .unavailable), (.errorHealthDataUnavailable, .unavailable),
                (.errorDatabaseInaccessible, .databaseInaccessible), (.errorAuthorizationDenied, .authorizationDenied),
                (.errorAuthorizationNotDetermined, .authorizationNotDetermined), (.errorUserCanceled, .cancelled),
            ]
            for (healthKitCode, expected) in cases {
                harness.simulator.failNextOperation(with: healthKitCode)
                do {
                    _ = try await store.logMindfulness(start: HealthKitHarness.day, end: HealthKitHarness.at(hour: 1))
                    Issue.record("no error for \(healthKitCode)")
                } catch let error as VitalsError {
                    #expect(error.code == expected, "\(healthKitCode)")
                }
            }
            #expect(harness.simulator.storedSamples(of: SampleType.mindfulSession.identifier).isEmpty)
        }
    }
}
