import Foundation
import HTTPTypes
import Hummingbird
import VitalsDashboard
import VitalsServerStorage

/// Finds the dashboard session of a request and refuses forged forms.
///
/// A request whose `vitals_session` cookie names a live session, opened with the user's
/// current API token, gets that user and session in its context; any other cookie (forged,
/// expired, signed out, its token replaced) counts as none. The `Authorization` header and the
/// URL are never looked at: the dashboard takes no bearer token.
///
/// Every state-changing request (`POST`, `PUT`, `PATCH`, `DELETE`) other than the sign-in form
/// must come with a session and post its form token (``DashboardSession/csrfFieldName``) back:
/// otherwise it is refused with a 403 page before any route sees it. The body it read is handed
/// on, so a route reads the form again. Sign-out without a session passes (it has nothing to end).
struct DashboardSessionMiddleware: RouterMiddleware {
    typealias Context = VitalsRequestContext
    let sessions: DashboardSessions
    let repository: any UserAccountStore
    let cache: TokenCache
    let cookies: DashboardCookies
    let paths: ServerDashboard.Paths
    /// Draws the refusal page.
    let dashboard: Dashboard<Context>
    /// The largest form body read.
    let maximumFormBytes: Int

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var context = context
        var request = request
        context.user = nil
        context.dashboardSession = nil
        if let id = request.cookies[DashboardCookies.session]?.value, let session = try await sessions.session(id: id) {
            if let user = try await currentUser(of: session) {
                context.user = user
                context.dashboardSession = session
            } else {
                try await sessions.close(session)
            }
        }
        if Self.changesState(request.method), request.uri.path != paths.signIn {
            let form = FormBody(try await request.collectBody(upTo: maximumFormBytes))
            if let session = context.dashboardSession {
                let posted = form[DashboardSession.csrfFieldName] ?? ""
                guard TokenHasher.constantTimeEquals(posted, session.csrfToken) else { return refusal() }
            } else if request.uri.path != paths.signOut {
                return refusal()
            }
        }
        return try await next(request, context)
    }

    /// The session's user when the session's token is still the user's and has not expired, else `nil`.
    private func currentUser(of session: StoredDashboardSession) async throws -> ServerUser? {
        guard let user = try await cache.verifiedUser(forHash: session.tokenHash, in: repository),
            user.id == session.userID
        else { return nil }
        return user
    }

    /// The 403 page of a form without a valid token.
    private func refusal() -> Response {
        let response = dashboard.refusalPage(
            status: .forbidden, title: "Form refused",
            message:
                "This form was not accepted: it did not carry this session's security token (it may come from another site, an old page, or a session that has ended). Nothing was changed.",
            linkText: "Go to the dashboard", link: "/")
        return response
    }

    static func changesState(_ method: HTTPRequest.Method) -> Bool {
        method == .post || method == .put || method == .patch || method == .delete
    }
}
