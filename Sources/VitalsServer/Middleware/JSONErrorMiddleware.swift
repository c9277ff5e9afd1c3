import Hummingbird

/// Answers Hummingbird's own errors (no route matched, ...) in the API's JSON error shape.
///
/// Errors raised by Vitals' routes are ``APIError``s already; the router's "no route" 404 and
/// other `HTTPError`s would otherwise be answered as plain text or an empty body, so a client
/// could not read every error the same way.
///
/// A path some route takes with other methods answers 405 with `Allow` naming them, not 404.
/// A storage failure's cause (an ``APIError`` with one) is logged at `error` here.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Every route's template, for telling 405 from 404.
    let routes: KnownRoutes

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            if let cause = error.cause {
                // The answer says only that storage failed; the log says what failed and why.
                context.logger.error(
                    "storage failed", metadata: ["status": "\(error.status.code)", "cause": "\(cause)"])
            }
            throw error
        } catch let error as HTTPError {
            if error.status == .notFound {
                let allowed = routes.methods(forPath: request.uri.path)
                if !allowed.isEmpty, !allowed.contains(request.method.rawValue) {
                    var refusal = APIError(
                        .methodNotAllowed, code: "method_not_allowed",
                        "this path takes \(allowed.joined(separator: ", ")) only")
                    refusal.allow = allowed.joined(separator: ", ")
                    throw refusal
                }
            }
            throw Self.apiError(error)
        }
    }

    /// The JSON error for a Hummingbird error: its status, a code named after it, no echo of the request.
    static func apiError(_ error: HTTPError) -> APIError {
        switch error.status {
        case .notFound:
            APIError(.notFound, code: "not_found", "no route for this method and path")
        default:
            APIError(
                error.status,
                code: String(error.status.reasonPhrase.lowercased().map { $0 == " " || $0 == "-" ? "_" : $0 }),
                error.status.reasonPhrase.lowercased())
        }
    }
}
