import Hummingbird
import VitalsServerStorage

/// Requires `Authorization: Bearer <token>`, puts the token's user in the context, and keeps
/// each user within their rate limit (429 with `Retry-After` beyond it).
///
/// Missing, malformed, unknown, expired and rotated-away tokens all get the same 401, so the answer
/// reveals nothing about which users or tokens exist.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = VitalsRequestContext
    let repository: any UserAccountStore
    let cache: TokenCache
    /// Each user's request budget; `nil` when unlimited.
    let limiter: RateLimiter?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let header = request.headers[.authorization], header.utf8.count < 512 else { throw APIError.unauthorized }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw APIError.unauthorized }
        let token = Self.trimmed(parts[1])
        guard token.hasPrefix(TokenHasher.prefix) else { throw APIError.unauthorized }
        let hash = TokenHasher.hash(String(token))
        guard let user = try await cache.verifiedUser(forHash: hash, in: repository) else {
            throw APIError.unauthorized
        }
        if let wait = limiter?.take(for: user.id) { throw APIError.rateLimited(retryAfter: wait) }
        var context = context
        context.user = user
        return try await next(request, context)
    }

    /// The token without surrounding spaces and tabs.
    private static func trimmed(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) })
        else {
            return ""
        }
        return text[first...last]
    }
}
