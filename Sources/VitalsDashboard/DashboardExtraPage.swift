import Foundation
import HTTPTypes
import Hummingbird

/// A page the mounting server adds to the dashboard (`vitals serve`'s Sync page): its title and path.
public struct DashboardExtraPage: Sendable, Hashable {
    /// The navigation link's text and the page's title.
    public var title: String
    /// The page's path (absolute: `/sync`).
    public var path: String

    /// A page titled `title` at `path`.
    public init(title: String, path: String) {
        self.title = title
        self.path = path
    }
}

extension Dashboard {
    /// A page of the mounting server's own (one of ``DashboardConfiguration/extraPages``) in the
    /// dashboard's frame: the header with the session's sign-out form, the navigation, the
    /// footer naming the scope's zone, the stylesheet. With `liveCount` (the scope's
    /// ``ChangeCounter`` count read before the page's data) the page updates as data arrives.
    public func extraPage(
        scope: DashboardScope, title: String, liveCount: Int64? = nil,
        @HTMLBuilder content: () -> HTML
    ) -> Response {
        let layout = PageLayout(
            configuration: configuration, links: links, zone: scope.calendar.timeZone,
            session: scope.session, liveCount: liveCount)
        return Self.html(layout.page(title: title, current: nil, content: content), status: .ok)
    }
}
