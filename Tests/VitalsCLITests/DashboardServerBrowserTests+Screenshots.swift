import Foundation
import Testing

/// The server-only pages in headless Chromium, on a desktop and a phone: the Sync page, and the
/// Calendar with a completed quest. With `VITALS_RECORD_SCREENSHOTS=1` they are written to
/// `docs/screenshots/` (the README shows them, `scripts/screenshots.sh` takes them again).
extension DashboardServerBrowserTests {
    /// Two weeks of steps and active energy up to today in Berlin (just after midnight, so today's are
    /// past too), one Health Auto Export request per week.
    static func twoWeeksBodies() -> [String] {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let formatter = DateFormatter()
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd"
        let noon = calendar.date(bySettingHour: 12, minute: 0, second: 0, of: Date())!
        return [Array((7..<14).reversed()), Array((0..<7).reversed())].map { backs in
            var steps: [String] = [], energy: [String] = []
            for back in backs {
                let date = calendar.date(byAdding: .day, value: -back, to: noon)!
                let day = formatter.string(from: date)
                let seconds = zone.secondsFromGMT(for: date)
                let offset = String(format: "+%02d%02d", seconds / 3600, seconds % 3600 / 60)
                func item(_ qty: Double, _ start: String, _ end: String, _ source: String) -> String {
                    #"{"qty": \#(qty), "startDate": "\#(day) \#(start):00 \#(offset)", "endDate": "\#(day) \#(end):00 \#(offset)", "source": "\#(source)"}"#
                }
                steps.append(item(Double(3000 + back * 437 % 5000), "00:05", "00:20", "Ada's iPhone"))
                steps.append(item(Double(2500 + back * 211 % 3000), "00:21", "00:35", "Ada's Apple Watch"))
                steps.append(item(Double(900 + back * 97 % 1500), "00:36", "00:50", "Ada's iPhone"))
                energy.append(item(Double(180 + back * 23 % 250), "00:05", "00:35", "Ada's Apple Watch"))
            }
            return
                #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [\#(steps.joined(separator: ", "))]}, "#
                + #"{"name": "active_energy", "units": "kcal", "data": [\#(energy.joined(separator: ", "))]}]}}"#
        }
    }

    @Test(
        "Screenshots of the Sync page and a Calendar with a completed quest, on a desktop and a phone, are real pictures (recorded for the README on request)"
    )
    func screenshots() async throws {
        let served = try await ServedUser()
        let (server, token) = (served.server, served.token)
        defer { _ = served.server.stop() }
        let quest = try HTTP.request(
            port: server.port, "POST", "/api/quests", token: token,
            body: #"{"title": "Walk 3,000 steps", "metric": "steps", "target": 3000}"#)
        try #require(quest.status == 201, "\(quest.body)")
        for body in Self.twoWeeksBodies() {
            let ingest = try HTTP.request(
                port: server.port, "POST", "/api/v1/ingest/health-auto-export", token: token, body: body)
            try #require(ingest.status == 200, "\(ingest.body)")
        }

        let browser = try WebDriver()
        defer { browser.quit() }
        let base = "http://127.0.0.1:\(server.port)"
        try Self.signIn(browser, base: base, token: token, returningTo: "/sync")
        let record = ProcessInfo.processInfo.environment["VITALS_RECORD_SCREENSHOTS"] == "1"
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/screenshots")
        for (name, page) in [("sync", "/sync"), ("calendar-quests", "/calendar?figure=stepCount")] {
            for (suffix, width, height) in [("desktop", 1280, 1000), ("phone", 390, 844)] {
                try browser.resize(width: width, height: height)
                try browser.open(base + page)
                let title = try browser.run("return document.title;") as? String ?? ""
                #expect(
                    !title.hasPrefix("Something went wrong") && !title.hasPrefix("Not found")
                        && !title.lowercased().contains("sign in"), "\(page): \(title)")
                if name == "calendar-quests" {
                    let marked = try browser.run("return document.querySelectorAll('td .mark-quest').length;") as? Int
                    #expect(marked == 1, "today's cell carries the completed quest's mark")
                }
                let png = try browser.screenshot()
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) \(suffix) is a PNG")
                #expect(png.count > 20_000, "\(name) \(suffix) shows more than a blank page (\(png.count) bytes)")
                if record {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try png.write(to: folder.appendingPathComponent("\(name)-\(suffix).png"))
                }
            }
        }
    }
}
