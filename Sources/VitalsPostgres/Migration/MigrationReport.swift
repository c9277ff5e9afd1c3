import Foundation

/// What `vitals migrate` did: users copied and skipped, rows per table, timings and the
/// verification of every user.
public struct MigrationReport: Sendable, Codable {
    /// Users copied by this run, by name.
    public var copiedUsers: [String] = []
    /// Users an earlier run had copied (left as they are, verified again).
    public var skippedUsers: [String] = []
    /// Rows copied by this run per PostgreSQL table (`users` included).
    public var rows: [String: Int] = [:]
    /// Users whose copy dropped and rebuilt the samples' indexes and foreign keys (many samples).
    public var sampleIndexesRebuilt: [String] = []
    /// Seconds from the start to the last user's commit (schema updates and checks included).
    public var copySeconds: TimeInterval = 0
    /// Seconds the verification took.
    public var verifySeconds: TimeInterval = 0
    /// Every user of the SQLite file, by name.
    public var users: [UserVerification] = []

    public init() {}

    /// Whether every user's counts and checksum agree on both sides.
    public var verified: Bool { users.allSatisfy(\.verified) }

    /// Samples copied per second of copying (0 when none were copied).
    public var samplesPerSecond: Double {
        guard let samples = rows["samples"], samples > 0, copySeconds > 0 else { return 0 }
        return Double(samples) / copySeconds
    }
}

/// One user compared on both sides after a migration.
public struct UserVerification: Sendable, Codable {
    public var name: String
    /// Rows per table in the SQLite file.
    public var sourceCounts: [String: Int]
    /// Rows per table in PostgreSQL (empty when the user is missing there).
    public var targetCounts: [String: Int]
    /// SHA-256 (hex) of the user's canonical export and token from the SQLite file.
    public var sourceChecksum: String
    /// The same from PostgreSQL (empty when the user is missing there).
    public var targetChecksum: String

    /// Counts and checksums equal.
    public var verified: Bool { sourceCounts == targetCounts && sourceChecksum == targetChecksum }

    /// The tables whose counts differ, by name.
    public var differingTables: [String] {
        Set(sourceCounts.keys).union(targetCounts.keys).sorted().filter { sourceCounts[$0] != targetCounts[$0] }
    }
}
