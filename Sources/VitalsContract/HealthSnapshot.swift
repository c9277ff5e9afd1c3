import Foundation
import VitalsCore

/// A stored day of one user from one source (a `health_snapshots` row).
public struct HealthSnapshot: Sendable, Hashable, Codable {
    public var date: LocalDate
    public var source: HealthSyncRequest.DataSource
    public var verificationLevel: VerificationLevel
    public var steps: Int?
    public var exerciseMinutes: Int?
    public var standMinutes: Int?
    public var sleepMinutes: Int?
    /// Active energy, kcal.
    public var activeCalories: Double?
    public var restingHeartRate: Double?
    public var hrv: Double?
    public var workoutsCount: Int?
    public var sleepQualityScore: Double?
    public var proteinLogged: Bool?
    public var updatedAt: Date

    public init(date: LocalDate, source: HealthSyncRequest.DataSource, updatedAt: Date) {
        self.date = date
        self.source = source
        self.verificationLevel = source.verificationLevel
        self.updatedAt = updatedAt
    }
}
