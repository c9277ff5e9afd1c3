import Foundation
import Testing
import VitalsCore
import VitalsServerStorage
import VitalsTestSupport

/// Reading the Records page and the API back in the server's record form tests.
enum RecordPages {
    /// The name the dashboard's records are stored under.
    static let dashboardSource = "Vitals Dashboard"

    /// The Records page of `kind` around the test's today (2025-11-16).
    static func path(_ kind: String) -> String { "/records?kind=\(kind)&from=2025-11-10&to=2025-11-20" }

    /// The `data-` attributes of each record row of a Records page, in page order.
    static func rows(_ html: String) -> [[String: String]] { PageReader.elements(html, containing: #"class="record""#) }

    /// The values of the `data-NAME` attributes in `html` (a macro's grams: `protein`, `carbs`, `fat`), in order.
    static func numbers(_ html: String, _ name: String) -> [Double] {
        let pattern = try! NSRegularExpression(pattern: "data-\(name)=\"([^\"]*)\"")
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
            Range($0.range(at: 1), in: html).flatMap { Double(html[$0]) }
        }
    }

    /// Whether `html` links to the edit form of record `id`.
    static func hasEditLink(_ html: String, _ id: String) -> Bool { html.contains("/records/\(id)/edit\"") }

    /// The user's stored samples from the dashboard, as `GET /api/me/export` lists them, by type.
    static func dashboardSamples(_ harness: Harness, _ token: String) async throws -> [StoredSample] {
        try await harness.export(token).samples.filter { $0.sourceName == dashboardSource }
            .sorted { ($0.type, $0.uuid.uuidString) < ($1.type, $1.uuid.uuidString) }
    }
}

extension DashboardBrowser {
    /// This session's form token, read from the Today page.
    func csrf() async throws -> String {
        try #require(try await get("/").hiddenField("csrf"))
    }

    /// The record rows of the Records page of `kind`.
    func records(_ kind: String) async throws -> [[String: String]] {
        let page = try await get(RecordPages.path(kind))
        try #require(page.status == .ok, "records page: \(page.status)")
        return RecordPages.rows(page.body)
    }
}
