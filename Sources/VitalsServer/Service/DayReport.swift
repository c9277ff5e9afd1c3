import Foundation
import VitalsContract
import VitalsCore

/// A day as `GET /api/health/today` and `GET /api/health/{date}` answer it: the snapshot to
/// show, its members at top level as seed 001's client reads them (`today.steps`), and every
/// source's snapshot under `snapshots`.
///
/// Every metric is always a member, `null` when unknown. A day nothing was stored for is not an
/// error: it shows ``nothingStored`` (totals zero, protein not logged, measurements `null`) with
/// `source`, `verificationLevel` and `updatedAt` `null` and no `snapshots`. Its metrics read as
/// the report's own fields (`report.steps`) through dynamic member lookup.
@dynamicMemberLookup
public struct DayReport: Sendable, Hashable, Codable {
    public var date: LocalDate
    /// The snapshot to show: device-verified first, then the most recently updated; nil when
    /// nothing was stored for the day.
    public var snapshot: HealthSnapshot?
    /// One per source.
    public var snapshots: [HealthSnapshot]

    /// The metrics of a day nothing was stored for: a fresh morning has counted no steps, minutes,
    /// energy or workouts yet and logged no protein; heart rate, HRV and sleep quality are
    /// measurements nobody took, so they stay unknown.
    public static let nothingStored: SnapshotMetrics = {
        var metrics = SnapshotMetrics()
        metrics.steps = 0
        metrics.exerciseMinutes = 0
        metrics.standMinutes = 0
        metrics.sleepMinutes = 0
        metrics.activeCalories = 0
        metrics.workoutsCount = 0
        metrics.proteinLogged = false
        return metrics
    }()

    public init(date: LocalDate, snapshots: [HealthSnapshot]) {
        self.date = date
        self.snapshots = snapshots
        self.snapshot = snapshots.max { lhs, rhs in
            let left = (lhs.verificationLevel == .deviceVerified ? 1 : 0, lhs.updatedAt)
            let right = (rhs.verificationLevel == .deviceVerified ? 1 : 0, rhs.updatedAt)
            return left < right
        }
    }

    /// The metrics shown: the snapshot's, or ``nothingStored``.
    public var metrics: SnapshotMetrics { snapshot?.metrics ?? Self.nothingStored }

    /// A shown metric, as if it were the report's own field.
    public subscript<Value>(dynamicMember keyPath: KeyPath<SnapshotMetrics, Value>) -> Value {
        metrics[keyPath: keyPath]
    }

    private enum CodingKeys: String, CodingKey {
        case date, source, verificationLevel, updatedAt, snapshots
        case steps, exerciseMinutes, standMinutes, sleepMinutes, activeCalories, restingHeartRate, hrv
        case workoutsCount, sleepQualityScore, proteinLogged
    }

    /// Reads the date and the snapshots; the shown snapshot is chosen again from them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            date: try container.decode(LocalDate.self, forKey: .date),
            snapshots: try container.decode([HealthSnapshot].self, forKey: .snapshots))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func put(_ value: (some Encodable)?, _ key: CodingKeys) throws {
            if let value { try container.encode(value, forKey: key) } else { try container.encodeNil(forKey: key) }
        }
        try container.encode(date, forKey: .date)
        try put(snapshot?.source, .source)
        try put(snapshot?.verificationLevel, .verificationLevel)
        try put(snapshot?.updatedAt, .updatedAt)
        let metrics = metrics
        try put(metrics.steps, .steps)
        try put(metrics.exerciseMinutes, .exerciseMinutes)
        try put(metrics.standMinutes, .standMinutes)
        try put(metrics.sleepMinutes, .sleepMinutes)
        try put(metrics.activeCalories, .activeCalories)
        try put(metrics.restingHeartRate, .restingHeartRate)
        try put(metrics.hrv, .hrv)
        try put(metrics.workoutsCount, .workoutsCount)
        try put(metrics.sleepQualityScore, .sleepQualityScore)
        try put(metrics.proteinLogged, .proteinLogged)
        try container.encode(snapshots, forKey: .snapshots)
    }
}
