import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import VitalsCore
import VitalsServer

/// What the server's record forms and its per-user sample delete refuse: another user's record,
/// another source's record, a form without its token. Each refusal changes nothing.
@Suite("Server: dashboard record form guards")
struct ServerRecordGuardsTests {
    /// Ada's dashboard weight of 61.7 kg; returns its id.
    static func adaWeight(_ ada: DashboardBrowser) async throws -> String {
        let added = try await ada.post(
            "/records/new",
            [
                ("kind", "weight"), ("value", "61.7"),
                ("start", "2025-11-16T07:00"), ("csrf", try await ada.csrf()),
            ])
        try #require(added.status == .seeOther, "\(added.status)")
        return try #require(try await ada.records("weight").first?["data-id"])
    }

    @Test(
        "Bob cannot see, edit or delete Ada's record, through the forms or the repository", arguments: Backend.allCases)
    func otherUser(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, adaToken) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let (bob, bobToken) = try await harness.user("bob", timeZone: "America/New_York")
            let ada = try await DashboardBrowser.signedIn(harness.client, adaToken)
            let bobBrowser = try await DashboardBrowser.signedIn(harness.client, bobToken)
            let id = try await Self.adaWeight(ada)
            let csrf = try await bobBrowser.csrf()
            #expect(try await bobBrowser.get("/records/\(id)/edit").status == .notFound)
            let edit = try await bobBrowser.post(
                "/records/\(id)/edit",
                [
                    ("value", "50"), ("start", "2025-11-16T07:00"),
                    ("csrf", csrf),
                ])
            #expect(edit.status == .notFound && !edit.body.contains("61.7"), "\(edit.status)")
            let delete = try await bobBrowser.post("/records/\(id)/delete", [("confirm", "yes"), ("csrf", csrf)])
            #expect(delete.status == .notFound, "\(delete.status)")
            #expect(try await bobBrowser.records("weight").isEmpty)
            // The repository's delete is per user: Bob's call finds nothing of his, deletes nothing.
            let uuid = try #require(UUID(uuidString: id))
            let code = await Self.errorCode {
                try await harness.repository.deleteSample(
                    uuid, from: RecordPages.dashboardSource, of: bob,
                    at: ServerConfiguration.fixedNow)
            }
            #expect(code == .notFound)
            #expect(try await harness.repository.sample(of: bob, uuid: uuid) == nil)
            let rows = try await ada.records("weight")
            #expect(rows.map { $0["data-id"] } == [id] && rows.first?["data-value"] == "61.7")
            #expect(try await RecordPages.dashboardSamples(harness, adaToken).map(\.value) == [61.7])
        }
    }

    @Test(
        "An external record shows its source and no edit control; its form posts and a repository delete are refused",
        arguments: Backend.allCases)
    func externalRecord(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            try await DashboardRecordsIsolationTests.weight(
                harness, token: token, kilograms: 64.2, offset: "+0100",
                source: "Ada Marker Scale")
            let browser = try await DashboardBrowser.signedIn(harness.client, token)
            let page = try await browser.get(RecordPages.path("weight"))
            let rows = RecordPages.rows(page.body)
            try #require(rows.count == 1)
            let id = try #require(rows[0]["data-id"])
            #expect(rows[0]["data-origin"] == "external" && rows[0]["data-source"] == "Ada Marker Scale")
            #expect(!RecordPages.hasEditLink(page.body, id), "no edit control for another source's record")
            #expect(page.body.contains("/records/new?kind=weight"), "the user's own records can still be added")
            let csrf = try await browser.csrf()
            #expect(try await browser.get("/records/\(id)/edit").status == .forbidden)
            let edit = try await browser.post(
                "/records/\(id)/edit",
                [
                    ("value", "50"), ("start", "2025-11-16T07:00"),
                    ("csrf", csrf),
                ])
            #expect(edit.status == .forbidden && edit.body.contains("Ada Marker Scale"), "\(edit.status)")
            let delete = try await browser.post("/records/\(id)/delete", [("confirm", "yes"), ("csrf", csrf)])
            #expect(delete.status == .forbidden, "\(delete.status)")
            // The repository deletes only the dashboard's samples, whoever asks.
            let uuid = try #require(UUID(uuidString: id))
            let code = await Self.errorCode {
                try await harness.repository.deleteSample(
                    uuid, from: RecordPages.dashboardSource, of: ada,
                    at: ServerConfiguration.fixedNow)
            }
            #expect(code == .notFound)
            let stored = try await harness.export(token).samples
            #expect(stored.map(\.uuid) == [uuid] && stored.map(\.value) == [64.2])
            #expect(try await browser.records("weight").map { $0["data-value"] } == ["64.2"])
        }
    }

    @Test("A form post without the session's token is refused and changes nothing", arguments: Backend.allCases)
    func withoutToken(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let ada = try await DashboardBrowser.signedIn(harness.client, token)
            let id = try await Self.adaWeight(ada)
            let posts: [(String, [(String, String)])] = [
                ("/records/new", [("kind", "weight"), ("value", "50"), ("start", "2025-11-16T08:00")]),
                ("/records/\(id)/edit", [("value", "50"), ("start", "2025-11-16T07:00")]),
                ("/records/\(id)/delete", [("confirm", "yes")]),
            ]
            for (path, fields) in posts {
                for forged in [fields, fields + [("csrf", "not-the-token")]] {
                    let answer = try await ada.post(path, forged)
                    #expect(answer.status == .forbidden, "\(path): \(answer.status)")
                }
            }
            let rows = try await ada.records("weight")
            #expect(rows.map { $0["data-id"] } == [id] && rows.first?["data-value"] == "61.7")
            #expect(try await RecordPages.dashboardSamples(harness, token).map(\.value) == [61.7])
        }
    }

    /// The code of the `VitalsError` `body` throws; nil when it throws none (or another error).
    static func errorCode(_ body: () async throws -> Void) async -> VitalsError.Code? {
        do {
            try await body()
            return nil
        } catch {
            return (error as? VitalsError)?.code
        }
    }
}
