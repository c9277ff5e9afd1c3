import Foundation
import VitalsCore

/// One request to a write endpoint, as the user's ingest log keeps it (`GET /api/me/ingests`).
///
/// Counts, sample type names, skip reasons and the status: never a health value. Refused
/// requests of an authenticated user are logged too (status and error code), so a user can
/// tell "the phone sent it and nothing was stored" from "it never reached the server".
public struct IngestLogEntry: Sendable, Codable, Hashable {
    /// Which endpoint a request went to.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// `POST /api/v1/ingest/health-auto-export`.
        case healthAutoExport = "health-auto-export"
        /// `POST /api/health/sync` (seed 001's journey sync).
        case sync
        /// `POST /api/v1/health/daily` (seed 003's daily records).
        case daily
        /// An Apple Health export imported into the user (`vitals user import`).
        case appleHealthExport = "apple-health-export"
    }

    /// The entry's number, increasing; 0 before it is stored.
    public var id: Int64 = 0
    /// When the server received the request (its clock).
    public var receivedAt: Date
    public var kind: Kind
    /// The HTTP status answered.
    public var status: Int = 200
    /// The error's code (`invalid_json`, `invalid_field`, `body_too_large`...) when refused.
    public var errorCode: String?
    /// The body's size in bytes (for a body too large, its announced length when known).
    public var bodyBytes: Int = 0
    /// The client's `User-Agent`, cut at ``maximumUserAgentLength`` characters.
    public var userAgent: String?
    public var samplesReceived = 0
    /// Samples new to the server.
    public var samplesStored = 0
    /// Samples stored as the latest value of a measurement the server had with another value,
    /// which they replaced (a running total sent again, a day revised).
    public var samplesRevised = 0
    /// Samples the server had already (a re-sent batch).
    public var samplesAlreadyPresent = 0
    public var workoutsReceived = 0
    public var workoutsStored = 0
    public var workoutsAlreadyPresent = 0
    /// The sample types the request carried, by identifier, sorted.
    public var sampleTypes: [String] = []
    /// Well-formed parts not stored (name, reason, count, and whatever else the ingest reports).
    public var skipped: [LoggedJSON] = []
    /// Days whose snapshot the request wrote (recomputed from samples, or upserted).
    public var daysUpdated: [LocalDate] = []

    /// Longest `User-Agent` kept.
    public static let maximumUserAgentLength = 200

    public init(kind: Kind, receivedAt: Date, userAgent: String? = nil) {
        self.kind = kind
        self.receivedAt = receivedAt
        self.userAgent = userAgent.map { String($0.prefix(Self.maximumUserAgentLength)) }
    }

    /// Whether the request was stored (a 2xx status).
    public var succeeded: Bool { (200..<300).contains(status) }

    /// Fills in the counts a write's result knows.
    package mutating func record(_ result: HealthWriteResult, days: [LocalDate]) {
        samplesStored = result.samplesAdded - result.samplesRevised - result.samplesRestated
        samplesRevised = result.samplesRevised
        samplesAlreadyPresent = max(0, samplesReceived - samplesStored - samplesRevised)
        workoutsStored = result.workoutsAdded
        workoutsAlreadyPresent = max(0, workoutsReceived - result.workoutsAdded)
        daysUpdated = days.sorted()
    }
}
