import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import VitalsCore
import VitalsServer
import VitalsServerStorage
import VitalsTestSupport

/// Every dashboard page, tried with each user's session and with none: a user sees their own
/// numbers in their own zone, never another user's.
@Suite("Server: dashboard cross-user isolation")
struct DashboardIsolationTests {
    /// A value for each path parameter a dashboard route may have; a new parameter fails the
    /// test until it gets one here.
    static let parameterValues: [String: [String]] = ["date": ["2025-11-16", "2025-11-15"]]

    /// Ada (Berlin) and Bob (New York): steps on the same two days, in amounts and from
    /// sources that mark whose they are. Markers are what must never cross.
    struct Person {
        let name: String
        let zone: String
        let steps: [Int]
        let source: String
        var markers: [String] {
            [zone, source] + steps.flatMap { [String($0), $0.formatted(.number.grouping(.automatic))] }
        }
    }

    static let ada = Person(name: "ada", zone: "Europe/Berlin", steps: [1234, 4321], source: "Ada Marker Phone")
    static let bob = Person(name: "bob", zone: "America/New_York", steps: [98765, 56789], source: "Bob Marker Phone")

    /// The person's two days of steps, sent through the API: the 16th's at 09:00, the 15th's at 10:00, in their zone.
    static func fill(_ harness: Harness, _ person: Person, token: String) async throws {
        let offset = person.zone == "Europe/Berlin" ? "+0100" : "-0500"
        let body = IngestEndpointTests.document(metrics: [
            IngestEndpointTests.metric(
                "step_count", "count",
                [
                    IngestEndpointTests.period(
                        Double(person.steps[0]), "2025-11-16 09:00:00 \(offset)", "2025-11-16 09:30:00 \(offset)",
                        person.source),
                    IngestEndpointTests.period(
                        Double(person.steps[1]), "2025-11-15 10:00:00 \(offset)", "2025-11-15 10:30:00 \(offset)",
                        person.source),
                ])
        ])
        let reply = try await harness.ingest(token, body)
        try #require(reply.status == .ok, "\(reply.text)")
    }

    /// Every GET page of the dashboard as `vitals serve` mounts it, parameters filled in.
    static func pages() throws -> [String] {
        let path = TestFolder.path("vitals-routes", suffix: ".sqlite")
        let repository = try SQLiteRepository(path: path)
        defer { removeDatabaseFiles(path) }
        let routes = ServerApplication.dashboardRoutes(configuration: .testing, repository: repository)
            .filter { $0.method == "GET" && !$0.path.hasPrefix("/assets/") && $0.path != "/sign-in" }
            // The Records forms (`/records/new`, `/records/{id}/edit`) refuse on a server, which
            // keeps records read-only: DashboardRecordsIsolationTests tries them with each session.
            .filter { !$0.path.hasPrefix("/records/") }
            // The live pages' change count is JSON, not a page: everyPage checks it apart.
            .filter { $0.path != "/changes" }
        var pages: [String] = []
        for route in routes {
            var expanded = [route.path]
            for (name, values) in parameterValues {
                expanded = expanded.flatMap { page in
                    page.contains("{\(name)}")
                        ? values.map { page.replacingOccurrences(of: "{\(name)}", with: $0) } : [page]
                }
            }
            for page in expanded {
                #expect(!page.contains("{"), "add a value for the parameter of \(route) to parameterValues")
            }
            pages += expanded.filter { !$0.contains("{") }
        }
        return pages
    }

