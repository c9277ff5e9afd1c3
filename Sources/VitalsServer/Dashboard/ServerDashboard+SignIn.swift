import Foundation
import HTTPTypes
import Hummingbird
import VitalsDashboard
import VitalsServerStorage

extension ServerDashboard {
    /// `GET /sign-in`, `POST /sign-in` and `POST /sign-out`.
    func registerSignIn(on group: RouterGroup<VitalsRequestContext>, dashboard: Dashboard<VitalsRequestContext>) {
        let dashboard = dashboard
        group.get(RouterPath(paths.signIn)) { request, context -> Response in
            let next = ReturnPath.validated(request.uri.queryParameters.get("next") ?? "/", signInPath: paths.signIn)
            if context.dashboardSession != nil { return DashboardRedirect.response(to: next) }
            return signInForm(dashboard, request: request, next: next)
        }
        group.post(RouterPath(paths.signIn)) { request, context -> Response in
            var request = request
            let form = FormBody(try await request.collectBody(upTo: 64 * 1024))
            let next = ReturnPath.validated(form["next"] ?? "/", signInPath: paths.signIn)
            // Double submit: the form's token must be the one this site put in the sign-in cookie.
            let cookie = request.cookies[DashboardCookies.signIn]?.value ?? ""
            let posted = form[DashboardSession.csrfFieldName] ?? ""
            guard !cookie.isEmpty, TokenHasher.constantTimeEquals(posted, cookie) else {
                return dashboard.refusalPage(
                    status: .forbidden, title: "Form refused",
                    message:
                        "This sign-in form was not accepted: it was not sent from this site's sign-in page, or the page is more than an hour old. Open the sign-in page again.",
                    linkText: "Open the sign-in page", link: paths.signIn + "?next=" + ReturnPath.queryValue(next))
            }
            guard let (user, tokenHash) = try await user(signingInWith: form["token"] ?? "") else {
                return dashboard.signInPage(
                    action: paths.signIn, returnPath: next, csrfToken: cookie,
                    message:
                        "That token is not valid. Tokens start with vt_; `vitals user token NAME` makes a new one.",
                    status: .unauthorized)
            }
            // A new session id at every sign-in (no fixation); the one the browser had ends.
            if let old = context.dashboardSession { try await sessions.close(old) }
            let (id, _) = try await sessions.open(for: user, tokenHash: tokenHash)
            var response = DashboardRedirect.response(to: next)
            response.setCookie(cookies.session(id, for: request))
            response.setCookie(cookies.removal(of: DashboardCookies.signIn, for: request))
            return response
        }
        group.post(RouterPath(paths.signOut)) { request, context -> Response in
            // The middleware checked the form's token when there was a session.
            if let session = context.dashboardSession { try await sessions.close(session) }
            var response = DashboardRedirect.response(to: paths.signIn)
            response.setCookie(cookies.removal(of: DashboardCookies.session, for: request))
            return response
        }
    }

    /// The sign-in page with a new form token, set in the sign-in cookie too.
    private func signInForm(_ dashboard: Dashboard<VitalsRequestContext>, request: Request, next: String) -> Response {
        let token = TokenHasher.randomHex()
        var response = dashboard.signInPage(action: paths.signIn, returnPath: next, csrfToken: token)
        response.setCookie(cookies.signIn(token, for: request))
        return response
    }

    /// The user whose API token `text` is, and the token's hash; `nil` for anything else.
    private func user(signingInWith text: String) async throws -> (ServerUser, String)? {
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.hasPrefix(TokenHasher.prefix), token.utf8.count < 512 else { return nil }
        let hash = TokenHasher.hash(token)
        guard let user = try await cache.verifiedUser(forHash: hash, in: repository) else { return nil }
        return (user, hash)
    }
}
