import Foundation
import VitalsContract
import VitalsCore

extension RemoteHealthReader {
    /// The body of `GET path?items`, when the server answered 2xx; a ``RemoteReadError`` otherwise.
    func get(_ path: String, _ items: [(String, String)], call: String) async throws -> Data {
        var url = endpoint.url(for: path)
        if !items.isEmpty {
            url += "?" + items.map { "\($0.0)=\(Self.percentEncoded($0.1))" }.joined(separator: "&")
        }
        let request = SyncHTTPRequest(
            method: "GET", url: url,
            headers: [
                ("Authorization", "Bearer \(endpoint.token)"), ("Accept", "application/json"),
                ("User-Agent", "vitals-reader"),
            ])
        let response: SyncHTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            if error is CancellationError { throw error }
            throw RemoteReadError(
                call: call, route: "GET \(path)", server: endpoint.baseURL, status: nil,
                message: "\(error)")
        }
        guard (200..<300).contains(response.status) else {
            throw Self.refusal(response, path: path, call: call, endpoint)
        }
        return response.body
    }

    /// `GET path?items`'s answer decoded as `Answer` (dates as the read API writes them).
    func decoded<Answer: Decodable>(
        _ type: Answer.Type, _ path: String, _ items: [(String, String)], call: String
    )
        async throws -> Answer
    {
        let body = try await get(path, items, call: call)
        do {
            return try ReadAPI.decoder().decode(Answer.self, from: body)
        } catch {
            throw unreadable(path, call: call, VitalsError(.invalidInput, Self.describe(error)))
        }
    }

    /// A 2xx answer that is not the read API's (an older server, a proxy's page).
    func unreadable(_ path: String, call: String, _ error: VitalsError) -> RemoteReadError {
        RemoteReadError(
            call: call, route: "GET \(path)", server: endpoint.baseURL, status: 200,
            message: "the answer is not the read API's (\(error.description)); is this a Vitals server?")
    }

    /// The error for a non-2xx answer: the server's code, parameter and message from its error body.
    static func refusal(
        _ response: SyncHTTPResponse, path: String, call: String, _ endpoint: SyncEndpoint
    )
        -> RemoteReadError
    {
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        let error = object?["error"] as? [String: Any]
        let fallback = response.status == 401 ? "a valid bearer token is required" : "no error message"
        return RemoteReadError(
            call: call, route: "GET \(path)", server: endpoint.baseURL, status: response.status,
            code: error?["code"] as? String, field: error?["field"] as? String,
            message: error?["message"] as? String ?? fallback)
    }

    /// Where a decoding error happened, without the value that was there.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        let path: [any CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            path = context.codingPath
        @unknown default:
            path = []
        }
        let field = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return field.isEmpty
            ? "not the expected JSON" : "unexpected value at \(field.dropFirst(field.hasPrefix(".") ? 1 : 0))"
    }

    /// The calendar's parameters: zone, first weekday, minimum days in the first week. Only a
    /// Gregorian calendar (or ISO 8601's) in a zone the server knows can be sent.
    func calendarItems(_ calendar: Calendar, call: String) throws -> [(String, String)] {
        let zone = calendar.timeZone.identifier
        guard calendar.identifier == .gregorian || calendar.identifier == .iso8601, ReadAPI.acceptsZone(zone) else {
            throw RemoteReadError(
                call: call, route: "GET /api/v1/statistics", server: endpoint.baseURL, status: nil,
                message: "not sent: the server makes buckets in Gregorian calendars in IANA zones "
                    + "(or GMT+hhmm), not in this query's calendar")
        }
        return [
            ("zone", zone), ("firstWeekday", String(calendar.firstWeekday)),
            ("minimumDaysInFirstWeek", String(calendar.minimumDaysInFirstWeek)),
        ]
    }

    /// The read API's parameters for a source filter.
    static func items(_ sources: SourceFilter) -> [(String, String)] {
        switch sources {
        case .all: []
        case .source(let bundleIdentifier): [("bundleIdentifier", bundleIdentifier)]
        case .app(let bundleIdentifier): [("app", bundleIdentifier)]
        }
    }

    /// An instant as the read API takes it: ISO 8601 in UTC, to the microsecond.
    static func instant(_ date: Date) -> String { ISO8601.format(date, in: .gmt) }

    /// `text` with everything but unreserved characters percent-encoded (`+` too, which some servers read as a space).
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
