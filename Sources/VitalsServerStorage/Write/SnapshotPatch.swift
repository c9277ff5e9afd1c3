import Foundation
import VitalsContract
import VitalsCore

/// An upsert of one `health_snapshots` row: nil metrics leave the stored values alone.
@dynamicMemberLookup
public struct SnapshotPatch: Sendable, Hashable {
    public var date: LocalDate
    public var source: HealthSyncRequest.DataSource
    public var metrics: SnapshotMetrics
    /// Set `workoutsCount` to the number of the user's stored workouts of this day and source,
    /// counted in the same transaction after the write's workouts are added.
    public var countsStoredWorkouts = false

    public init(date: LocalDate, source: HealthSyncRequest.DataSource, metrics: SnapshotMetrics = SnapshotMetrics()) {
        self.date = date
        self.source = source
        self.metrics = metrics
    }

    /// A patch from a day record of the daily-metrics API (device data: source HEALTHKIT).
    public init(_ metrics: DailyHealthMetrics, source: HealthSyncRequest.DataSource = .healthKit) {
        self.init(date: metrics.date, source: source, metrics: SnapshotMetrics(metrics))
    }

    /// A metric, as if it were the patch's own field.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<SnapshotMetrics, Value>) -> Value {
        get { metrics[keyPath: keyPath] }
        set { metrics[keyPath: keyPath] = newValue }
    }
}
