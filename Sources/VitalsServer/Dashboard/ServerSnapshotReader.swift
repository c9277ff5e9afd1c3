import Foundation
import VitalsContract
import VitalsCore
import VitalsDashboard
import VitalsServerStorage

/// One server user's daily snapshots for the dashboard's Today page: the snapshot the API shows.
struct ServerSnapshotReader: DailySnapshotReading {
    let repository: any HealthRecordReader
    let user: ServerUser

    func snapshot(on day: LocalDate) async throws -> HealthSnapshot? {
        DayReport(date: day, snapshots: try await repository.snapshots(of: user, on: day)).snapshot
    }
}
