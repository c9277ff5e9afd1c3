import Hummingbird
import Logging
import VitalsServerStorage

/// The per-request context: Hummingbird's core storage plus the authenticated user.
public struct VitalsRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by ``BearerAuthMiddleware`` for `/api` routes, and by ``DashboardSessionMiddleware``
    /// for the dashboard's pages when a valid session cookie came with the request.
    public var user: ServerUser?
    /// The dashboard session the request came in (the dashboard's routes only).
    var dashboardSession: StoredDashboardSession?

    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// The authenticated user; a 401 when a route is reached without one.
    public func requireUser() throws -> ServerUser {
        guard let user else { throw APIError.unauthorized }
        return user
    }
}
