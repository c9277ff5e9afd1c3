import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A browser's part in the dashboard's exchanges: it keeps the cookies the server sets and
/// sends them back, follows nothing by itself, and reads forms' hidden fields.
final class DashboardBrowser: @unchecked Sendable {
    let client: any TestClientProtocol
    /// Cookie values by name, as the server last set them (a `Max-Age=0` removes one).
    private(set) var cookies: [String: String] = [:]
    /// Extra headers every request sends (`X-Forwarded-Proto`...).
    var headers: HTTPFields = [:]

    init(_ client: any TestClientProtocol) { self.client = client }

    /// A page: status, headers, body.
    struct Page: Sendable {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: String
        var location: String? { headers[.location] }
        /// Every `Set-Cookie` header.
        var setCookies: [String] { headers[values: .setCookie] }
        /// The `Set-Cookie` header of the cookie `name`.
        func setCookie(_ name: String) -> String? { setCookies.first { $0.hasPrefix(name + "=") } }
        /// The value of the hidden field `name` in the page's first form that has one.
        func hiddenField(_ name: String) -> String? {
            let pattern = try! NSRegularExpression(pattern: #"<input type="hidden" name="\#(name)" value="([^"]*)">"#)
            let range = NSRange(body.startIndex..., in: body)
            guard let match = pattern.firstMatch(in: body, range: range),
                let value = Range(match.range(at: 1), in: body)
            else { return nil }
            return String(body[value]).replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    /// Sets a cookie by hand (a forged or copied one).
    func setCookie(_ name: String, _ value: String?) { cookies[name] = value }

    func get(_ uri: String, headers extra: HTTPFields = [:]) async throws -> Page {
        try await send(.get, uri, headers: extra)
    }

    /// A form `POST` of `fields` (`application/x-www-form-urlencoded`).
    func post(_ uri: String, _ fields: [(String, String)]) async throws -> Page {
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(.post, uri, headers: [.contentType: "application/x-www-form-urlencoded"], body: body)
    }

    func send(
        _ method: HTTPRequest.Method, _ uri: String, headers extra: HTTPFields = [:], body: String? = nil
    ) async throws
        -> Page
    {
        var fields = headers
        for field in extra { fields.append(field) }
        if !cookies.isEmpty {
            fields[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        let response = try await client.execute(
            uri: uri, method: method, headers: fields,
            body: body.map { ByteBuffer(string: $0) })
        let page = Page(status: response.status, headers: response.headers, body: String(buffer: response.body))
        for header in page.setCookies {
            let pair = header.split(separator: ";")[0].split(
                separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0])
            if header.contains("Max-Age=0") {
                cookies[name] = nil
            } else {
                cookies[name] = String(pair.count > 1 ? pair[1] : "")
            }
        }
        return page
    }

    /// Opens the sign-in page (for `next`) and posts `token`; returns the answer to the post.
    @discardableResult
    func signIn(_ token: String, next: String? = nil) async throws -> Page {
        let form = try await get("/sign-in" + (next.map { "?next=" + Self.encode($0) } ?? ""))
        try #require(form.status == .ok, "sign-in page: \(form.status)")
        let csrf = try #require(form.hiddenField("csrf"))
        let returnPath = try #require(form.hiddenField("next"))
        return try await post("/sign-in", [("token", token), ("next", returnPath), ("csrf", csrf)])
    }

    /// A browser signed in as the user of `token` (fails the test otherwise).
    static func signedIn(_ client: any TestClientProtocol, _ token: String) async throws -> DashboardBrowser {
        let browser = DashboardBrowser(client)
        let answer = try await browser.signIn(token)
        try #require(
            answer.status == .seeOther && browser.cookies["vitals_session"] != nil, "sign-in failed: \(answer.status)")
        return browser
    }

    /// The session cookie's value.
    var session: String? { cookies["vitals_session"] }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension Harness {
    /// A new browser with no cookies.
    func browser() -> DashboardBrowser { DashboardBrowser(client) }
}

/// `token` with its last character changed (never equal to it, unlike appending a fixed digit).
func alteredLast(_ token: String) -> String {
    String(token.dropLast()) + (token.last == "0" ? "1" : "0")
}
