import Foundation
import VitalsCore

/// How complete a user's data looks, per sample type (`GET /api/me/ingests/summary`): when the
/// newest sample starts, which ingest last carried the type, and which of the last
/// ``HealthService/completenessDays`` days (in the user's zone, today included) have none.
public struct IngestCompleteness: Sendable, Codable {
    /// The first day looked at.
    public var from: LocalDate
    /// The last day looked at: the user's today.
    public var through: LocalDate
    /// The user's time zone, in which the days are counted.
    public var timeZone: String
    /// One per sample type the user has stored or sent, by type identifier.
    public var metrics: [Metric]

    /// The summary of the days `from` through `through` in `timeZone`.
    package init(from: LocalDate, through: LocalDate, timeZone: String, metrics: [Metric]) {
        self.from = from
        self.through = through
        self.timeZone = timeZone
        self.metrics = metrics
    }

    /// One sample type's completeness.
    public struct Metric: Sendable, Codable, Hashable {
        /// The sample type's identifier (`HKQuantityTypeIdentifierStepCount`).
        public var type: String
        /// The start of the newest stored sample of the type; nil when none is stored.
        public var lastSampleStart: Date?
        /// The newest ingest that carried the type (it may be older than the log keeps).
        public var lastIngest: IngestReference?
        /// How many days from ``IngestCompleteness/from`` through ``IngestCompleteness/through``
        /// have no stored sample starting in them.
        public var daysWithoutData: Int
        /// Those days, oldest first.
        public var missingDays: [LocalDate]

        /// One sample type's completeness from its parts.
        package init(
            type: String, lastSampleStart: Date?, lastIngest: IngestReference?, daysWithoutData: Int,
            missingDays: [LocalDate]
        ) {
            self.type = type
            self.lastSampleStart = lastSampleStart
            self.lastIngest = lastIngest
            self.daysWithoutData = daysWithoutData
            self.missingDays = missingDays
        }
    }

    /// An ingest log entry by id and time.
    public struct IngestReference: Sendable, Codable, Hashable {
        public var id: Int64
        public var receivedAt: Date

        public init(id: Int64, receivedAt: Date) {
            self.id = id
            self.receivedAt = receivedAt
        }
    }

    /// What a repository reads for the summary, for one sample type.
    public struct Coverage: Sendable, Hashable {
        public var type: String
        public var lastSampleStart: Date?
        public var lastIngest: IngestReference?
        /// The offsets of the days (in the `dayStarts` asked for) with a sample starting in them.
        public var daysWithData: Set<Int>

        public init(
            type: String, lastSampleStart: Date? = nil, lastIngest: IngestReference? = nil,
            daysWithData: Set<Int> = []
        ) {
            self.type = type
            self.lastSampleStart = lastSampleStart
            self.lastIngest = lastIngest
            self.daysWithData = daysWithData
        }
    }
}
