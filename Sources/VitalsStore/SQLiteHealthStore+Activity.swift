public import Foundation
import GRDB
public import VitalsCore

extension SQLiteHealthStore: ActivityReader {
    /// The workout's routes as ``route(ofWorkout:)`` reads them.
    public func routes(ofWorkout uuid: UUID) async throws -> [[RoutePoint]] {
        try await route(ofWorkout: uuid)
    }

    public func activitySummaries(in days: ClosedRange<LocalDate>?) async throws -> [ActivitySummary] {
        // Dates are stored as `YYYY-MM-DD`, which sort as the days do.
        let (first, last) = (days?.lowerBound.description ?? "", days?.upperBound.description ?? "9999-12-31")
        let rows = try await read { db in
            try String.fetchAll(
                db, sql: "SELECT details FROM activity_summaries WHERE date >= ? AND date <= ? ORDER BY date",
                arguments: [first, last])
        }
        return try rows.map { try JSONDecoder().decode(ActivitySummary.self, from: Data($0.utf8)) }
    }
}
