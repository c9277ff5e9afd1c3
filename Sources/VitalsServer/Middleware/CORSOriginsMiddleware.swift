import HTTPTypes
import Hummingbird

/// CORS for the API, for a fixed list of web origins only (`vitals serve --cors-origin`).
///
/// A request to `/api/...` whose `Origin` is one of ``origins`` gets
/// `Access-Control-Allow-Origin` naming it (never `*`, never credentials: the API takes bearer
/// tokens, not cookies); its preflight (`OPTIONS` with `Access-Control-Request-Method`) is
/// answered 204 with the methods and headers the API takes. Any other origin, and every path
/// outside `/api` (the dashboard, whose cookies must stay same-site), gets no CORS header, so a
/// browser keeps that site's scripts from reading the answer.
struct CORSOriginsMiddleware: RouterMiddleware {
    typealias Context = VitalsRequestContext

    /// The allowed origins, exactly as browsers send them.
    let origins: Set<String>

    /// How long a browser may reuse a preflight answer, in seconds.
    static let maximumAge = "600"

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.uri.path.hasPrefix("/api/"), let origin = request.headers[.origin], origins.contains(origin)
        else {
            return try await next(request, context)
        }
        if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            var headers = Self.headers(for: origin)
            headers[.accessControlAllowMethods] = "GET, POST, PUT, PATCH, DELETE"
            headers[.accessControlAllowHeaders] = "Authorization, Content-Type"
            headers[.accessControlMaxAge] = Self.maximumAge
            return Response(status: .noContent, headers: headers)
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            // An error answer (401, 413...) is one the page's script may read too.
            response = try error.response(from: request, context: context)
        }
        for field in Self.headers(for: origin) { response.headers[field.name] = field.value }
        response.headers[.accessControlExposeHeaders] = "Location, Retry-After"
        return response
    }

    /// `Access-Control-Allow-Origin: origin` and `Vary: Origin`.
    static func headers(for origin: String) -> HTTPFields {
        [.accessControlAllowOrigin: origin, .vary: "Origin"]
    }
}