    @Test(
        "Every page shows the signed-in user's data only; no session, or a dead one, shows none",
        arguments: [(Backend.sqlite, TestingSetup.router), (.sqlite, .live), (.postgres, .router)])
    func everyPage(backend: Backend, setup: TestingSetup) async throws {
        let pages = try Self.pages()
        #expect(
            pages.contains("/") && pages.contains("/day/2025-11-16") && pages.contains("/sync")
                && pages.contains("/records"),
            "\(pages)")
        try await withServer(backend, setup: setup) { harness in
            let (_, adaToken) = try await harness.user(Self.ada.name, timeZone: Self.ada.zone)
            let (_, bobToken) = try await harness.user(Self.bob.name, timeZone: Self.bob.zone)
            try await Self.fill(harness, Self.ada, token: adaToken)
            try await Self.fill(harness, Self.bob, token: bobToken)
            let ada = try await DashboardBrowser.signedIn(harness.client, adaToken)
            let bob = try await DashboardBrowser.signedIn(harness.client, bobToken)
            for (browser, me, other) in [(ada, Self.ada, Self.bob), (bob, Self.bob, Self.ada)] {
                for page in pages {
                    let answer = try await browser.get(page)
                    #expect(answer.status == .ok, "\(me.name) \(page): \(answer.status)")
                    #expect(answer.body.contains(me.zone), "\(me.name) \(page) is not in their zone")
                    for marker in other.markers {
                        #expect(!Self.shows(answer.body, marker), "\(me.name) \(page) shows \(other.name)'s \(marker)")
                    }
                }
                // The numbers are the user's own: today's steps, and each day's.
                let today = try await browser.get("/")
                #expect(Self.figure(today.body, "steps") == Double(me.steps[0]), "\(me.name) today")
                #expect(Self.figure(try await browser.get("/day/2025-11-15").body, "steps") == Double(me.steps[1]))
            }
            // Each user's change count is their own newest ingest: one each, so they differ, and a
            // page carries its own user's count.
            let counts = try await [ada, bob].asyncMap { browser in try await browser.get("/changes") }
            #expect(counts.allSatisfy { $0.status == .ok && $0.body.hasPrefix(#"{"count":"#) }, "\(counts.map(\.body))")
            #expect(counts[0].body != counts[1].body)
            let adaCount = counts[0].body.dropFirst(#"{"count":"#.count).dropLast()
            #expect(try await ada.get("/").body.contains(#"data-live-count="\#(adaCount)""#))

            // Without a session, with another user's data in mind: forged, copied-then-signed-out, expired ids.
            let stranger = harness.browser()
            let adaID = try #require(ada.session)
            let csrf = try #require(try await ada.get("/").hiddenField("csrf"))
            _ = try await ada.post("/sign-out", [("csrf", csrf)])
            for cookie in [nil, String(repeating: "f", count: 64), adaID] {
                stranger.setCookie("vitals_session", cookie)
                for page in pages + ["/changes"] {
                    let answer = try await stranger.get(page)
                    #expect(answer.status == .seeOther && answer.location?.hasPrefix("/sign-in") == true, "\(page)")
                    for marker in Self.ada.markers + Self.bob.markers { #expect(!Self.shows(answer.body, marker)) }
                }
            }
            // Bob's session is untouched by Ada's sign-out.
            #expect(try await bob.get("/").status == .ok)
        }
    }

    @Test(
        "A new user's pages say how to send data (the ingest URL and header), not an error or another user's data",
        arguments: Backend.allCases)
    func emptyUser(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, adaToken) = try await harness.user(Self.ada.name, timeZone: Self.ada.zone)
            let (_, newToken) = try await harness.user("newcomer", timeZone: "Asia/Tokyo")
            try await Self.fill(harness, Self.ada, token: adaToken)
            let browser = try await DashboardBrowser.signedIn(harness.client, newToken)
            for page in try Self.pages() {
                let answer = try await browser.get(page)
                #expect(answer.status == .ok, "\(page)")
                #expect(answer.body.contains(#"data-empty="true""#), "\(page) has no empty state")
                #expect(
                    answer.body.contains("/api/v1/ingest/health-auto-export")
                        && answer.body.contains("Authorization: Bearer"))
                #expect(answer.body.contains("Asia/Tokyo") && !answer.body.contains("try the demo"))
                for marker in Self.ada.markers { #expect(!Self.shows(answer.body, marker), "\(page) shows \(marker)") }
            }
        }
    }

    /// Whether a page shows `marker` outside its random tokens: a form's 64-hex CSRF token
    /// contains a marker like "1234" about once in 700 pages.
    static func shows(_ html: String, _ marker: String) -> Bool {
        html.replacingOccurrences(of: "[0-9a-f]{32,}", with: "<token>", options: .regularExpression).contains(marker)
    }

    /// The `data-value` of the figure `data-metric="metric"`.
    static func figure(_ html: String, _ metric: String) -> Double? {
        let pattern = try! NSRegularExpression(pattern: #"data-metric="\#(metric)"[^>]*data-value="([^"]*)""#)
        guard let match = pattern.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)),
            let range = Range(match.range(at: 1), in: html)
        else { return nil }
        return Double(html[range])
    }
}
