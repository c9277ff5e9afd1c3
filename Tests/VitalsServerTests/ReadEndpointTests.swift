import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore
import VitalsServer
import VitalsServerStorage
import VitalsStore

/// The read API (`GET /api/v1/types`, `samples`, `statistics`, `sources`, `activity-summaries`,
/// `workouts/{uuid}/routes`) through the router: bad parameters, pages, the token's user only.
/// `RemoteReaderTests` compares its answers with the server's own reader over a real socket.
@Suite("Server: read API")
struct ReadEndpointTests {
    /// A parameter value nothing in an answer may repeat.
    static let marker = "Zq9Marker"

    /// Requests with one bad parameter each, and the parameter the 400 must name.
    static let badQueries: [(uri: String, field: String)] =
        [
            ("/api/v1/samples", "type"),
            ("/api/v1/samples?type=\(marker)", "type"),
            ("/api/v1/samples?type=stepcount", "type"),
            ("/api/v1/samples?type=stepCount&from=2025-11-16", "from"),
            ("/api/v1/samples?type=stepCount&to=\(marker)", "to"),
            ("/api/v1/samples?type=stepCount&options=strictStartDate,\(marker)", "options"),
            ("/api/v1/samples?type=stepCount&limit=0", "limit"),
            ("/api/v1/samples?type=stepCount&limit=10001", "limit"),
            ("/api/v1/samples?type=stepCount&offset=-1", "offset"),
            ("/api/v1/samples?type=stepCount&bundleIdentifier=a&app=b", "app"),
            ("/api/v1/sources?type=\(marker)", "type"),
            ("/api/v1/activity-summaries?from=2025-02-30", "from"),
            ("/api/v1/activity-summaries?from=2025-11-16&to=2025-11-15", "to"),
            ("/api/v1/workouts/\(marker)/routes", "uuid"),
        ] + badStatistics

    static let day = "from=2025-11-01T00:00:00Z&to=2025-11-16T00:00:00Z&interval=day"

    static let badStatistics: [(uri: String, field: String)] = [
        ("/api/v1/statistics?\(day)&options=sum", "type"),
        ("/api/v1/statistics?type=stepCount&to=2025-11-16T00:00:00Z&interval=day&options=sum", "from"),
        ("/api/v1/statistics?type=stepCount&from=2025-11-16T00:00:00Z&interval=day&options=sum", "to"),
        (
            "/api/v1/statistics?type=stepCount&from=2025-11-16T00:00:00Z&to=2025-11-15T00:00:00Z&interval=day&options=sum",
            "to"
        ),
        ("/api/v1/statistics?type=stepCount&from=2025-11-01T00:00:00Z&to=2025-11-16T00:00:00Z&options=sum", "interval"),
        (
            "/api/v1/statistics?type=stepCount&from=2025-11-01T00:00:00Z&to=2025-11-16T00:00:00Z&interval=fortnight&options=sum",
            "interval"
        ),
        ("/api/v1/statistics?type=stepCount&\(day)", "options"),
        ("/api/v1/statistics?type=stepCount&\(day)&options=separateBySource", "options"),
        ("/api/v1/statistics?type=heartRate&\(day)&options=sum", "options"),
        ("/api/v1/statistics?type=sleepAnalysis&\(day)&options=average", "options"),
        ("/api/v1/statistics?type=bloodPressure&\(day)&options=sum", "type"),
        ("/api/v1/statistics?type=stepCount&\(day)&options=sum&zone=Mars/\(marker)", "zone"),
        ("/api/v1/statistics?type=stepCount&\(day)&options=sum&zone=GMT+1900", "zone"),
        ("/api/v1/statistics?type=stepCount&\(day)&options=sum&firstWeekday=8", "firstWeekday"),
        ("/api/v1/statistics?type=stepCount&\(day)&options=sum&minimumDaysInFirstWeek=0", "minimumDaysInFirstWeek"),
        ("/api/v1/statistics?type=stepCount&\(day)&options=sum&intervalCount=0", "intervalCount"),
        ("/api/v1/statistics?type=stepCount&\(day)&options=sum&intervalCount=1001", "intervalCount"),
        ("/api/v1/statistics?type=stepCount&\(day)&options=sum&anchor=\(marker)", "anchor"),
        ("/api/v1/statistics?type=stepCount&\(day)&options=sum&limit=10001", "limit"),
        ("/api/v1/statistics?type=sleepAnalysis&\(day)&options=duration&categoryValues=1,+2", "categoryValues"),
        ("/api/v1/statistics?type=stepCount&\(day)&options=sum&bundleIdentifier=a&app=b", "app"),
    ]

