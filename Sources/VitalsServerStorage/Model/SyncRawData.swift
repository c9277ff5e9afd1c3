import Foundation
import VitalsContract
import VitalsCore

/// A journey sync's `rawData.healthkit` as the server keeps it: per user, day and source, the
/// latest sync's that had one (``HealthSyncRequest/RawData``).
///
/// It is kept for the user, not read: no total, snapshot or quest counts it. It comes back in
/// `GET /api/me/export` (``UserExport/rawData``), `DELETE /api/me/data` erases it, and
/// `vitals migrate` copies it (table `sync_raw_data`).
public struct SyncRawData: Sendable, Hashable, Codable {
    /// The sync's day (the user's today when it named none).
    public var date: LocalDate
    /// The sync's source.
    public var source: HealthSyncRequest.DataSource
    /// The object as sent (at most ``HealthSyncRequest/RawData/maximumBytes`` of its ``RawJSON/text``).
    public var healthkit: RawJSON
    /// When the sync that sent it was received.
    public var receivedAt: Date

    public init(date: LocalDate, source: HealthSyncRequest.DataSource, healthkit: RawJSON, receivedAt: Date) {
        self.date = date
        self.source = source
        self.healthkit = healthkit
        self.receivedAt = receivedAt
    }
}
