import VitalsContract

/// The nullable metric columns of `health_snapshots`, in one order both databases use.
package enum SnapshotColumns {
    package static let metrics = [
        "steps", "exercise_minutes", "stand_minutes", "sleep_minutes", "active_calories", "resting_heart_rate",
        "hrv", "workouts_count", "sleep_quality_score", "protein_logged",
    ]

    /// `SELECT` of every column a ``HealthSnapshot`` needs, in ``read`` order.
    package static let select =
        "SELECT date, source, \(metrics.joined(separator: ", ")), verification_level, updated_at FROM health_snapshots"

    /// `col = COALESCE(excluded.col, health_snapshots.col)` for each metric: absent values keep stored ones.
    package static let coalescingUpdates =
        metrics
        .map { "\($0) = COALESCE(excluded.\($0), health_snapshots.\($0))" }
        .joined(separator: ", ")

    /// True when the incoming row would change a stored metric (`distinct` is the database's
    /// null-safe inequality: `IS NOT` in SQLite, `IS DISTINCT FROM` in PostgreSQL).
    package static func changes(distinct: String) -> String {
        metrics.map { "(excluded.\($0) IS NOT NULL AND excluded.\($0) \(distinct) health_snapshots.\($0))" }
            .joined(separator: " OR ")
    }
}
