import Foundation
import Testing
import VitalsCore

@testable import VitalsServer
@testable import VitalsServerStorage

/// Reads of a time window start at the user's longest sample of the type before it (not at the
/// user's first sample), and still find every sample that reaches into the window.
@Suite("Server: window reads bounded by the longest sample")
struct SampleWindowReadTests {
    static let night = Date(timeIntervalSince1970: 1_760_000_000)

    static func sleep(_ from: Double, _ hours: Double) -> StoredSample {
        StoredSample(
            uuid: UUID(), type: SampleType.sleepAnalysis.identifier, start: night.addingTimeInterval(from * 3600),
            end: night.addingTimeInterval((from + hours) * 3600), value: 3, sourceName: "Watch")
    }

    @Test("A long sample written before shorter ones is found from the last of its hours", arguments: Backend.allCases)
    func longSampleFound(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (user, _) = try await harness.user("ada")
            let long = Self.sleep(0, 30)
            for write in [[long], [Self.sleep(48, 0.1)], [Self.sleep(60, 0.2), Self.sleep(-200, 1)]] {
                _ = try await harness.repository.apply(
                    HealthWrite(samples: write), for: user, at: ServerConfiguration.fixedNow)
            }
            let found = try await harness.repository.samples(
                of: user, type: .sleepAnalysis,
                startingBefore: Self.night.addingTimeInterval(30 * 3600),
                endingFrom: Self.night.addingTimeInterval(29.5 * 3600))
            #expect(found.map(\.uuid) == [long.uuid])
            let reader = ServerHealthReader(repository: harness.repository, user: user)
            let window = try DateRange(
                start: Self.night.addingTimeInterval(29 * 3600), end: Self.night.addingTimeInterval(31 * 3600))
            let samples = try await reader.samples(of: .sleepAnalysis, matching: SamplePredicate(window), limit: nil)
                .value
            #expect(samples.map(\.uuid) == [long.uuid])
            // Every sample of the type, from an open window.
            let all = try await harness.repository.samples(
                of: user, type: .sleepAnalysis, startingBefore: nil, endingFrom: nil)
            #expect(all.count == 4)
        }
    }

    @Test("A long sample written after shorter ones widens the window back to it", arguments: Backend.allCases)
    func longSampleLater(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (user, _) = try await harness.user("ada")
            let long = Self.sleep(100, 30)
            for write in [[Self.sleep(0, 0.5)], [Self.sleep(20, 0.2)], [long], [Self.sleep(200, 1)]] {
                _ = try await harness.repository.apply(
                    HealthWrite(samples: write), for: user, at: ServerConfiguration.fixedNow)
            }
            let found = try await harness.repository.samples(
                of: user, type: .sleepAnalysis,
                startingBefore: Self.night.addingTimeInterval(130 * 3600),
                endingFrom: Self.night.addingTimeInterval(129.5 * 3600))
            #expect(found.map(\.uuid) == [long.uuid])
        }
    }
}
