import Foundation
import VitalsCore

/// A stored day of one user from one source (a `health_snapshots` row).
///
/// Its metrics read as its own fields (`snapshot.steps`) and are encoded flat beside `date`,
/// `source`, `verificationLevel` and `updatedAt`, as the journey sync API answers them.
@dynamicMemberLookup
public struct HealthSnapshot: Sendable, Hashable, Codable {
    public var date: LocalDate
    public var source: HealthSyncRequest.DataSource
    public var verificationLevel: VerificationLevel
    public var metrics: SnapshotMetrics
    public var updatedAt: Date

    public init(
        date: LocalDate, source: HealthSyncRequest.DataSource, updatedAt: Date,
        metrics: SnapshotMetrics = SnapshotMetrics()
    ) {
        self.date = date
        self.source = source
        self.verificationLevel = source.verificationLevel
        self.metrics = metrics
        self.updatedAt = updatedAt
    }

    /// A metric, as if it were the snapshot's own field.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<SnapshotMetrics, Value>) -> Value {
        get { metrics[keyPath: keyPath] }
        set { metrics[keyPath: keyPath] = newValue }
    }

    private enum CodingKeys: String, CodingKey {
        case date, source, verificationLevel, updatedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(LocalDate.self, forKey: .date)
        source = try container.decode(HealthSyncRequest.DataSource.self, forKey: .source)
        verificationLevel = try container.decode(VerificationLevel.self, forKey: .verificationLevel)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        metrics = try SnapshotMetrics(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(source, forKey: .source)
        try container.encode(verificationLevel, forKey: .verificationLevel)
        try container.encode(updatedAt, forKey: .updatedAt)
        try metrics.encode(to: encoder)
    }
}
