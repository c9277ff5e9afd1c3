import Foundation
import Testing
import VitalsTestSupport

/// `vitals serve`'s dashboard in headless Chromium, by keyboard only: sign in with the token,
/// read today's steps and compare them with the API's, walk the pages, sign out.
@Suite("Server dashboard in a real browser", .serialized, .mayBlock)
struct DashboardServerBrowserTests {
    /// Today in Berlin as `YYYY-MM-DD` and the zone's offset now (`+0100` or `+0200`).
    static func berlinToday() -> (day: String, offset: String) {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let formatter = DateFormatter()
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd"
        let seconds = zone.secondsFromGMT(for: Date())
        return (formatter.string(from: Date()), String(format: "+%02d%02d", seconds / 3600, seconds % 3600 / 60))
    }

    @Test("Sign in by keyboard, today's steps equal the API's, Tab reaches every control, sign out by keyboard")
    func signInReadWalkSignOut() async throws {
        let served = try await ServedUser()
        let (server, token) = (served.server, served.token)
        defer { _ = served.server.stop() }

        // Two sources on the same minutes (merged, not added) and one more period.
        let (day, offset) = Self.berlinToday()
        let items = [
            (1200.0, "00:05", "00:35", "Ada's iPhone"), (1100.0, "00:05", "00:35", "Ada's Apple Watch"),
            (345.0, "00:40", "00:50", "Ada's iPhone"),
        ].map { qty, start, end, source in
            #"{"qty": \#(qty), "startDate": "\#(day) \#(start):00 \#(offset)", "endDate": "\#(day) \#(end):00 \#(offset)", "source": "\#(source)"}"#
        }
        let body =
            #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [\#(items.joined(separator: ", "))]}]}}"#
        let ingest = try HTTP.request(
            port: server.port, "POST", "/api/v1/ingest/health-auto-export", token: token, body: body)
        try #require(ingest.status == 200, "\(ingest.body)")
        let api = try HTTP.request(port: server.port, "GET", "/api/health/today", token: token)
        let snapshot = try #require(try JSONSerialization.jsonObject(with: Data(api.body.utf8)) as? [String: Any])
        let apiSteps = try #require(snapshot["steps"] as? Double ?? (snapshot["steps"] as? Int).map(Double.init))

        let browser = try WebDriver()
        defer { browser.quit() }
        let base = "http://127.0.0.1:\(server.port)"
        try browser.open(base + "/")
        #expect(try browser.wait(forPath: "/sign-in") == "/sign-in", "a page without a session asks to sign in")
        var focusedToken = false
        for _ in 0..<10 where !focusedToken {
            focusedToken = try browser.run("return document.activeElement.name === 'token';") as? Bool == true
            if !focusedToken { try browser.press(WebDriver.tab) }
        }
        try #require(focusedToken, "Tab reaches the token field")
        try browser.type(token)
        try browser.press(WebDriver.enter)
        #expect(try browser.wait(forPath: "/") == "/", "signing in returns to the page asked for")

        let shown =
            try browser.run(
                """
                const card = document.querySelector('[data-metric="steps"]');
                return card ? parseFloat(card.getAttribute('data-value')) : null;
                """) as? Double
        #expect(shown == apiSteps, "the Today page shows the API's steps (\(apiSteps))")
        #expect(
            apiSteps == 1445,
            "the watch's 1,100 count for the minutes both sent (a watch before a phone), plus the phone's own 345")

        // Every control of each page is reached by Tab, in order, with a visible focus ring.
        for page in ["/", "/day/\(day)", "/trends", "/calendar", "/sync"] {
            try browser.open(base + page)
            let walk = try browser.tabWalk()
            #expect(walk.count >= 3, "\(page) has controls")
            #expect(walk.reached == Array(0..<walk.count), "\(page): Tab reaches every control once, in order")
            #expect(walk.ringless.isEmpty, "\(page): focused without a visible focus ring: \(walk.ringless)")
        }

        // Sign out with the keyboard: the header's button, then Enter.
        try browser.open(base + "/")
        let signOut =
            try browser.run(
                """
                const button = Array.from(document.querySelectorAll('header button')).find(b => /sign out/i.test(b.textContent));
                if (!button) return false;
                button.focus();
                return document.activeElement === button;
                """) as? Bool
        try #require(signOut == true, "the header has a sign-out button")
        try browser.press(WebDriver.enter)
        try browser.wait(forPath: "/sign-in")
        try browser.open(base + "/")
        #expect(try browser.wait(forPath: "/sign-in") == "/sign-in", "after signing out, pages ask to sign in again")
    }

    @Test("Today, the day's page and Sync update in place when the phone posts: no reload, the new figure shown")
    func pagesUpdateLive() async throws {
        let served = try await ServedUser()
        let (server, token) = (served.server, served.token)
        defer { _ = served.server.stop() }
        let (day, offset) = Self.berlinToday()
        func post(_ steps: Double, at time: String) throws {
            let item =
                #"{"qty": \#(steps), "startDate": "\#(day) \#(time):00 \#(offset)", "endDate": "\#(day) \#(time):30 \#(offset)", "source": "Ada's iPhone"}"#
            let body = #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [\#(item)]}]}}"#
            let answer = try HTTP.request(
                port: server.port, "POST", "/api/v1/ingest/health-auto-export", token: token, body: body)
            try #require(answer.status == 200, "\(answer.body)")
        }
        try post(400, at: "00:05")

        let browser = try WebDriver()
        defer { browser.quit() }
        let base = "http://127.0.0.1:\(server.port)"
        try browser.open(base + "/sign-in")
        _ = try browser.run(
            """
            const field = document.querySelector('input[name=token]');
            field.value = arguments[0];
            field.form.submit();
            return true;
            """, [token])
        try browser.wait(forPath: "/")
        let steps =
            "const card = document.querySelector('[data-metric=\"steps\"]'); return card ? card.getAttribute('data-value') : null;"
        for (page, probe) in [
            ("/", steps), ("/day/\(day)", "return document.querySelector('main').textContent;"),
            ("/sync", "return document.querySelector('main').textContent;"),
        ] {
            try browser.open(base + page)
            let before = try browser.run(probe) as? String
            // A mark that a reload would wipe.
            _ = try browser.run("window.vitalsNotReloaded = true; return true;")
            let count =
                try browser.run("return document.querySelector('main').getAttribute('data-live-count');") as? String
            #expect(count != nil, "\(page) is a live page")
            try post(250, at: page == "/" ? "01:05" : (page == "/sync" ? "03:05" : "02:05"))
            var after = before
            for _ in 0..<150 where after == before {
                usleep(200_000)
                after = try browser.run(probe) as? String
            }
            #expect(after != before, "\(page) shows the new data within 30 s")
            #expect(
                try browser.run("return window.vitalsNotReloaded === true;") as? Bool == true,
                "\(page) was not reloaded")
            #expect(
                try browser.run("return document.querySelector('main').getAttribute('data-live-count');") as? String
                    != count)
            if page == "/" { #expect(after == "650.0", "Today's steps are the API's after the post") }
        }
    }
}
