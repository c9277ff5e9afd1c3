import Foundation
import Logging
import VitalsContract
import VitalsCore

extension HealthSyncService {
    /// One sync: read the window's days, send them with the contract, move the cursor.
    ///
    /// Permissions: types the store may not read are left out and named in the report; when it may
    /// read none, the sync switches to manual mode (nothing sent, the cursor stays) instead of
    /// failing.
    func perform() async throws -> SyncReport {
        let window = try await plannedWindow()
        let reader = SyncDataReader(store: store, calendar: configuration.calendar)
        let unreadable = try await reader.unreadableTypes()
        var report = SyncReport(
            server: endpoint.baseURL, contract: contract, first: window.first, last: window.last,
            isFirstSync: window.isFirstSync, missingPermissions: unreadable)
        guard unreadable.count < SyncDataReader.types.count else {
            report.mode = .manual
            logger.notice(
                "sync in manual mode: the store may read none of the synced types",
                metadata: [
                    "server": "\(endpoint)", "contract": "\(contract)",
                ])
            return report
        }
        logger.info(
            "sync started",
            metadata: [
                "server": "\(endpoint)", "contract": "\(contract)", "first": "\(window.first)",
                "last": "\(window.last)",
                "missingPermissions": "\(unreadable.map(\.shortName).joined(separator: ","))",
            ])
        let days = try await reader.days(from: window.first, through: window.last, unreadable: Set(unreadable))
        switch contract {
        case .daily: try await sendDaily(days, report: &report)
        case .journey: try await sendJourney(days, report: &report)
        }
        logger.info(
            "sync confirmed",
            metadata: [
                "server": "\(endpoint)", "contract": "\(contract)", "days": "\(report.daysSent)",
                "requests": "\(report.requests)",
            ])
        return report
    }

    /// The daily-metrics contract: every day in one array; the cursor moves to the last day once
    /// the server answered `success` with one upserted record per day.
    private func sendDaily(_ days: [SyncDay], report: inout SyncReport) async throws {
        let body = try Self.encoder.encode(days.map(\.metrics))
        let delivery = try await uploader.post(contract.path, json: body, expecting: DailyUpsertResponse.self) {
            $0.status == "success" && $0.recordsUpserted == days.count
        }
        report.requests += delivery.attempts
        report.daysSent = days.count
        report.recordsUpserted = delivery.answer.recordsUpserted
        try await cursors.setLastSyncedDay(report.last, for: cursorKey)
    }

    /// The journey contract: one request per day, oldest first. When a day fails for good, the
    /// cursor moves to the last day the server confirmed before it, so the next sync resumes there.
    private func sendJourney(_ days: [SyncDay], report: inout SyncReport) async throws {
        var confirmed: LocalDate?
        do {
            for day in days {
                let body = try Self.encoder.encode(day.journeyRequest)
                let delivery = try await uploader.post(contract.path, json: body, expecting: HealthSyncResponse.self) {
                    $0.snapshot.date == day.date
                }
                report.requests += delivery.attempts
                report.daysSent += 1
                report.recordsUpserted += 1
                report.workoutsSent += day.workouts?.count ?? 0
                report.questsCompleted += delivery.answer.questsCompleted
                confirmed = day.date
            }
        } catch {
            guard let confirmed else { throw error }
            try await cursors.setLastSyncedDay(confirmed, for: cursorKey)
            guard var failure = error as? VitalsError else { throw error }
            failure.message +=
                "; the \(report.daysSent) day(s) before it were confirmed, so the next sync starts at \(confirmed)"
            throw failure
        }
        try await cursors.setLastSyncedDay(report.last, for: cursorKey)
    }

    /// JSON as the contracts take it: ISO 8601 instants, sorted keys.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
