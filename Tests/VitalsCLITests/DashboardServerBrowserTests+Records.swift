import Foundation
import Testing

extension DashboardServerBrowserTests {
    /// The weight rows of the page shown: id, origin, value, whether it has an edit link.
    static func weightRows(_ browser: WebDriver) throws -> [[String]] {
        (try browser.run(
            """
            return Array.from(document.querySelectorAll('tr.record[data-kind="weight"]')).map(r =>
                [r.dataset.id, r.dataset.origin, r.dataset.value, String(r.querySelector('a[href$="/edit"]') !== null)]);
            """) as? [[String]]) ?? []
    }

    /// How far the page scrolls sideways at the current width.
    static func overflow(_ browser: WebDriver) throws -> Int {
        try browser.run("return document.documentElement.scrollWidth - document.documentElement.clientWidth;") as? Int
            ?? 1
    }

    /// Signs in on the sign-in page shown, by keyboard: Tab to the token field, type it, Enter.
    static func signIn(_ browser: WebDriver, token: String) throws {
        var focused = false
        for _ in 0..<10 where !focused {
            focused = try browser.run("return document.activeElement.name === 'token';") as? Bool == true
            if !focused { try browser.press(WebDriver.tab) }
        }
        try #require(focused, "Tab reaches the token field")
        try browser.type(token)
        try browser.press(WebDriver.enter)
    }

    @Test(
        "Records on vitals serve by keyboard at 390 px: add, edit and delete a weight; the scale's weight has no edit control"
    )
    func recordForms() async throws {
        let served = try await ServedUser()
        let (server, token) = (served.server, served.token)
        defer { _ = served.server.stop() }
        // The scale's weight, early today (Berlin).
        let (day, offset) = Self.berlinToday()
        let item = #"{"qty": 70.2, "date": "\#(day) 00:10:00 \#(offset)", "source": "Ada's Scale"}"#
        let body = #"{"data": {"metrics": [{"name": "weight_body_mass", "units": "kg", "data": [\#(item)]}]}}"#
        let ingest = try HTTP.request(
            port: server.port, "POST", "/api/v1/ingest/health-auto-export", token: token, body: body)
        try #require(ingest.status == 200, "\(ingest.body)")

        let browser = try WebDriver()
        defer { browser.quit() }
        try browser.resize(width: 390, height: 900)
        let base = "http://127.0.0.1:\(server.port)"
        try browser.open(base + "/records?kind=weight")
        try browser.wait(forPath: "/sign-in")
        try Self.signIn(browser, token: token)
        #expect(try browser.wait(forPath: "/records") == "/records", "signing in returns to the Records page")
        let before = try Self.weightRows(browser)
        #expect(
            before.count == 1 && before.first?[1] == "external" && before.first?[3] == "false",
            "the scale's weight is shown read-only, without an edit control: \(before)")
        #expect(try Self.overflow(browser) <= 0, "the Records page scrolls sideways at 390 px")

        // Add: Enter on the page's add link, type a value in the field, Enter submits the form.
        let link =
            try browser.run(
                """
                const a = document.querySelector('a[href*="/records/new?kind=weight"]');
                if (!a) return false;
                a.focus();
                return document.activeElement === a;
                """) as? Bool
        try #require(link == true, "the page has a link to add a weight")
        try browser.press(WebDriver.enter)
        #expect(try browser.wait(forPath: "/records/new") == "/records/new")
        #expect(try Self.overflow(browser) <= 0, "the add form scrolls sideways at 390 px")
        try browser.run("document.getElementById('field-value').focus();")
        try browser.type("68.4")
        try browser.press(WebDriver.enter)
        #expect(try browser.wait(forPath: "/records") == "/records")
        let local = try Self.weightRows(browser).filter { $0[1] == "local" }
        #expect(local.count == 1 && local.first?[2] == "68.4" && local.first?[3] == "true", "\(local)")

        // Edit: Enter on the row's edit link, a new value, Enter.
        try browser.run("document.querySelector('tr.record[data-origin=\"local\"] a[href$=\"/edit\"]').focus();")
        try browser.press(WebDriver.enter)
        let editPath = "/records/\(local.first?[0] ?? "")/edit"
        #expect(try browser.wait(forPath: editPath) == editPath)
        try browser.run("const f = document.getElementById('field-value'); f.value = ''; f.focus();")
        try browser.type("67.9")
        try browser.press(WebDriver.enter)
        #expect(try browser.wait(forPath: "/records") == "/records")
        let edited = try Self.weightRows(browser).filter { $0[1] == "local" }
        #expect(edited.count == 1 && edited.first?[2] == "67.9" && edited.first?[0] != local.first?[0], "\(edited)")

        // Delete: the confirm box ticked with Space, then Enter on the Delete button.
        try browser.open(base + "/records/\(edited.first?[0] ?? "")/edit")
        try browser.run("document.getElementById('field-confirm').focus();")
        try browser.press(" ")
        try browser.run("document.querySelector('form[data-form=\"delete\"] button').focus();")
        try browser.press(WebDriver.enter)
        #expect(try browser.wait(forPath: "/records") == "/records")
        let after = try Self.weightRows(browser)
        #expect(after.count == 1 && after.first?[1] == "external" && after.first?[3] == "false", "\(after)")

        // The scale's weight cannot be opened for editing either.
        try browser.open(base + "/records/\(before.first?[0] ?? "")/edit")
        let refusal =
            try browser.run("return document.querySelector('[data-refusal]')?.dataset.refusal ?? '';") as? String
        #expect(refusal == "403", "another source's record is refused")
    }
}
