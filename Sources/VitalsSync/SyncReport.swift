import Foundation
import VitalsCore

/// What one confirmed sync did: the window, what was sent, what the server stored.
///
/// Counts only, no health values, so reports can be printed and logged.
public struct SyncReport: Sendable, Hashable, Codable {
    /// The server's base URL (never the token).
    public var server: String
    public var contract: SyncContract
    /// The window's first day (the previous cursor, or the first-sync start).
    public var first: LocalDate
    /// The window's last day: today in the user's zone, now the cursor.
    public var last: LocalDate
    /// Whether there was no cursor before (a first sync covers ``HealthSyncService/Configuration/firstSyncDays``).
    public var isFirstSync: Bool
    /// Days sent.
    public var daysSent: Int
    /// Days the server confirmed storing (`recordsUpserted` for `daily`; confirmed requests for `journey`).
    public var recordsUpserted: Int
    /// Workouts sent (`journey` only; `daily` sends per-day counts).
    public var workoutsSent: Int
    /// Quests the server completed because of this sync (`journey` only).
    public var questsCompleted: Int
    /// HTTP requests made, retries included.
    public var requests: Int

    public init(server: String, contract: SyncContract, first: LocalDate, last: LocalDate, isFirstSync: Bool,
                daysSent: Int = 0, recordsUpserted: Int = 0, workoutsSent: Int = 0, questsCompleted: Int = 0,
                requests: Int = 0) {
        self.server = server
        self.contract = contract
        self.first = first
        self.last = last
        self.isFirstSync = isFirstSync
        self.daysSent = daysSent
        self.recordsUpserted = recordsUpserted
        self.workoutsSent = workoutsSent
        self.questsCompleted = questsCompleted
        self.requests = requests
    }
}
