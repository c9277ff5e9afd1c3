import Foundation
public import VitalsCore

/// What one confirmed sync did: the window, what was sent, what the server stored.
///
/// Counts only, no health values, so reports can be printed and logged.
///
/// Missing permissions show here: with partial access the days are sent without the missing types,
/// which ``missingPermissions`` names; when the store may read none of the synced types the sync
/// runs in ``Mode/manual`` mode instead of failing: nothing is read or sent, the cursor stays, and
/// typed-in days go through ``HealthSyncService/sendManual(_:)``.
public struct SyncReport: Sendable, Hashable, Codable {
    /// Where a sync's data came from.
    public enum Mode: String, Sendable, Hashable, Codable {
        /// The store's data was read and sent (every synced type, or those ``missingPermissions`` leaves).
        case automatic
        /// Manual mode: the store may read none of the synced types, so nothing was read or sent;
        /// days are entered by hand (``HealthSyncService/sendManual(_:)``, source `MANUAL`).
        case manual
    }

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
    /// Whether the store's data was synced, or the sync fell back to manual mode.
    public var mode: Mode
    /// Synced types the store may not read (denied, or never asked), in ``SyncDataReader/types``
    /// order: their metrics were left out, the rest sent. Every synced type in ``Mode/manual``
    /// mode; empty with full access.
    public var missingPermissions: [SampleType]

    public init(
        server: String, contract: SyncContract, first: LocalDate, last: LocalDate, isFirstSync: Bool,
        daysSent: Int = 0, recordsUpserted: Int = 0, workoutsSent: Int = 0, questsCompleted: Int = 0,
        requests: Int = 0, mode: Mode = .automatic, missingPermissions: [SampleType] = []
    ) {
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
        self.mode = mode
        self.missingPermissions = missingPermissions
    }
}
