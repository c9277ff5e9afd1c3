import Foundation

/// Where the dashboard's pages are mounted and what they say besides the numbers.
public struct DashboardConfiguration: Sendable {
    /// The path the pages are registered under, without a trailing slash (`""` at the root);
    /// every link and the stylesheet's URL start with it, so it must match the router group's path.
    public var basePath = ""
    /// The name at the top of every page and in the window title.
    public var title = "Vitals"
    /// What an empty store's page says above ``gettingStarted``.
    public var gettingStartedIntro =
        "This store holds no samples. Import an Apple Health export (Health app → your picture → Export All Health Data), send data from Health Auto Export, or try the demo:"
    /// Shell commands an empty store's page suggests for getting data in, one per line.
    public var gettingStarted: [String] = ["vitals import export.zip", "vitals demo --dashboard"]
    /// Pages the mounting server adds beside the dashboard's own (the server's Sync page), linked
    /// in every page's navigation after the dashboard's; drawn with ``Dashboard/extraPage(scope:title:content:)``.
    public var extraPages: [DashboardExtraPage] = []
    /// How often an open page of a day asks whether the data changed (``ChangeCounter``), in
    /// seconds. Default 5: one small read per open page every 5 s.
    public var liveUpdateInterval: Double = 5
    /// The current instant, which decides what "today" is (a test or the demo sets a fixed one).
    public var now: @Sendable () -> Date = { Date() }

    /// The defaults: mounted at the root, titled Vitals, the system clock.
    public init() {}
}
