import Foundation
import Testing
import VitalsCore
import VitalsDashboard

/// A local store has no quests: its Calendar has no quest marks, no legend entry and no list.
@Suite("Dashboard: Calendar without quests (local store)")
struct CalendarQuestsLocalTests {
    @Test("The month grid and year heatmap of a local store carry no quest mark, count, legend entry or list")
    func noQuestsLocally() async throws {
        let fixture = try DashboardFixture(zone: "Europe/Berlin")
        try await CalendarPageTests.steps(fixture, first: "2025-11-01", days: 20)
        let now = fixture.at("2025-11-20", 12)
        for path in ["/calendar?month=2025-11&figure=stepCount", "/calendar?year=2025&figure=stepCount"] {
            let page = try await fixture.get(path, now: now)
            #expect(page.status == .ok)
            #expect(page.body.contains("data-value="), "\(path) drew no days")
            for marker in [
                "data-quests", "data-legend=\"quest\"", "mark-quest", "dot-quest\"", "quest completed",
                "completed a quest",
            ] {
                #expect(!page.body.contains(marker), "\(path) has \(marker)")
            }
        }
    }
}
