import Foundation
import HTTPTypes
import Hummingbird
import VitalsDashboard

extension ServerDashboard {
    /// How many ingest log entries the Sync page lists.
    static let syncPageIngests = 20

    /// `GET /sync`: the signed-in user's Sync page (``SyncPage``).
    func registerSync(on group: RouterGroup<VitalsRequestContext>, dashboard: Dashboard<VitalsRequestContext>) {
        let dashboard = dashboard
        group.get(RouterPath(paths.sync)) { request, context -> Response in
            let scope = try scope(request, context)
            guard let user = context.user else {
                throw DashboardRedirect.signIn(returningTo: request, signInPath: paths.signIn)
            }
            let count = try await scope.changes?.changeCount()
            let completeness = try await service.completeness(of: user)
            let ingests = try await service.ingests(of: user, limit: Self.syncPageIngests, before: nil).entries
            let page = SyncPage(
                completeness: completeness, ingests: ingests, calendar: user.calendar,
                origin: origin(of: request))
            return dashboard.extraPage(scope: scope, title: "Sync", liveCount: count) { page.content }
        }
    }

    /// The server's address as the browser reached it: the proxy's scheme (`X-Forwarded-Proto`,
    /// else `https` with secure cookies, else `http`) and the request's host.
    func origin(of request: Request) -> String {
        let scheme = cookies.isSecure(request) ? "https" : "http"
        guard let host = request.head.authority, Self.isPlainHost(host) else {
            return scheme + "://THIS-SERVER"
        }
        return scheme + "://" + host
    }

    /// Whether `host` is a host name or address with an optional port, nothing else.
    private static func isPlainHost(_ host: String) -> Bool {
        !host.isEmpty && host.utf8.count <= 255
            && host.utf8.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                    || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":")
                    || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]")
            }
    }
}
