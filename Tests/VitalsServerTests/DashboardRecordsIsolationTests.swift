import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import VitalsCore

/// The Records page and its forms on a server: each user's own records only (others' sources
/// read-only), and no form post of one user (with or without its CSRF token) changes another's data.
@Suite("Server: dashboard Records isolation")
struct DashboardRecordsIsolationTests {
    /// A weight of `kilograms` at 07:00 on 16 November in `offset`, from `source`.
    static func weight(
        _ harness: Harness, token: String, kilograms: Double, offset: String, source: String
    ) async throws {
        let body = IngestEndpointTests.document(metrics: [
            IngestEndpointTests.metric(
                "weight_body_mass", "kg",
                [
                    #"{"qty": \#(kilograms), "date": "2025-11-16 07:00:00 \#(offset)", "source": "\#(source)"}"#
                ])
        ])
        let reply = try await harness.ingest(token, body)
        try #require(reply.status == .ok, "\(reply.text)")
    }

    /// The `data-id`s of a Records page's rows.
    static func ids(_ html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"class="record" data-id="([^"]*)""#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
            Range($0.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    @Test(
        "Each user's Records page lists their own weights, external ones read-only with their source; Ada's form posts never touch Bob's",
        arguments: Backend.allCases)
    func records(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, adaToken) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let (_, bobToken) = try await harness.user("bob", timeZone: "America/New_York")
            try await Self.weight(
                harness, token: adaToken, kilograms: 61.7, offset: "+0100", source: "Ada Marker Scale")
            try await Self.weight(
                harness, token: bobToken, kilograms: 88.3, offset: "-0500", source: "Bob Marker Scale")
            let ada = try await DashboardBrowser.signedIn(harness.client, adaToken)
            let bob = try await DashboardBrowser.signedIn(harness.client, bobToken)
            let range = "/records?kind=weight&from=2025-11-10&to=2025-11-20"
            let adaPage = try await ada.get(range)
            let bobPage = try await bob.get(range)
            #expect(adaPage.status == .ok && bobPage.status == .ok)
            #expect(adaPage.body.contains("Ada Marker Scale") && adaPage.body.contains("data-value=\"61.7\""))
            #expect(!adaPage.body.contains("Bob Marker") && !adaPage.body.contains("88.3"))
            #expect(!bobPage.body.contains("Ada Marker") && !bobPage.body.contains("61.7"))
            #expect(adaPage.body.contains("data-origin=\"external\"") && !adaPage.body.contains("/edit\""))
            let bobIDs = Self.ids(bobPage.body)
            #expect(bobIDs.count == 1)
            let bobID = try #require(bobIDs.first)

            // Ada's forms on Bob's record: without the token the middleware refuses; with it, the
            // record is not found (it is not Ada's).
            let csrf = try #require(try await ada.get("/").hiddenField("csrf"))
            let posts: [(String, [(String, String)])] = [
                ("/records/\(bobID)/edit", [("value", "50"), ("start", "2025-11-16T07:00")]),
                ("/records/\(bobID)/delete", [("confirm", "yes")]),
            ]
            for (path, fields) in posts {
                let forged = try await ada.post(path, fields)
                #expect(forged.status == .forbidden, "\(path) without csrf: \(forged.status)")
                let signed = try await ada.post(path, fields + [("csrf", csrf)])
                #expect(signed.status == .notFound, "\(path) with csrf: \(signed.status)")
                #expect(!signed.body.contains("Bob Marker") && !signed.body.contains("88.3"))
            }
            let edit = try await ada.get("/records/\(bobID)/edit")
            #expect(edit.status == .notFound && !edit.body.contains("88.3") && !edit.body.contains("Bob Marker"))
            // An add by Ada is Ada's alone.
            let new = [("kind", "weight"), ("value", "50"), ("start", "2025-11-16T08:00")]
            #expect(try await ada.post("/records/new", new).status == .forbidden)
            #expect(try await ada.post("/records/new", new + [("csrf", csrf)]).status == .seeOther)
            // Nothing changed for Bob; Ada has her external weight and her new one.
            #expect(Self.ids(try await bob.get(range).body) == [bobID])
            #expect(try await bob.get(range).body.contains("data-value=\"88.3\""))
            #expect(!(try await bob.get(range).body.contains("data-value=\"50\"")))
            #expect(Self.ids(try await ada.get(range).body).count == Self.ids(adaPage.body).count + 1)
        }
    }
}
