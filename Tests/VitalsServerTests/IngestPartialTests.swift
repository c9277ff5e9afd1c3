import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore
import VitalsServer
import VitalsTestSupport

/// `POST /api/v1/ingest/health-auto-export` with bad items (issue 15, item 2): what can be read
/// is stored and the rest named in the answer; `?strict=true` keeps all or nothing; a refused
/// request changes nothing already stored.
@Suite("Server: Health Auto Export partial acceptance")
struct IngestPartialTests {
    static var partial: String {
        get throws {
            let url = Fixtures.url("hae/partial.json")
            return try String(contentsOf: url, encoding: .utf8)
        }
    }

    @Test(
        "Unreadable items are skipped and named (path, reason); the rest is stored with 200",
        arguments: Backend.allCases)
    func partialAcceptance(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "UTC")
            let reply = try await harness.ingest(token, try Self.partial)
            #expect(reply.status == .ok, "\(reply.text)")
            let report = try reply.decode(HealthService.IngestReport.self)
            #expect(report.status == "partial")
            #expect(report.samplesAdded == 3 && report.workoutsAdded == 1)
            #expect(report.itemsUnreadable == 8)
            let paths = report.skipped.compactMap(\.path)
            #expect(paths.count == 8)
            #expect(paths.contains("data.metrics[0].data[1].qty") && paths.contains("data.workouts[1].distance.qty"))
            #expect(!reply.text.contains("lots") && !reply.text.contains("Apocalyptic"))
            #expect(try await harness.day(token, "2024-06-01").decode(DayReport.self).steps == 160)
            #expect(try await harness.export(token).workouts.map(\.externalId) == ["good"])
        }
    }

    @Test(
        "?strict=true refuses the whole batch with 422 at the first bad item; nothing is stored",
        arguments: Backend.allCases)
    func strictIsAllOrNothing(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "UTC")
            let reply = try await harness.send(
                .post, "/api/v1/ingest/health-auto-export?strict=true", token: token,
                json: try Self.partial)
            #expect(reply.status == .unprocessableContent)
            #expect(reply.errorField == "data.metrics[0].data[1].qty")
            let export = try await harness.export(token)
            #expect(export.samples.isEmpty && export.workouts.isEmpty && export.snapshots.isEmpty)
            let odd = try await harness.send(
                .post, "/api/v1/ingest/health-auto-export?strict=maybe", token: token,
                json: try Self.partial)
            #expect(odd.status == .badRequest && odd.errorField == "strict")
        }
    }

    @Test(
        "Refused whole: not JSON (400 with the byte offset), no data; nothing readable is 200 partial naming it; stored data unchanged",
        arguments: Backend.allCases)
    func refusedRequestsChangeNothing(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "UTC")
            let good =
                #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"qty": 42, "date": "2024-06-01 08:00:00 +0000", "source": "Phone"}]}]}}"#
            #expect(try await harness.ingest(token, good).status == .ok)
            let before = try await harness.export(token)

            let syntax = try await harness.ingest(token, #"{"data": {"metrics": [}"#)
            #expect(syntax.status == .badRequest && syntax.errorCode == "invalid_json")
            #expect((syntax.object["error"] as? [String: Any])?["byteOffset"] as? Int == 22)
            let noData = try await harness.ingest(token, #"{"metrics": []}"#)
            #expect(noData.status == .unprocessableContent && noData.errorField == "data")
            let allBad =
                #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"qty": 7, "date": "tomorrow"}]}]}}"#
            let nothing = try await harness.ingest(token, allBad)
            #expect(nothing.status == .ok && nothing.object["status"] as? String == "partial")
            let skipped = nothing.object["skipped"] as? [[String: Any]] ?? []
            #expect(skipped.contains { $0["path"] as? String == "data.metrics[0].data[0].date" }, "\(nothing.text)")

            let after = try await harness.export(token)
            #expect(after.samples.map(\.uuid) == before.samples.map(\.uuid))
            #expect(after.snapshots.map(\.steps) == before.snapshots.map(\.steps))
        }
    }
}
