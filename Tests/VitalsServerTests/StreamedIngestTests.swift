import Foundation
import NIOCore
import Synchronization
import Testing
import VitalsCore
import VitalsImport
import VitalsTestSupport
import VitalsTesting

@testable import VitalsServer
@testable import VitalsServerStorage

/// A Health Auto Export body larger than one chunk is written chunk by chunk while the next is
/// read (`ServerConfiguration.ingestChunkSamples`); what is stored and answered is exactly what
/// storing the body whole stores and answers.
@Suite("Server: Health Auto Export bodies stored chunk by chunk while they are read")
struct StreamedIngestTests {
    /// The scenario: every fixture shape, re-sends (the same body, a merged source string),
    /// partial bodies lenient and strict, a syntax error at the last byte, a body without `data`.
    static func scenario() throws -> [(uri: String, body: String)] {
        let names = [
            "steps_two_sources", "heart_rate", "sleep_shapes", "sleep_aggregated", "sleep_unaggregated",
            "workouts", "workouts_v1", "mindful_minutes", "other_sections", "partial", "unit_conversions",
            "mixed_and_unknown", "missing_qty",
        ]
        let ingest = "/api/v1/ingest/health-auto-export"
        var requests: [(uri: String, body: String)] = []
        for name in names {
            requests.append(
                (ingest, try String(contentsOfFile: ExportText.fixture("hae/\(name).json"), encoding: .utf8)))
        }
        let joined = IngestDuplicateTests.steps(
            120, at: "2024-06-01 08:00:00 +0000",
            source: "Anna's iPhone|Anna's Apple Watch")
        let alone = IngestDuplicateTests.steps(120, at: "2024-06-01 08:00:00 +0000", source: "Anna's iPhone")
        // Two identical items in one body are two samples; sent again, nothing new.
        let twice =
            #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"qty": 5, "date": "2024-06-02 08:00:00 +0000", "source": "Anna's iPhone"}, {"qty": 5, "date": "2024-06-02 08:00:00 +0000", "source": "Anna's iPhone"}]}]}}"#
        requests += [(ingest, joined), (ingest, alone), (ingest, twice), (ingest, twice), requests[0], requests[9]]
        requests.append((ingest + "?strict=true", requests[9].body))
        requests.append((ingest, String(requests[1].body.dropLast(2))))
        requests.append((ingest, #"{"metrics": []}"#))
        return requests
    }

    @Test("Every answer and everything stored equal the parsed path's", arguments: Backend.allCases)
    func sameAsParsed(backend: Backend) async throws {
        let requests = try Self.scenario()
        let answers = Mutex<[Bool: [String]]>([:])
        let exports = Mutex<[Bool: String]>([:])
        let before = HealthAutoExportBody.chunked.load(ordering: .relaxed)
        for streamed in [false, true] {
            var configuration = ServerConfiguration.testing
            if streamed { configuration.ingestChunkSamples = 1 }
            try await withServer(backend, configuration: configuration) { harness in
                let (_, token) = try await harness.user("ada", timeZone: "America/New_York")
                var replies: [String] = []
                for request in requests {
                    let reply = try await harness.send(.post, request.uri, token: token, json: request.body)
                    replies.append("\(reply.status.code) \(reply.text)")
                }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                var export = try await harness.export(token)
                export.samples.sort { $0.uuid.uuidString < $1.uuid.uuidString }
                let text = String(decoding: try encoder.encode(export), as: UTF8.self)
                answers.withLock { $0[streamed] = replies }
                exports.withLock { $0[streamed] = text }
            }
        }
        // Every body of more than one sample went chunk by chunk (others' tests may add to the count).
        #expect(HealthAutoExportBody.chunked.load(ordering: .relaxed) - before >= 10)
        let parsed = answers.withLock { $0[false] ?? [] }, streamed = answers.withLock { $0[true] ?? [] }
        #expect(parsed.count == requests.count)
        for (index, pair) in zip(parsed, streamed).enumerated() {
            #expect(pair.0 == pair.1, "request \(index)")
        }
        // The scenario covers what it claims: stored, partial, re-sent, refused whole.
        #expect(parsed.contains { $0.hasPrefix("200") && $0.contains("\"status\":\"partial\"") })
        #expect(parsed.contains { $0.contains("\"samplesResent\":1") })
        #expect(parsed.contains { $0.hasPrefix("400") && $0.contains("invalid_json") })
        #expect(parsed.filter { $0.hasPrefix("422") }.count >= 2)
        let stored = exports.withLock { $0 }
        #expect(stored[false] != nil && stored[false] == stored[true])
        #expect(stored[false]?.contains("HKCategoryTypeIdentifierSleepAnalysis") == true)
    }
}

extension StreamedIngestTests {
    @Test(
        "Chunk by chunk, the re-sent rule answers as for the whole body: repeats, merged source strings, stored samples sent again",
        arguments: [1, 2, 3, 1000])
    func chunksAnswerAsOneBody(chunkSamples: Int) async throws {
        func item(_ qty: Int, _ minute: Int, _ source: String) -> String {
            #"{"qty": \#(qty), "date": "2024-06-01 08:\#(String(format: "%02d", minute)):00 +0000", "source": "\#(source)"}"#
        }
        func body(_ items: [String]) -> String {
            #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [\#(items.joined(separator: ","))]}]}}"#
        }
        let earlier = body([item(10, 1, "Anna's iPhone"), item(20, 2, "Anna's iPhone|Anna's Apple Watch")])
        let later = body([
            item(10, 1, "Anna's iPhone"), item(30, 3, "Anna's iPhone"), item(20, 2, "Anna's Apple Watch"),
            item(30, 3, "Anna's iPhone"), item(30, 3, "Anna's iPhone|Anna's Apple Watch"), item(10, 1, "Bob's iPhone"),
            item(40, 4, "Anna's Apple Watch"), item(10, 1, "Anna's iPhone"), item(30, 3, "Anna's iPhone"),
        ])
        // Two identical items on a minute nothing was stored for: two samples.
        let repeated = body([item(50, 5, "Anna's iPhone"), item(50, 5, "Anna's iPhone"), item(60, 6, "Anna's iPhone")])
        var answers: [[String]] = []
        for streamed in [false, true] {
            let repository = try await Backend.sqlite.makeRepository()
            try await repository.migrate()
            let service = HealthService(repository: repository, now: { ServerConfiguration.fixedNow })
            let user = try await repository.addUser(
                name: "ada", timeZone: "UTC", tokenHash: "h", at: ServerConfiguration.fixedNow)
            var texts: [String] = []
            for document in [earlier, later, repeated, repeated] {
                let body = try HealthAutoExportBody(
                    ByteBuffer(string: document), parser: HealthAutoExportParser(), calendar: user.calendar,
                    chunkSamples: streamed ? chunkSamples : 1_000_000)
                #expect(body.isRead || streamed)
                let report = try await service.ingest(body, for: user)
                texts.append(
                    "\(report.samplesReceived) \(report.samplesAdded) \(report.samplesResent) \(report.daysUpdated)")
            }
            let samples = try await repository.export(user).samples.map { "\($0.uuid) \($0.value) \($0.sourceName)" }
            texts.append(samples.sorted().joined(separator: "\n"))
            answers.append(texts)
            try await repository.close()
            if let sqlite = repository as? SQLiteRepository { removeDatabaseFiles(sqlite.path) }
        }
        #expect(answers[0] == answers[1])
        // The body sent later adds its new minutes, the second identical repeat, and Bob's.
        #expect(answers[0][1].hasPrefix("9 ") && !answers[0][1].hasPrefix("9 0 "))
        #expect(answers[0][2].hasPrefix("3 3 0 "))
    }
}
