import Foundation
import HTTPTypes
import Hummingbird

/// The dashboard's two cookies and their attributes.
///
/// Both are `HttpOnly` (no script reads them) and `SameSite=Strict` (no other site's page,
/// link or form makes the browser send them). `Secure` is added when
/// ``ServerConfiguration/dashboardSecureCookies`` is on, or when the request came through a
/// proxy saying `X-Forwarded-Proto: https` (the header can only add the attribute, so trusting
/// it costs nothing: a client faking it just gets a cookie its browser keeps off plain HTTP).
struct DashboardCookies: Sendable {
    /// The session cookie: the session id, `Path=/`.
    static let session = "vitals_session"
    /// The sign-in form's double-submit token, `Path=/sign-in`, for the hour the form is good for.
    static let signIn = "vitals_signin"
    /// How long a sign-in form stays good, in seconds.
    static let signInLifetime = 3600

    /// Whether cookies are always `Secure`.
    let alwaysSecure: Bool
    /// The session cookie's `Max-Age`, in seconds.
    let sessionLifetime: Int
    /// The sign-in page's path (the sign-in cookie's `Path`).
    let signInPath: String

    /// Whether cookies set in answer to `request` carry `Secure`.
    func isSecure(_ request: Request) -> Bool {
        if alwaysSecure { return true }
        guard let proto = request.headers[HTTPField.Name("X-Forwarded-Proto")!] else { return false }
        // A chain of proxies lists one protocol each; the first is the client's.
        let first = proto.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return first == "https"
    }

    /// The session cookie holding `id`.
    func session(_ id: String, for request: Request) -> Cookie {
        Cookie(
            name: Self.session, value: id, maxAge: sessionLifetime, path: "/", secure: isSecure(request),
            httpOnly: true, sameSite: .strict)
    }

    /// The sign-in form's token cookie.
    func signIn(_ token: String, for request: Request) -> Cookie {
        Cookie(
            name: Self.signIn, value: token, maxAge: Self.signInLifetime, path: signInPath,
            secure: isSecure(request), httpOnly: true, sameSite: .strict)
    }

    /// A cookie that deletes `name` (same path, empty, `Max-Age=0`).
    func removal(of name: String, for request: Request) -> Cookie {
        Cookie(
            name: name, value: "", maxAge: 0, path: name == Self.session ? "/" : signInPath,
            secure: isSecure(request), httpOnly: true, sameSite: .strict)
    }
}
