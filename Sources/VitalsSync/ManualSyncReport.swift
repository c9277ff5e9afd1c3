import Foundation
public import VitalsContract
public import VitalsCore

/// What sending one typed-in day did (``HealthSyncService/sendManual(_:)``).
///
/// Counts and labels only, no health values, so it can be printed and logged.
public struct ManualSyncReport: Sendable, Hashable, Codable {
    /// The server's base URL (never the token).
    public var server: String
    public var date: LocalDate
    /// Always `MANUAL`.
    public var source: HealthSyncRequest.DataSource
    /// What the server stored the day as: `SELF_REPORTED` for manual data.
    public var verificationLevel: VerificationLevel
    /// Workouts sent with the day.
    public var workoutsSent: Int
    /// Quests the server evaluated against the day, and how many this entry completed.
    public var questsEvaluated: Int
    public var questsCompleted: Int
    /// HTTP requests made, retries included.
    public var requests: Int

    public init(
        server: String, date: LocalDate, source: HealthSyncRequest.DataSource = .manual,
        verificationLevel: VerificationLevel, workoutsSent: Int, questsEvaluated: Int, questsCompleted: Int,
        requests: Int
    ) {
        self.server = server
        self.date = date
        self.source = source
        self.verificationLevel = verificationLevel
        self.workoutsSent = workoutsSent
        self.questsEvaluated = questsEvaluated
        self.questsCompleted = questsCompleted
        self.requests = requests
    }
}
