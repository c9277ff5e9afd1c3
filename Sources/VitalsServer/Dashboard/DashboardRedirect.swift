import HTTPTypes
import Hummingbird

/// A `303 See Other` to a path on this site, thrown by the dashboard's scope (a page asked for
/// without a session goes to the sign-in page) or returned after a form.
///
/// Not an `HTTPError`, so the API's JSON error middleware leaves it as it is.
struct DashboardRedirect: HTTPResponseError, Sendable {
    /// Where the browser goes next: a path on this site.
    let location: String
    var status: HTTPResponse.Status { .seeOther }

    /// The sign-in page, returning to `request`'s path and query once signed in.
    static func signIn(returningTo request: Request, signInPath: String) -> DashboardRedirect {
        var target = request.uri.path
        if let query = request.uri.query, !query.isEmpty { target += "?" + query }
        let next = ReturnPath.validated(target, signInPath: signInPath)
        return DashboardRedirect(
            location: next == "/" ? signInPath : signInPath + "?next=" + ReturnPath.queryValue(next))
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Self.response(to: location)
    }

    /// The redirect as a response (to add cookies to).
    static func response(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}
