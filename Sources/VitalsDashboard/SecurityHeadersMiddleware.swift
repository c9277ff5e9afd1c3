import HTTPTypes
import Hummingbird

/// Puts the same security headers on every answer: pages, JSON, errors, redirects.
///
/// - `Content-Security-Policy`: for HTML, only this origin's stylesheet and script (no inline
///   script or style, no other site's anything), the live pages' polls and forms to this origin
///   only, no framing; for everything else nothing may load (`default-src 'none'`);
/// - `X-Frame-Options: DENY` (older browsers' framing refusal), `X-Content-Type-Options: nosniff`;
/// - `Referrer-Policy: same-origin`: a page's URL (which names days) never goes to another site;
/// - `Cache-Control: no-store` unless the answer says otherwise (health data is not kept by
///   shared caches or the browser's back button cache; the stylesheet and script say `max-age`).
///
/// An error thrown below it becomes its response here, so a 404 carries the headers too.
public struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The policy of HTML answers.
    public static var pagePolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    }

    /// The policy of every other answer.
    public static var otherPolicy: String { "default-src 'none'; frame-ancestors 'none'" }

    /// The middleware.
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        Self.secure(&response.headers)
        return response
    }

    /// Adds the headers to `headers` (keeping a `Cache-Control` already there).
    public static func secure(_ headers: inout HTTPFields) {
        let isPage = headers[.contentType]?.hasPrefix("text/html") ?? false
        headers[.contentSecurityPolicy] = isPage ? pagePolicy : otherPolicy
        headers[.frameOptions] = "DENY"
        headers[.contentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "same-origin"
        if headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
    }
}

extension HTTPField.Name {
    /// `X-Frame-Options`, made once (a name checks its characters when made).
    fileprivate static let frameOptions = HTTPField.Name("X-Frame-Options")!
    /// `X-Content-Type-Options`.
    fileprivate static let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    /// `Referrer-Policy`.
    fileprivate static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
