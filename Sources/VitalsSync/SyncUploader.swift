public import Foundation
public import Logging
import VitalsCore

/// Posts JSON to a sync server until it confirms: retries with backoff and jitter, honours
/// `429 Retry-After`, gives up after ``RetryPolicy/maximumAttempts`` with a clear error.
///
/// Errors name the route, the status and the attempt count, never the body or the token.
public struct SyncUploader: Sendable {
    /// A confirmed request: the decoded answer and the attempts it took.
    public struct Delivery<Answer: Sendable>: Sendable {
        public var answer: Answer
        public var attempts: Int
    }

    public var endpoint: SyncEndpoint
    public var transport: any SyncTransport
    public var retry: RetryPolicy
    public var sleeper: any SyncSleeper
    public var logger: Logger
    /// Numbers in `0..<1` for the jitter. Default: the system generator.
    public var random: @Sendable () -> Double = { Double.random(in: 0..<1) }

    public init(
        endpoint: SyncEndpoint, transport: any SyncTransport, retry: RetryPolicy = RetryPolicy(),
        sleeper: any SyncSleeper = ContinuousSleeper(), logger: Logger = Logger(label: "vitals.sync")
    ) {
        self.endpoint = endpoint
        self.transport = transport
        self.retry = retry
        self.sleeper = sleeper
        self.logger = logger
    }

    /// POSTs `body` (JSON) to `path` until an answer decodes as `Answer` and `confirms` it.
    ///
    /// A 2xx answer that does not decode or confirm fails at once (`.unavailable`): a server
    /// that does not speak the contract will not start to on a retry.
    public func post<Answer: Decodable & Sendable>(
        _ path: String, json body: Data, expecting: Answer.Type,
        confirms: (Answer) -> Bool = { _ in true }
    )
        async throws -> Delivery<Answer>
    {
        let request = SyncHTTPRequest(
            method: "POST", url: endpoint.url(for: path),
            headers: [
                ("Authorization", "Bearer \(endpoint.token)"), ("Content-Type", "application/json"),
                ("Accept", "application/json"), ("User-Agent", "vitals-sync"),
            ], body: body)
        let attempts = max(1, retry.maximumAttempts)
        let route = "POST \(path)"
        var lastProblem = "no attempt made"
        for attempt in 1...attempts {
            if Task.isCancelled { throw Self.cancelled(route) }
            let response: SyncHTTPResponse
            do {
                response = try await transport.send(request)
            } catch {
                if Task.isCancelled || error is CancellationError { throw Self.cancelled(route) }
                lastProblem = "no answer (\(error))"
                logFailure(route, attempt: attempt, of: attempts, problem: lastProblem)
                if attempt < attempts {
                    try await pause(
                        retry.delay(afterAttempt: attempt, random: random()), .backoff(attempt: attempt), route)
                }
                continue
            }
            let status = response.status
            if (200..<300).contains(status) {
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                guard let answer = try? decoder.decode(Answer.self, from: response.body), confirms(answer) else {
                    throw VitalsError(
                        .unavailable,
                        "\(route) at \(endpoint) was answered \(Self.describe(status)) "
                            + "without the expected body; is it a Vitals sync server?")
                }
                return Delivery(answer: answer, attempts: attempt)
            }
            guard RetryPolicy.isRetryable(status: status) else {
                throw finalError(response, route: route, attempt: attempt)
            }
            lastProblem = "the server answered \(Self.describe(status))"
            logFailure(route, attempt: attempt, of: attempts, problem: lastProblem)
            guard attempt < attempts else { break }
            if status == 429, let asked = RetryPolicy.retryAfter(response.header("Retry-After")) {
                guard asked <= retry.maximumRetryAfter else {
                    throw VitalsError(
                        .unavailable,
                        "\(route) at \(endpoint) gave up after attempt \(attempt): the server "
                            + "answered 429 Too Many Requests with Retry-After \(RetryPolicy.seconds(asked)) s, "
                            + "more than the \(RetryPolicy.seconds(retry.maximumRetryAfter)) s limit")
                }
                try await pause(asked, .retryAfter(attempt: attempt), route)
            } else {
                try await pause(retry.delay(afterAttempt: attempt, random: random()), .backoff(attempt: attempt), route)
            }
        }
        throw VitalsError(
            .unavailable,
            "\(route) at \(endpoint) failed after \(attempts) attempt\(attempts == 1 ? "" : "s"); "
                + "last: \(lastProblem)")
    }

    private func pause(_ duration: Duration, _ reason: SyncWait, _ route: String) async throws {
        do {
            try await sleeper.sleep(for: duration, reason: reason)
        } catch {
            throw Self.cancelled(route)
        }
    }

    private func logFailure(_ route: String, attempt: Int, of attempts: Int, problem: String) {
        logger.notice(
            "sync request failed",
            metadata: [
                "route": "\(route)", "server": "\(endpoint)", "attempt": "\(attempt)/\(attempts)",
                "problem": "\(problem)",
            ])
    }

    /// The error for an answer retrying cannot fix: names the status and the server's error code and field.
    private func finalError(_ response: SyncHTTPResponse, route: String, attempt: Int) -> VitalsError {
        let status = response.status
        var detail = ""
        if let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
            let error = object["error"] as? [String: Any]
        {
            let parts = [
                (error["code"] as? String).map { "code \($0)" }, (error["field"] as? String).map { "field '\($0)'" },
            ]
            let known = parts.compactMap { $0 }
            if !known.isEmpty { detail = " (\(known.joined(separator: ", ")))" }
        }
        let answered = "\(route) at \(endpoint) was answered \(Self.describe(status))\(detail) on attempt \(attempt)"
        return switch status {
        case 401, 403: VitalsError(.authorizationDenied, "\(answered): the server refused the token")
        case 404: VitalsError(.notFound, "\(answered): check the server URL and the contract")
        case 400..<500: VitalsError(.invalidInput, "\(answered); not retried, since the same request would fail again")
        default: VitalsError(.unavailable, "\(answered); not a status the sync client handles")
        }
    }

    static func cancelled(_ route: String) -> VitalsError {
        VitalsError(.cancelled, "\(route) was cancelled before the server confirmed it")
    }

    /// `503 Service Unavailable`: the code and, when well known, its reason phrase.
    static func describe(_ status: Int) -> String {
        let phrases = [
            200: "OK", 201: "Created", 204: "No Content", 301: "Moved Permanently", 302: "Found", 400: "Bad Request",
            401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
            409: "Conflict", 413: "Content Too Large", 415: "Unsupported Media Type", 422: "Unprocessable Content",
            429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
            504: "Gateway Timeout",
        ]
        return phrases[status].map { "\(status) \($0)" } ?? "\(status)"
    }
}
