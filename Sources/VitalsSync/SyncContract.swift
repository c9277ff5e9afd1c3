import Foundation
import VitalsContract

/// Which backend API a sync speaks.
public enum SyncContract: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The daily-metrics API: every day of the window in one `POST /api/v1/health/daily` (an
    /// array of ``DailyHealthMetrics``), answered with `{"status":"success","recordsUpserted":N}`.
    case daily
    /// The journey sync API: one `POST /api/health/sync` per day (a ``HealthSyncRequest`` with source
    /// `HEALTHKIT`, the day's totals and its workouts), answered with a ``HealthSyncResponse``.
    case journey

    /// The route the contract posts to.
    public var path: String {
        switch self {
        case .daily: "/api/v1/health/daily"
        case .journey: "/api/health/sync"
        }
    }

    public var description: String { rawValue }
}
