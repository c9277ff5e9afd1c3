import Foundation
import Testing
import VitalsCore
import VitalsDashboard
import VitalsStore

/// The pages of a day carry the change count they were drawn at, and `GET /changes` tells when it moved.
@Suite("Dashboard: live pages of a day")
struct LiveUpdateTests {
    static func count(_ body: String) throws -> Int64 {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        return try #require((object["count"] as? NSNumber)?.int64Value)
    }

    /// The value of `data-NAME` on the page's `main`, if it has one.
    static func mainAttribute(_ name: String, in page: String) -> String? {
        guard let main = page.range(of: "<main[^>]*>", options: .regularExpression) else { return nil }
        let tag = String(page[main])
        guard let attribute = tag.range(of: "data-\(name)=\"[^\"]*\"", options: .regularExpression) else { return nil }
        return String(tag[attribute].dropFirst("data-\(name)=\"".count).dropLast())
    }

    @Test("Today and Day carry the count /changes answers; a save moves it; Trends does not poll")
    func countMovesWithWrites() async throws {
        let fixture = try DashboardFixture(zone: "Europe/Berlin")
        let now = fixture.at("2025-10-14", 18)
        try await fixture.store.save(
            .quantity(
                .stepCount, 500, .count, start: fixture.at("2025-10-14", 9),
                end: fixture.at("2025-10-14", 10), source: DashboardFixture.phone))
        let before = try await fixture.get(["/changes", "/", "/day/2025-10-14", "/trends"], now: now)
        #expect(before.allSatisfy { $0.status == .ok })
        let first = try Self.count(before[0].body)
        #expect(first > 0)
        #expect(Self.mainAttribute("live-count", in: before[1].body) == String(first))
        #expect(Self.mainAttribute("live-url", in: before[1].body) == "/changes")
        #expect(Self.mainAttribute("live-interval", in: before[1].body) == "5000")
        #expect(Self.mainAttribute("live-count", in: before[2].body) == String(first))
        #expect(Self.mainAttribute("live-count", in: before[3].body) == nil)

        try await fixture.store.save(
            .quantity(
                .stepCount, 700, .count, start: fixture.at("2025-10-14", 11),
                end: fixture.at("2025-10-14", 12), source: DashboardFixture.phone))
        let after = try await fixture.get(["/changes", "/"], now: now)
        let second = try Self.count(after[0].body)
        #expect(second > first)
        #expect(Self.mainAttribute("live-count", in: after[1].body) == String(second))
        #expect(after[1].body.contains("data-value=\"1200.0\""))
    }
}
