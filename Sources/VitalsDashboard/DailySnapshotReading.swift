import Foundation
import VitalsContract
import VitalsCore

/// The daily snapshots (day totals) an app sent for the scope's user, for the figures their
/// samples do not give.
///
/// A phone app that syncs through the snapshot API sends a day's totals (steps, exercise,
/// sleep, resting heart rate...) and no samples; without this its user's Today page would be
/// empty while `GET /api/health/today` shows the numbers. The Today page shows a snapshot's
/// metric only where no sample gives that figure, and says where it came from.
public protocol DailySnapshotReading: Sendable {
    /// The snapshot `GET /api/health/{date}` shows for `day` (device-verified first, then the
    /// newest), or `nil` when none was stored.
    func snapshot(on day: LocalDate) async throws -> HealthSnapshot?
}
