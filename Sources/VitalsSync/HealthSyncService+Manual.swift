import Foundation
import Logging
import VitalsContract
import VitalsCore

extension HealthSyncService {
    /// Sends one typed-in day with source `MANUAL` (manual mode, for users who grant no access);
    /// needs no permission.
    ///
    /// Always the journey sync API (`POST /api/health/sync`), whatever ``contract`` is: the
    /// daily-metrics API has no source and stores what it gets as device data. The server keeps
    /// the day in a `MANUAL` snapshot, `SELF_REPORTED`, beside the device-verified one, and
    /// evaluates quests (a quest that requires verified data ignores it). Retried like any sync
    /// request; the cursor is not touched. Invalid values throw before anything is sent.
    public nonisolated func sendManual(_ entry: ManualDayEntry) async throws -> ManualSyncReport {
        let request = try entry.request()
        let body = try Self.encoder.encode(request)
        let delivery = try await uploader.post(
            SyncContract.journey.path, json: body, expecting: HealthSyncResponse.self
        ) {
            $0.snapshot.date == entry.date && $0.snapshot.source == .manual
        }
        logger.info(
            "manual day confirmed",
            metadata: [
                "server": "\(endpoint)", "date": "\(entry.date)", "requests": "\(delivery.attempts)",
            ])
        let answer = delivery.answer
        return ManualSyncReport(
            server: endpoint.baseURL, date: entry.date, verificationLevel: answer.snapshot.verificationLevel,
            workoutsSent: request.data.workouts?.count ?? 0, questsEvaluated: answer.questsEvaluated,
            questsCompleted: answer.questsCompleted, requests: delivery.attempts)
    }
}