    @Test(
        "A bad parameter answers 400 invalid_query naming it, without repeating what was sent",
        arguments: Backend.allCases)
    func badParameters(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            for (uri, field) in Self.badQueries {
                let reply = try await harness.send(.get, uri, token: token)
                #expect(reply.status == .badRequest, "\(uri)")
                #expect(reply.errorCode == "invalid_query" && reply.errorField == field, "\(uri): \(reply.text)")
                #expect(reply.errorMessage?.isEmpty == false, "\(uri)")
                #expect(!reply.text.contains(Self.marker), "\(uri): \(reply.text)")
            }
            // The same requests with the parameter fixed are answered.
            for uri in [
                "/api/v1/samples?type=stepCount&from=2025-11-16T00:00:00%2B01:00", "/api/v1/sources?type=sleepAnalysis",
                "/api/v1/statistics?type=stepCount&\(Self.day)&options=sum&zone=GMT%2B1730&firstWeekday=1",
                "/api/v1/statistics?type=sleepAnalysis&\(Self.day)&options=duration&categoryValues=",
                "/api/v1/activity-summaries?from=2024-02-29", "/api/v1/workouts/\(UUID())/routes", "/api/v1/types",
            ] {
                let reply = try await harness.send(.get, uri, token: token)
                #expect(reply.status == .ok, "\(uri): \(reply.text)")
            }
        }
    }

    @Test(
        "Samples come a page at a time (limit, nextOffset), statistics a limit of buckets at a time (nextFrom)",
        arguments: Backend.allCases)
    func pages(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let start = Date(timeIntervalSince1970: 1_762_002_000)
            let samples = (0..<5).map { index in
                Sample(
                    type: .stepCount, start: start.addingTimeInterval(Double(index) * 3600),
                    end: start.addingTimeInterval(Double(index) * 3600 + 600),
                    content: .quantity(Quantity(Double(100 + index), .count)),
                    source: Source(name: "Anna's iPhone", bundleIdentifier: ""))
            }
            _ = try await harness.repository.apply(
                HealthWrite(samples: samples.compactMap(StoredSample.init)), for: ada,
                at: ServerConfiguration.fixedNow)
            var read: [Sample] = []
            var offsets: [Int] = []
            var offset = 0
            while true {
                let reply = try await harness.send(
                    .get, "/api/v1/samples?type=stepCount&limit=2&offset=\(offset)", token: token)
                try #require(reply.status == .ok, "\(reply.text)")
                let page = try SamplesPage(json: reply.body)
                read += page.samples
                guard let next = page.nextOffset else { break }
                offsets.append(next)
                offset = next
            }
            #expect(offsets == [2, 4])
            #expect(read == samples)
            let named = try await harness.send(
                .get, "/api/v1/samples?type=stepCount&source=Nobody&source=Anna's%20iPhone",
                token: token)
            #expect(try SamplesPage(json: named.body).samples.count == 5)
            let nobody = try await harness.send(.get, "/api/v1/samples?type=stepCount&source=Nobody", token: token)
            #expect(try SamplesPage(json: nobody.body).samples.isEmpty)

            // 5 hours in buckets of one hour, 2 an answer: 3 answers, each from the last one's nextFrom.
            let hours =
                "type=stepCount&interval=hour&options=sum&limit=2&to=\(ISO8601.format(start.addingTimeInterval(5 * 3600), in: .gmt))"
            var from = start
            var buckets: [ReadStatisticsResponse.Bucket] = []
            var answers = 0
            while true {
                let reply = try await harness.send(
                    .get, "/api/v1/statistics?\(hours)&from=\(ISO8601.format(from, in: .gmt))",
                    token: token)
                try #require(reply.status == .ok, "\(reply.text)")
                let answer = try ReadAPI.decoder().decode(ReadStatisticsResponse.self, from: reply.body)
                answers += 1
                buckets += answer.buckets
                guard let next = answer.nextFrom else { break }
                #expect(next == buckets.last?.end)
                from = next
            }
            #expect(answers == 3)
            // The engine spreads a sum over its sample's time: 102.00000000000001 is 102.
            #expect(buckets.map { $0.sum.map { ($0 * 1000).rounded() / 1000 } } == [100, 101, 102, 103, 104])
            #expect(buckets.map(\.start) == (0..<5).map { start.addingTimeInterval(Double($0) * 3600) })
        }
    }
}
