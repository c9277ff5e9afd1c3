import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore

/// The Calendar of a signed-in user marks the days their quests were completed, from the same
/// completions the API records: only their own quests, only completed ones.
@Suite("Server: dashboard Calendar marks completed quests")
struct DashboardCalendarQuestsTests {
    static let adaQuest = #"{"title": "Ada walks 10k", "metric": "steps", "target": 10000}"#
    static let adaUnmet = #"{"title": "Ada sleeps nine hours", "metric": "sleepMinutes", "target": 540}"#
    static let bobQuest = #"{"title": "Bob marker quest", "metric": "steps", "target": 5000}"#

    /// Completes the user's steps quests on `date` through `POST /api/health/sync`; the API says it completed.
    static func complete(_ harness: Harness, _ token: String, on date: String, quest: String) async throws {
        let reply = try await harness.sync(
            token, #"{"date": "\#(date)", "source": "HEALTHKIT", "data": {"steps": 12000}}"#)
        try #require(reply.status == .ok, "\(reply.text)")
        let response = try reply.decode(HealthSyncResponse.self)
        try #require(
            response.questResults.contains { $0.questId == quest && $0.wasCompleted }, "\(response.questResults)")
    }

    @Test(
        "A quest completed through the API marks its day, in the grid, the month's list and the year heatmap; another user's and uncompleted quests never show",
        arguments: Backend.allCases)
    func completedQuestsMarked(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, adaToken) = try await harness.user(
                DashboardIsolationTests.ada.name, timeZone: DashboardIsolationTests.ada.zone)
            let (_, bobToken) = try await harness.user(
                DashboardIsolationTests.bob.name, timeZone: DashboardIsolationTests.bob.zone)
            // Samples, so the pages draw the calendar (quests alone are no samples).
            try await DashboardIsolationTests.fill(harness, DashboardIsolationTests.ada, token: adaToken)
            try await DashboardIsolationTests.fill(harness, DashboardIsolationTests.bob, token: bobToken)
            let walk = try await harness.quest(adaToken, Self.adaQuest)
            let sleep = try await harness.quest(adaToken, Self.adaUnmet)
            let bobs = try await harness.quest(bobToken, Self.bobQuest)
            try await Self.complete(harness, adaToken, on: "2025-11-16", quest: walk)
            try await Self.complete(harness, bobToken, on: "2025-11-16", quest: bobs)
            try await Self.complete(harness, bobToken, on: "2025-11-17", quest: bobs)

            let ada = try await DashboardBrowser.signedIn(harness.client, adaToken)
            let month = try await ada.get("/calendar?month=2025-11&figure=stepCount")
            #expect(month.status == .ok)
            let cells = Self.cells(month.body)
            #expect(cells.count == 30)
            #expect(cells["2025-11-16"]?.quests == 1)
            #expect(cells["2025-11-16"]?.content.contains("quest completed: Ada walks 10k") == true)
            #expect(cells["2025-11-16"]?.content.contains("mark mark-quest") == true)
            // Bob's completion day, and days without any, are unmarked.
            for day in ["2025-11-15", "2025-11-17", "2025-11-01"] {
                #expect(cells[day]?.quests == 0, "\(day)")
                #expect(cells[day]?.content.contains("mark-quest") == false, "\(day)")
            }
            #expect(!month.body.contains("Bob marker quest") && !month.body.contains(bobs))
            #expect(!month.body.contains("Ada sleeps nine hours") && !month.body.contains(sleep))
            // The legend names the mark, and the month's table lists each completion.
            #expect(month.body.contains(#"data-legend="quest""#))
            #expect(Self.listed(month.body) == [Listed(date: "2025-11-16", quest: walk)])

            let year = try await ada.get("/calendar?year=2025&figure=stepCount")
            #expect(year.status == .ok)
            let squares = Self.cells(year.body, element: "rect")
            #expect(squares.count == 365)
            #expect(squares.filter { $0.value.quests > 0 }.map(\.key) == ["2025-11-16"])
            #expect(year.body.contains("quest completed: Ada walks 10k</title>") && year.body.contains("dot dot-quest"))
            #expect(year.body.contains(#"data-legend="quest""#) && !year.body.contains("Bob marker quest"))

            // Bob sees his own, on his own days.
            let bob = try await DashboardBrowser.signedIn(harness.client, bobToken)
            let bobMonth = try await bob.get("/calendar?month=2025-11&figure=stepCount")
            let bobCells = Self.cells(bobMonth.body)
            #expect(bobCells.filter { $0.value.quests > 0 }.map(\.key).sorted() == ["2025-11-16", "2025-11-17"])
            #expect(!bobMonth.body.contains("Ada walks 10k") && !bobMonth.body.contains(walk))
        }
    }

    @Test(
        "A user whose quests are all uncompleted sees no marks, and the month says none were completed",
        arguments: Backend.allCases)
    func uncompletedQuests(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user(
                DashboardIsolationTests.ada.name, timeZone: DashboardIsolationTests.ada.zone)
            try await DashboardIsolationTests.fill(harness, DashboardIsolationTests.ada, token: token)
            let quest = try await harness.quest(token, Self.adaQuest)
            // 8,000 steps: evaluated, not completed.
            let reply = try await harness.sync(
                token, #"{"date": "2025-11-16", "source": "HEALTHKIT", "data": {"steps": 8000}}"#)
            #expect(try reply.decode(HealthSyncResponse.self).questResults.map(\.wasCompleted) == [false])
            let browser = try await DashboardBrowser.signedIn(harness.client, token)
            let page = try await browser.get("/calendar?month=2025-11&figure=stepCount").body
            let cells = Self.cells(page)
            #expect(
                cells.count == 30
                    && cells.allSatisfy { $0.value.quests == 0 && !$0.value.content.contains("mark-quest") })
            #expect(!page.contains("Ada walks 10k") && !page.contains(quest))
            #expect(page.contains(#"data-quests="none""#) && page.contains("No quests completed in November 2025."))
        }
    }

    struct Cell {
        var quests: Int
        var content: String
    }

    struct Listed: Equatable {
        var date: String
        var quest: String
    }

    /// The month grid's day cells (or the heatmap's squares): `data-date` → `data-quests` (-1 when absent) and inner HTML.
    static func cells(_ html: String, element: String = "td") -> [String: Cell] {
        let pattern = try! NSRegularExpression(
            pattern: #"<\#(element)\b([^>]*) data-date="([0-9-]+)"([^>]*)>(.*?)</\#(element)>"#,
            options: [.dotMatchesLineSeparators])
        let quests = try! NSRegularExpression(pattern: #"data-quests="([0-9]+)""#)
        var cells: [String: Cell] = [:]
        for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
            let group = { (index: Int) in String(html[Range(match.range(at: index), in: html)!]) }
            let attributes = group(1) + group(3)
            let count = quests.firstMatch(in: attributes, range: NSRange(attributes.startIndex..., in: attributes))
                .flatMap { Int(attributes[Range($0.range(at: 1), in: attributes)!]) }
            cells[group(2)] = Cell(quests: count ?? -1, content: group(4))
        }
        return cells
    }

    /// The rows of the month's completed-quests table.
    static func listed(_ html: String) -> [Listed] {
        let pattern = try! NSRegularExpression(pattern: #"<tr data-date="([0-9-]+)" data-quest="([^"]+)">"#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            Listed(
                date: String(html[Range(match.range(at: 1), in: html)!]),
                quest: String(html[Range(match.range(at: 2), in: html)!]))
        }
    }
}
