import Foundation

/// The role of a repository that keeps the dashboard's signed-in sessions.
public protocol DashboardSessionStore: Sendable {
    /// Stores a new dashboard session, first ending every session that expired by `date` and, when
    /// the user would have more than `perUser`, the user's sessions that end soonest.
    func openDashboardSession(
        _ session: StoredDashboardSession, keepingPerUser perUser: Int, at date: Date)
        async throws
    /// The dashboard session whose id has the SHA-256 `idHash`; `nil` when none, or when it expired by `date`.
    func dashboardSession(idHash: String, at date: Date) async throws -> StoredDashboardSession?
    /// Ends the dashboard session whose id has the SHA-256 `idHash` (nothing when there is none).
    func closeDashboardSession(idHash: String) async throws
}
