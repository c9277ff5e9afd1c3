import VitalsCore

/// The dashboard's URLs under its base path: bookmarkable, the same for every visit.
struct DashboardLinks: Sendable {
    /// The base path, without a trailing slash.
    var basePath: String

    /// The Today page.
    var today: String { basePath.isEmpty ? "/" : basePath }

    /// The page of one day, `/day/YYYY-MM-DD`.
    func day(_ date: LocalDate) -> String { basePath + "/day/" + date.description }

    /// The one stylesheet.
    var stylesheet: String { basePath + DashboardLinks.stylesheetPath }

    /// The stylesheet's route, relative to the base path.
    static let stylesheetPath = "/assets/dashboard.css"
}
