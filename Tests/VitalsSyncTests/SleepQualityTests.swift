import Foundation
import Testing
import VitalsContract
import VitalsCore
import VitalsServer
import VitalsStore
import VitalsSync
import VitalsTesting

/// Seed 003's `sleep_quality_score`: asleep over in bed, from real sleep-analysis samples in a
/// store, sent in the daily payload and stored by a real server.
@Suite("Seed 003: sleep_quality_score", .timeLimit(.minutes(5)))
struct SleepQualityTests {
    @Test("The score is 100 × asleep / in bed, a whole number, halves away from zero; nil without time in bed")
    func definition() {
        #expect(DailyMetricsCalculator.sleepQualityScore(asleepMinutes: 360, inBedMinutes: 420) == 86)  // 85.71
        #expect(DailyMetricsCalculator.sleepQualityScore(asleepMinutes: 420, inBedMinutes: 480) == 88)  // 87.5
        #expect(DailyMetricsCalculator.sleepQualityScore(asleepMinutes: 30, inBedMinutes: 30) == 100)
        #expect(DailyMetricsCalculator.sleepQualityScore(asleepMinutes: 0, inBedMinutes: 60) == 0)
        #expect(DailyMetricsCalculator.sleepQualityScore(asleepMinutes: 10, inBedMinutes: 0) == nil)
    }

    @Test("In bed 23:00-07:00, asleep 23:30-06:30 with an awake gap: scored per night, arriving at the server")
    func nightScoredAndSent() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let today = Fixture.today
        let night = today.adding(days: -1), watchNight = today.adding(days: -3), phoneNight = today.adding(days: -4)
        let evening = night.adding(days: -1)
        func sleep(_ value: SleepAnalysisValue, _ start: Date, _ end: Date, _ source: Source = Fixture.watch) -> Sample
        {
            .category(.sleepAnalysis, value.rawValue, start: start, end: end, source: source)
        }
        try await workspace.store.save([
            // The phone's bedtime: in bed 23:00-07:00. The watch: asleep 23:30-02:00, awake
            // 02:00-02:30, asleep (core, then deep) 02:30-06:30, awake until 07:00.
            sleep(.inBed, Fixture.at(evening, 23), Fixture.at(night, 7), Fixture.phone),
            sleep(.asleepCore, Fixture.at(evening, 23, 30), Fixture.at(night, 2)),
            sleep(.awake, Fixture.at(night, 2), Fixture.at(night, 2, 30)),
            sleep(.asleepCore, Fixture.at(night, 2, 30), Fixture.at(night, 5)),
            sleep(.asleepDeep, Fixture.at(night, 5), Fixture.at(night, 6, 30)),
            sleep(.awake, Fixture.at(night, 6, 30), Fixture.at(night, 7)),
            // A watch-only night, no in-bed samples: asleep 01:00-05:00 and 05:20-06:40, awake between.
            sleep(.asleepUnspecified, Fixture.at(watchNight, 1), Fixture.at(watchNight, 5)),
            sleep(.awake, Fixture.at(watchNight, 5), Fixture.at(watchNight, 5, 20)),
            sleep(.asleepREM, Fixture.at(watchNight, 5, 20), Fixture.at(watchNight, 6, 40)),
            // The phone alone: in bed, nothing about sleep.
            sleep(.inBed, Fixture.at(phoneNight, 0, 30), Fixture.at(phoneNight, 7), Fixture.phone),
        ])
        try await withLiveServer(clock: clock) { server in
            let (user, token) = try await server.user("ada")
            let transport = CountingTransport()
            let report = try await workspace.service(
                server: server.url, token: token, clock: clock, transport: transport
            )
            .syncNow()
            #expect(report.daysSent == 14)
            let body = try #require(await transport.counter.requests.first?.body)
            let days = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
            let sent = try #require(days.first { $0["date"] as? String == night.description })
            #expect(sent["sleep_quality_score"] as? Double == 81, "the daily payload's key")

            func stored(_ day: LocalDate) async throws -> HealthSnapshot? {
                try await server.repository.snapshots(of: user, on: day).first
            }
            // The night ending on the day (noon to noon), like sleep_minutes: in bed 23:00-07:00 (480),
            // asleep 23:30-02:00 and 02:30-06:30 (390): 81.25.
            #expect(try await stored(night)?.sleepMinutes == 390)
            #expect(try await stored(night)?.sleepQualityScore == 81)
            // The evening before belongs to that night, not to its own day.
            #expect(try await stored(evening)?.sleepMinutes == nil)
            #expect(try await stored(evening)?.sleepQualityScore == nil)
            // No in-bed samples: asleep 320 over asleep + awake 340.
            #expect(try await stored(watchNight)?.sleepQualityScore == 94)
            // In bed only: no sleep known, so no score.
            #expect(try await stored(phoneNight)?.sleepMinutes == nil)
            #expect(try await stored(phoneNight)?.sleepQualityScore == nil)
        }
    }
}
