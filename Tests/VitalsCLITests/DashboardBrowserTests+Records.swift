import Foundation
import Testing

extension DashboardBrowserTests {
    /// The weight rows of the page shown: id, origin, value, whether it has an edit link.
    static func weightRows(_ session: Session) throws -> [[String]] {
        (try session.browser.run(
            """
            return Array.from(document.querySelectorAll('tr.record[data-kind="weight"]')).map(r =>
                [r.dataset.id, r.dataset.origin, r.dataset.value, String(r.querySelector('a[href$="/edit"]') !== null)]);
            """) as? [[String]]) ?? []
    }

    /// Waits (up to 5 s) until the page's path is `path`.
    static func waitForPath(_ session: Session, _ path: String) throws -> String {
        var current = ""
        for _ in 0..<50 where current != path {
            current = try session.browser.run("return location.pathname;") as? String ?? ""
            if current != path { usleep(100_000) }
        }
        return current
    }

    /// How far the page scrolls sideways at the current width.
    static func overflow(_ session: Session) throws -> Int {
        try session.browser.run("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
            as? Int ?? 1
    }

    @Test(
        "Records by keyboard at 390 px: add, edit and delete a local weight through the forms; the phone's weights have no edit control"
    )
    func recordForms() throws {
        let session = try Session()
        defer { session.close() }
        try session.browser.resize(width: 390, height: 900)
        try session.browser.open(session.base + "/records?kind=weight")
        let before = try Self.weightRows(session)
        #expect(!before.isEmpty, "the demo has the phone's weights")
        #expect(before.allSatisfy { $0[1] == "external" && $0[3] == "false" }, "\(before)")
        #expect(try Self.overflow(session) <= 0, "the Records page scrolls sideways at 390 px")

        // Add: type a value, Enter in the field submits the form; the answer is the week's weights.
        try session.browser.open(session.base + "/records/new?kind=weight")
        #expect(try Self.overflow(session) <= 0, "the add form scrolls sideways at 390 px")
        try session.browser.run("const f = document.getElementById('field-value'); f.value = '68.4'; f.focus();")
        try session.browser.press(WebDriver.enter)
        #expect(try Self.waitForPath(session, "/records") == "/records")
        let added = try Self.weightRows(session).filter { $0[1] == "local" }
        #expect(added.count == 1 && added.first?[2] == "68.4" && added.first?[3] == "true", "\(added)")

        // Edit: Enter on the row's edit link, a new value, Enter.
        try session.browser.run(
            "document.querySelector('tr.record[data-origin=\"local\"] a[href$=\"/edit\"]').focus();")
        try session.browser.press(WebDriver.enter)
        let editPath = "/records/\(added.first?[0] ?? "")/edit"
        #expect(try Self.waitForPath(session, editPath) == editPath)
        try session.browser.run("const f = document.getElementById('field-value'); f.value = '67.9'; f.focus();")
        try session.browser.press(WebDriver.enter)
        #expect(try Self.waitForPath(session, "/records") == "/records")
        let edited = try Self.weightRows(session).filter { $0[1] == "local" }
        #expect(edited.count == 1 && edited.first?[2] == "67.9" && edited.first?[0] != added.first?[0], "\(edited)")

        // Delete: the confirm box ticked with Space, then Enter on the Delete button.
        try session.browser.open(session.base + "/records/\(edited.first?[0] ?? "")/edit")
        try session.browser.run("document.getElementById('field-confirm').focus();")
        try session.browser.press(" ")
        try session.browser.run("document.querySelector('form[data-form=\"delete\"] button').focus();")
        try session.browser.press(WebDriver.enter)
        #expect(try Self.waitForPath(session, "/records") == "/records")
        let after = try Self.weightRows(session)
        #expect(after.filter { $0[1] == "local" }.isEmpty && after.count == before.count, "\(after)")
    }
}
