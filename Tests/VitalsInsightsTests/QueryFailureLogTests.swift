import Foundation
import Logging
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore
import VitalsTestSupport

@Suite("Seed 002: queries log errors but don't propagate them")
struct QueryFailureLogTests {
    @Test("Log errors, don't propagate: a failing store answers no records and one error entry without values")
    func failingStoreIsLogged() async throws {
        let fixture = try InsightsFixture()
        try await fixture.store.save([
            .quantity(.bodyMass, 72.25, .kilogram, start: berlin("07:00"), source: InsightsFixture.phone),
            Sample(
                type: .mindfulSession, start: berlin("08:00"), end: berlin("08:10"), content: .category(0),
                source: InsightsFixture.phone),
        ])
        let start = berlin("00:00"), end = berlin("00:00", day: "2025-10-15")
        #expect(await WeightQuery().fetch(from: start, to: end, store: fixture.store).map(\.kilograms) == [72.25])
        let captured = CapturedLog()
        #expect(
            await WeightQuery().fetch(from: start, to: end, store: fixture.store, logger: captured.logger).count == 1)
        #expect(captured.all.isEmpty)

        // The samples table goes missing under the store: every read fails.
        try await fixture.store.database.write { try $0.execute(sql: "ALTER TABLE samples RENAME TO samples_gone") }
        #expect(await WeightQuery().fetch(from: start, to: end, store: fixture.store, logger: captured.logger).isEmpty)
        let activity = DailyActivityQuery.forApp(
            of: fixture.store, calendar: InsightsFixture.calendar, allSources: true)
        #expect(await activity.fetch(from: start, to: end, store: fixture.store, logger: captured.logger).isEmpty)
        let entries = captured.all
        try #require(entries.count == 2)
        #expect(entries.allSatisfy { $0.level == .error })
        #expect(entries[0].text.contains("query=WeightQuery") && entries[1].text.contains("query=DailyActivityQuery"))
        #expect(entries.allSatisfy { $0.text.contains("error=") && !$0.text.contains("72.25") })
        // Without a logger the default one is used, and the answer is the same.
        #expect(await WeightQuery().fetch(from: start, to: end, store: fixture.store).isEmpty)
    }
}
