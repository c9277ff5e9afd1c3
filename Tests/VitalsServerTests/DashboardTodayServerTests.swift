import Foundation
import Testing

@Suite("Server dashboard: Today for a server user")
struct DashboardTodayServerTests {
    @Test(
        "NoAlc days sent by the phone count (a server user's streaks count every source); every type is readable, so no access notice",
        arguments: Backend.allCases)
    func noAlcAndAccess(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            // Alcohol-free on the 14th, 15th and 16th (today on the test clock), drinks on the 13th.
            let days = [("2025-11-13", 3.0), ("2025-11-14", 0), ("2025-11-15", 0), ("2025-11-16", 0)]
            let items = days.map { day, drinks in
                #"{"qty": \#(drinks), "date": "\#(day) 00:00:00 +0100", "source": "Ada's iPhone"}"#
            }
            let body = IngestEndpointTests.document(metrics: [
                IngestEndpointTests.metric("number_of_alcoholic_beverages", "count", items),
                IngestEndpointTests.metric(
                    "step_count", "count",
                    [
                        IngestEndpointTests.period(
                            4321, "2025-11-16 09:00:00 +0100", "2025-11-16 09:30:00 +0100", "Ada's iPhone")
                    ]),
            ])
            let reply = try await harness.ingest(token, body)
            try #require(reply.status == .ok, "\(reply.text)")

            let browser = try await DashboardBrowser.signedIn(harness.client, token)
            let today = try await browser.get("/")
            #expect(today.status == .ok)
            #expect(today.body.contains(#"data-noalc="none""#), "today is alcohol-free")
            #expect(
                today.body.contains(#"data-streak="3""#),
                "three alcohol-free days in a row, counted from the phone's samples")
            #expect(!today.body.contains("data-access="), "a server user may read every type: no access notice")
            #expect(DashboardIsolationTests.figure(today.body, "steps") == 4321)
            #expect(!today.body.contains(#"data-origin="reported""#), "a figure from samples is not labelled reported")
        }
    }

    @Test("A figure the phone reported as a total says so, with when it arrived", arguments: Backend.allCases)
    func reportedFigure(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let body = ReportedTotalsTests.totals([(8000, "2025-11-16 00:00:00 +0100")])
            try #require(try await harness.ingest(token, body).status == .ok)
            let browser = try await DashboardBrowser.signedIn(harness.client, token)
            let today = try await browser.get("/")
            #expect(DashboardIsolationTests.figure(today.body, "steps") == 8000)
            // Received at the test clock's noon UTC: 13:00 in Berlin.
            #expect(today.body.contains(#"data-origin="reported">Reported by Health Auto Export at 13:00<"#))
        }
    }
}
