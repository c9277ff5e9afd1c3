import Foundation
import VitalsCore
import VitalsServerStorage

extension HealthService {
    /// Days the completeness summary looks at, today included.
    public static let completenessDays = 30

    /// The most entries one page of the ingest log holds.
    public static let maximumIngestPage = 500

    /// A page of the user's ingest log, newest first: at most `limit` entries (1 to
    /// ``maximumIngestPage``) with ids below `before` when given.
    public func ingests(of user: ServerUser, limit: Int, before: Int64?) async throws -> IngestLogPage {
        let limit = min(max(limit, 1), Self.maximumIngestPage)
        let entries = try await repository.ingests(of: user, limit: limit, before: before)
        let next = entries.count == limit ? entries.last?.id : nil
        return IngestLogPage(entries: entries, nextBefore: next, retentionDays: ingestLogRetentionDays)
    }

    /// Appends a refused request to the user's log, in its own transaction.
    public func recordRefused(_ entry: IngestLogEntry, for user: ServerUser) async throws {
        _ = try await repository.recordIngest(entry, for: user, keepingSince: ingestLogCutoff)
    }

    /// Entries received before this instant are pruned when the log is written.
    var ingestLogCutoff: Date { now().addingTimeInterval(-Double(ingestLogRetentionDays) * 86_400) }

    /// The completeness summary of the user's sample types over the last ``completenessDays``
    /// days in the user's zone.
    public func completeness(of user: ServerUser) async throws -> IngestCompleteness {
        let calendar = user.calendar
        let today = user.today(at: now())
        let first = today.adding(days: 1 - Self.completenessDays)
        let days = (0..<Self.completenessDays).map { first.adding(days: $0) }
        let starts = (0...Self.completenessDays).map { first.adding(days: $0).start(in: calendar) }
        let coverage = try await repository.sampleCoverage(of: user, dayStarts: starts)
        let metrics = coverage.sorted { $0.type < $1.type }.map { type in
            let missing = days.indices.filter { !type.daysWithData.contains($0) }.map { days[$0] }
            return IngestCompleteness.Metric(
                type: type.type, lastSampleStart: type.lastSampleStart,
                lastIngest: type.lastIngest, daysWithoutData: missing.count,
                missingDays: missing)
        }
        return IngestCompleteness(from: first, through: today, timeZone: user.timeZone, metrics: metrics)
    }
}
