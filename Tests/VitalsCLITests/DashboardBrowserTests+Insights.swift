import Foundation
import Testing

extension DashboardBrowserTests {
    @Test(
        "Today's insights card on a phone: visible, its scores the Insights page's, Enter on its link opens that page"
    )
    func insightsCard() throws {
        // Eight weeks: the baselines have formed, so the card has figures, not reasons.
        let session = try Session(weeks: 8)
        defer { session.close() }
        try session.browser.resize(width: 390, height: 900)
        try session.browser.open(session.base + "/")
        let card =
            try session.browser.run(
                """
                const card = document.querySelector('[data-insight="card"]');
                if (!card) return null;
                const box = card.getBoundingClientRect();
                const value = key => card.querySelector('[data-metric="' + key + '"]')?.dataset.value ?? null;
                return { width: box.width, right: box.right, sleep: value('sleep-score'), readiness: value('readiness'),
                         link: card.querySelector('a[href^="/insights"]')?.getAttribute('href') ?? null };
                """) as? [String: Any]
        let found = try #require(card, "Today shows the insights card")
        #expect((found["width"] as? Double ?? 0) > 300, "the card spans the phone's width")
        #expect((found["right"] as? Double ?? 999) <= 390, "the card fits the phone")
        let sleep = try #require(found["sleep"] as? String, "the card has a sleep score")
        let readiness = try #require(found["readiness"] as? String, "the card has readiness")
        let link = try #require(found["link"] as? String)

        // Enter on the card's link opens the Insights page of the same day, with the same scores.
        try session.browser.run("document.querySelector('[data-insight=\"card\"] a[href^=\"/insights\"]').focus();")
        try session.browser.press(WebDriver.enter)
        #expect(try Self.waitForPath(session, "/insights") == "/insights")
        #expect(try session.browser.run("return location.pathname + location.search;") as? String == link)
        let page =
            try session.browser.run(
                """
                const value = key => document.querySelector('[data-insight="' + key + '"]')?.dataset.value ?? null;
                return [value('sleep-score'), value('readiness')];
                """) as? [String?]
        #expect(page == [sleep, readiness])
        #expect(try Self.overflow(session) <= 0, "the Insights page scrolls sideways at 390 px")
    }
}
