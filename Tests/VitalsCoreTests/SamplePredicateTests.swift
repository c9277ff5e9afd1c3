import Foundation
import Testing

@testable import VitalsCore

@Suite("Sample predicates")
struct SamplePredicateTests {
    let start = Date(timeIntervalSince1970: 1_000_000)
    var end: Date { start.addingTimeInterval(3600) }

    func matches(_ options: SampleQueryOptions, _ s: Double, _ e: Double) -> Bool {
        SamplePredicate(start: start, end: end, options: options)
            .matchesDates(start: start.addingTimeInterval(s), end: start.addingTimeInterval(e))
    }

    @Test("No option: end >= start && start < end")
    func overlap() {
        #expect(matches([], 0, 0))  // instant exactly at start
        #expect(matches([], -60, 0))  // ends exactly at start: included
        #expect(!matches([], -60, -1))  // ends before start
        #expect(!matches([], 3600, 3600))  // instant exactly at end: excluded
        #expect(matches([], 3500, 3700))  // straddles end
        #expect(matches([], -100, 4000))  // covers the window
    }

    @Test("strictStartDate Exclusive End: start <= sample.start < end")
    func strictStart() {
        #expect(matches(.strictStartDate, 0, 10))
        #expect(!matches(.strictStartDate, -1, 10))
        #expect(matches(.strictStartDate, 3599, 4000))
        #expect(!matches(.strictStartDate, 3600, 3600))
    }

    @Test("strictEndDate: start <= sample.end < end")
    func strictEnd() {
        #expect(matches(.strictEndDate, -100, 0))
        #expect(!matches(.strictEndDate, -100, -1))
        #expect(!matches(.strictEndDate, 3500, 3600))
        #expect(matches(.strictEndDate, 3500, 3599))
    }

    @Test("Both strict: sample inside the window")
    func both() {
        #expect(matches([.strictStartDate, .strictEndDate], 0, 3599))
        #expect(!matches([.strictStartDate, .strictEndDate], -1, 100))
        #expect(!matches([.strictStartDate, .strictEndDate], 100, 3600))
    }

    @Test("Source Filter Includes Extensions: app, widget and watch; not others")
    func thisApp() {
        let filter = SourceFilter.app(bundleIdentifier: "com.x.app")
        #expect(filter.matches(Source(name: "X", bundleIdentifier: "com.x.app")))
        #expect(filter.matches(Source(name: "X Widget", bundleIdentifier: "com.x.app.widget")))
        #expect(filter.matches(Source(name: "X Watch", bundleIdentifier: "com.x.app.watchkitapp")))
        #expect(!filter.matches(Source(name: "Other", bundleIdentifier: "com.other")))
        #expect(!filter.matches(Source(name: "Lookalike", bundleIdentifier: "com.x.application")))
        #expect(
            !SourceFilter.source(bundleIdentifier: "com.x.app").matches(
                Source(name: "W", bundleIdentifier: "com.x.app.widget")))
        #expect(SourceFilter.all.mayMixSources && !filter.mayMixSources)
    }
}

@Suite("Authorization state")
struct AuthorizationStateTests {
    @Test("Aggregate states of seed 003, partial access included")
    func aggregate() {
        let steps = SampleType.stepCount, sleep = SampleType.sleepAnalysis, hrv = SampleType.heartRateVariabilitySDNN
        #expect(AuthorizationState.aggregate([steps: .sharingAuthorized, sleep: .sharingAuthorized]) == .authorized)
        #expect(
            AuthorizationState.aggregate([steps: .sharingAuthorized, sleep: .sharingDenied, hrv: .notDetermined])
                == .partiallyAuthorized(missing: [sleep, hrv]))
        #expect(AuthorizationState.aggregate([steps: .sharingDenied, sleep: .sharingDenied]) == .denied)
        #expect(AuthorizationState.aggregate([steps: .sharingDenied, sleep: .notDetermined]) == .notDetermined)
        #expect(AuthorizationState.aggregate([steps: .sharingAuthorized], isAvailable: false) == .unavailable)
        #expect(AuthorizationState.partiallyAuthorized(missing: [sleep]).hasAccess)
        #expect(!AuthorizationState.denied.hasAccess)
    }
}
