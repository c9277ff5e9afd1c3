import Foundation
import Testing

/// A user whose app sends daily snapshots (seed 001) and no samples sees them on Today,
/// labelled, equal to `GET /api/health/{date}`; samples win where they give a figure.
@Suite("Server dashboard: Today from daily snapshots")
struct DashboardSnapshotTodayTests {
    @Test(
        "A snapshot-only user sees the API's figures on Today, labelled as the snapshot's, not the empty state",
        arguments: Backend.allCases)
    func snapshotOnly(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, ada) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let (_, bob) = try await harness.user("bob", timeZone: "Europe/Berlin")
            let sync = try await harness.daily(
                ada,
                #"""
                {"date": "2025-11-16", "steps": 8123, "restingHeartRate": 57, "sleepMinutes": 415, "activeEnergyBurned": 432.5}
                """#)
            try #require(sync.status == .ok, "\(sync.text)")
            let api = try await harness.day(ada, "2025-11-16").text
            #expect(api.contains(#""steps":8123"#), "\(api)")

            let page = try await DashboardBrowser.signedIn(harness.client, ada).get("/")
            #expect(page.status == .ok)
            let html = page.body
            #expect(DashboardIsolationTests.figure(html, "steps") == 8123)
            #expect(DashboardIsolationTests.figure(html, "resting-heart-rate") == 57)
            #expect(DashboardIsolationTests.figure(html, "asleep") == 415)
            #expect(DashboardIsolationTests.figure(html, "active-energy") == 432.5)
            #expect(html.contains("From the daily snapshot (HealthKit)"))
            #expect(
                !html.contains("empty-state") && !html.contains("Health Auto Export: Automations"),
                "a user with snapshots is not shown how to start sending data")

            // Bob has sent nothing: the empty state, and none of Ada's numbers.
            let bobPage = try await DashboardBrowser.signedIn(harness.client, bob).get("/").body
            // (Not a bare "8123": a random session or form token may hold those digits.)
            #expect(
                DashboardIsolationTests.figure(bobPage, "steps") == nil && !bobPage.contains("8,123")
                    && !bobPage.contains(#"data-value="8123""#))
        }
    }

    @Test(
        "Samples give the figure where they can; the snapshot fills only what they do not", arguments: Backend.allCases)
    func samplesWin(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, ada) = try await harness.user("ada", timeZone: "Europe/Berlin")
            // Samples of steps (not HRV), then the phone's own day totals for the same day, which
            // the API shows as sent; the page counts the samples and takes only HRV from the snapshot.
            let body = IngestEndpointTests.document(metrics: [
                IngestEndpointTests.metric(
                    "step_count", "count",
                    [
                        IngestEndpointTests.period(
                            4321, "2025-11-16 09:00:00 +0100", "2025-11-16 09:30:00 +0100", "Ada's iPhone")
                    ])
            ])
            try #require(try await harness.ingest(ada, body).status == .ok)
            let sync = try await harness.daily(ada, #"{"date": "2025-11-16", "steps": 9999, "hrv": 48}"#)
            try #require(sync.status == .ok, "\(sync.text)")
            let api = try await harness.day(ada, "2025-11-16").text
            #expect(api.contains(#""steps":9999"#) && api.contains(#""hrv":48"#), "\(api)")
            let html = try await DashboardBrowser.signedIn(harness.client, ada).get("/").body
            #expect(
                DashboardIsolationTests.figure(html, "steps") == 4321,
                "the samples' steps, as `vitals stats` counts them")
            #expect(DashboardIsolationTests.figure(html, "hrv") == 48, "HRV has no samples: the snapshot gives it")
            let steps = try #require(html.range(of: #"data-metric="steps""#))
            #expect(
                !html[steps.lowerBound...].prefix(400).contains("daily snapshot"),
                "a figure from samples is not labelled")
        }
    }
}
