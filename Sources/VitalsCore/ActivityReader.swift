import Foundation

/// Reads what a dashboard shows beyond samples and statistics: workout routes, Activity rings, what is stored.
///
/// Refines ``HealthReader``, so code written against it gets samples (workouts with their
/// statistics and events, category samples with their metadata), statistics, sources, routes
/// and activity summaries through one protocol. A local `SQLiteHealthStore` (VitalsStore) and a server
/// user's read view (`ServerHealthReader`) both answer it with the same values for the same
/// imported export.
public protocol ActivityReader: HealthReader {
    /// The routes of the workout with `uuid`, in the export's order, each route's points by
    /// time; empty for an unknown workout or one without routes.
    func routes(ofWorkout uuid: UUID) async throws -> [[RoutePoint]]

    /// The activity summaries of the days in `days` (all of them when nil), oldest day first.
    func activitySummaries(in days: ClosedRange<LocalDate>?) async throws -> [ActivitySummary]

    /// Each stored, readable type with its sample count and first start and last end, by identifier.
    func typeSummaries() async throws -> [TypeSummary]
}

extension ActivityReader {
    /// Every activity summary, oldest day first.
    public func activitySummaries() async throws -> [ActivitySummary] {
        try await activitySummaries(in: nil)
    }
}
