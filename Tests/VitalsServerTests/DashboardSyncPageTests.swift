import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import VitalsCore

/// The server dashboard's Sync page: setup instructions for this server, what arrived per type,
/// and the recent ingests with what was skipped, the signed-in user's only.
@Suite("Server: dashboard Sync page")
struct DashboardSyncPageTests {
    @Test(
        "Sync shows the ingest URL of this server, each type's newest sample and gaps, and the ingests with skips",
        arguments: Backend.allCases)
    func syncPage(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, ada) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let (_, bob) = try await harness.user("bob", timeZone: "America/New_York")
            let body = IngestEndpointTests.document(metrics: [
                IngestEndpointTests.metric(
                    "step_count", "count",
                    [
                        IngestEndpointTests.period(
                            1234, "2025-11-16 09:00:00 +0100", "2025-11-16 09:30:00 +0100", "Ada's Phone")
                    ]),
                IngestEndpointTests.metric(
                    "no_such_metric", "count",
                    [
                        IngestEndpointTests.period(
                            1, "2025-11-16 09:00:00 +0100", "2025-11-16 09:30:00 +0100", "Ada's Phone")
                    ]),
            ])
            #expect(try await harness.ingest(ada, body).status == .ok)
            #expect(try await harness.daily(bob, #"{"date": "2025-11-16", "steps": 777}"#).status == .ok)

            let browser = try await DashboardBrowser.signedIn(harness.client, ada)
            browser.headers[HTTPField.Name("X-Forwarded-Proto")!] = "https"
            let page = try await browser.get("/sync")
            #expect(page.status == .ok)
            let html = page.body
            // The address the browser used (the test client's is localhost), with the proxy's scheme.
            #expect(html.contains("https://localhost/api/v1/ingest/health-auto-export"))
            #expect(html.contains("Authorization: Bearer YOUR_TOKEN") && !html.contains(ada))
            #expect(html.contains(#"<a href="/sync" aria-current="page">Sync</a>"#))
            // Steps: the newest sample at 09:00 Berlin, present today, missing on the 29 days before.
            let steps = try #require(html.range(of: #"data-type="HKQuantityTypeIdentifierStepCount""#))
            let row = String(html[steps.lowerBound...].prefix(while: { $0 != "\n" }).prefix(600))
            #expect(row.contains("2025-11-16 09:00") && row.contains(#"data-missing-days="29""#), "\(row)")
            // The ingest: stored, with the unknown metric skipped and why.
            #expect(html.contains("health-auto-export") && html.contains("1 / 0 / 0 / 1"))
            #expect(html.contains("no_such_metric"))
            // Bob's 777 steps, not a run of digits in the page's random 64-hex-digit form token (1.5% of pages).
            #expect(
                !html.contains("daily")
                    && html.range(of: "(?<![0-9a-f])777(?![0-9a-f])", options: .regularExpression) == nil
                    && !html.contains("America/New_York"))

            // Bob's page has his daily record's log entry and none of Ada's.
            let bobPage = try await DashboardBrowser.signedIn(harness.client, bob).get("/sync").body
            #expect(
                bobPage.contains(">daily<") && !bobPage.contains("no_such_metric") && !bobPage.contains("Europe/Berlin")
            )
            // Without a session: to sign-in, and back to /sync after.
            #expect(try await harness.browser().get("/sync").location == "/sign-in?next=/sync")
        }
    }
}
