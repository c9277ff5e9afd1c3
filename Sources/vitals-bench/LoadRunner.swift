import AsyncHTTPClient
import Foundation
import NIOCore

/// Runs closed-loop HTTP load: `connections` workers, each sending its next request as soon as
/// the previous one is answered, until the time is up. Every worker finishes the request in
/// flight, so each request sent is either answered or counted as an error.
struct LoadRunner {
    /// One request to send, and the key that identifies the write it carries.
    struct Planned: Sendable {
        var key: String
        var request: HTTPClientRequest
    }

    /// What the workers saw.
    struct Result: Sendable {
        /// Seconds per answered request.
        var latencies: [Double] = []
        /// Keys of writes answered with a 2xx, with the answer's body.
        var accepted: [(key: String, body: String)] = []
        /// Keys of every request sent.
        var sent: [String] = []
        /// Failures by kind (`HTTP 503`, a transport error's description).
        var errors: [String: Int] = [:]
        var seconds = 0.0
        /// Workers that stopped early because `plan` had nothing more to send.
        var exhausted = 0

        mutating func merge(_ other: Result) {
            latencies += other.latencies
            accepted += other.accepted
            sent += other.sent
            errors.merge(other.errors, uniquingKeysWith: +)
            exhausted += other.exhausted
        }

        var errorCount: Int { errors.values.reduce(0, +) }

        func percentile(_ fraction: Double) -> Double {
            guard !latencies.isEmpty else { return 0 }
            let sorted = latencies.sorted()
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        }
    }

    let client: HTTPClient
    let connections: Int
    let seconds: Double

    /// Runs the load; `plan(worker, iteration)` gives each request, or nil when there are no more.
    func run(_ plan: @escaping @Sendable (Int, Int) -> Planned?) async -> Result {
        let started = ContinuousClock.now
        let deadline = started + .milliseconds(Int(seconds * 1000))
        let client = client
        var total = await withTaskGroup(of: Result.self) { group in
            for worker in 0..<connections {
                group.addTask {
                    var result = Result()
                    var iteration = 0
                    while ContinuousClock.now < deadline {
                        guard let planned = plan(worker, iteration) else { result.exhausted += 1; break }
                        iteration += 1
                        result.sent.append(planned.key)
                        let sentAt = ContinuousClock.now
                        do {
                            let response = try await client.execute(planned.request, timeout: .seconds(60))
                            let body = try await response.body.collect(upTo: 1 << 20)
                            let elapsed = ContinuousClock.now - sentAt
                            result.latencies.append(
                                Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
                            if (200..<300).contains(response.status.code) {
                                result.accepted.append((planned.key, String(buffer: body)))
                            } else {
                                result.errors["HTTP \(response.status.code)", default: 0] += 1
                            }
                        } catch {
                            result.errors[String(describing: type(of: error)), default: 0] += 1
                        }
                    }
                    return result
                }
            }
            var total = Result()
            for await part in group { total.merge(part) }
            return total
        }
        let elapsed = ContinuousClock.now - started
        total.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return total
    }

    /// A JSON POST with a bearer token.
    static func post(_ url: String, token: String, body: String) -> HTTPClientRequest {
        post(url, token: token, body: Array(body.utf8))
    }

    /// A JSON POST with a bearer token and a body of bytes.
    static func post(_ url: String, token: String, body: [UInt8]) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: body))
        return request
    }

    /// A GET with a bearer token; the body as JSON.
    static func getJSON(_ client: HTTPClient, _ url: String, token: String) async throws -> Any {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        let response = try await client.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 64 << 20)
        guard response.status.code == 200 else { throw BenchFailure("GET \(url) answered \(response.status.code)") }
        return try JSONSerialization.jsonObject(with: Data(buffer: body))
    }
}

/// A benchmark that could not run.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
