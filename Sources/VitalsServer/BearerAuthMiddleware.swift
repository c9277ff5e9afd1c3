import Hummingbird

/// Requires `Authorization: Bearer <token>` and puts the token's user in the context.
///
/// Missing, malformed, unknown and rotated-away tokens all get the same 401, so the answer
/// reveals nothing about which users or tokens exist.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = VitalsRequestContext
    let repository: any HealthRepository

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], header.count < 512 else { throw APIError.unauthorized }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw APIError.unauthorized }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard token.hasPrefix(TokenHasher.prefix),
              let user = try await repository.user(tokenHash: TokenHasher.hash(token)) else {
            throw APIError.unauthorized
        }
        var context = context
        context.user = user
        return try await next(request, context)
    }
}
