import Foundation

/// The frame every page shares: head, navigation, main content and a footer naming the zone.
struct PageLayout: Sendable {
    var configuration: DashboardConfiguration
    var links: DashboardLinks
    /// The zone the page's days and times are in, named in the footer; `nil` when unknown.
    var zone: TimeZone?
    /// The signed-in session on a server: the header then names the user and can sign out.
    var session: DashboardSession? = nil
    /// The change count the page was drawn at, for a page that updates live (``ChangeCounter``); `nil` for a page that does not.
    var liveCount: Int64? = nil

    /// Which navigation entry the page is.
    enum Section: Sendable { case today, day, insights, trends, calendar, records }

    /// The whole document: `content` in `main`, titled `title`.
    func page(title: String, current: Section?, @HTMLBuilder content: () -> HTML) -> String {
        let main = content()
        return HTML.document(
            Tag.html(.lang("en")) {
                Tag.head {
                    Tag.meta(.charset("utf-8"))
                    Tag.meta(.name("viewport"), .content("width=device-width, initial-scale=1"))
                    Tag.meta(.name("color-scheme"), .content("light dark"))
                    Tag.title { "\(title) · \(configuration.title)" }
                    Tag.link(.rel("stylesheet"), .href(links.stylesheet))
                    Tag.script(.src(links.script), .deferred()) { HTML.empty }
                }
                Tag.body {
                    Tag.header(.class("top")) {
                        Tag.a(.class("brand"), .href(links.today)) { configuration.title }
                        Tag.nav(.ariaLabel("Pages")) {
                            navigationLink("Today", href: links.today, isCurrent: current == .today)
                            navigationLink("Insights", href: links.insightsHome, isCurrent: current == .insights)
                            navigationLink("Trends", href: links.trendsHome, isCurrent: current == .trends)
                            navigationLink("Calendar", href: links.calendarHome, isCurrent: current == .calendar)
                            navigationLink("Records", href: links.recordsHome, isCurrent: current == .records)
                            for extra in configuration.extraPages {
                                navigationLink(
                                    extra.title, href: extra.path, isCurrent: current == nil && title == extra.title)
                            }
                        }
                        if let session { session.signOutForm }
                    }
                    if let liveCount {
                        Tag.main(
                            .data("live-url", links.changes), .data("live-count", String(liveCount)),
                            .data("live-interval", String(Int((configuration.liveUpdateInterval * 1000).rounded())))
                        ) { main }
                    } else {
                        Tag.main { main }
                    }
                    Tag.footer {
                        if let zone {
                            Tag.p {
                                "Days run midnight to midnight in \(zone.identifier); sources are merged as Apple Health merges them."
                            }
                        }
                    }
                }
            })
    }

    private func navigationLink(_ label: String, href: String, isCurrent: Bool) -> HTML {
        var attributes = [Attribute.href(href)]
        if isCurrent { attributes.append(.ariaCurrent("page")) }
        return Tag.a(attributes: attributes) { label }
    }

    /// What an empty store's page shows instead of charts: how to get data in.
    func gettingStarted() -> HTML {
        Tag.section(.class("empty"), .data("empty", "true")) {
            Tag.h2 { "No health data yet" }
            Tag.p { configuration.gettingStartedIntro }
            Tag.pre {
                Tag.code { configuration.gettingStarted.joined(separator: "\n") }
            }
            Tag.p { "Then reload this page." }
        }
    }
}
