public import Foundation
import VitalsCore
import VitalsStore

/// What an import did: counts by outcome, element and reason. Contains no health values.
public struct ImportReport: Sendable, Codable, Hashable {
    /// The path that was imported.
    public var file: String
    /// Bytes of XML (or JSON) read.
    public var bytes: Int64 = 0
    /// The export's own date, if it has one.
    public var exportDate: Date?
    /// Samples newly stored (correlation members and workouts included).
    public var added = 0
    /// Samples whose UUID was already stored (an earlier import, or a correlation member also at top level).
    public var alreadyPresent = 0
    /// Health Auto Export samples stored as the new value of a measurement stored with another
    /// value, which they replaced (not counted in ``added``; see ``VitalsCore/ArrivalRule``).
    public var revised = 0
    /// Health Auto Export samples not stored because the same measurement is stored under another
    /// source string naming a device in common (see ``VitalsCore/ArrivalRule``); the stored one
    /// takes the source string sent last (``restated`` of them).
    public var resent = 0
    /// Of ``resent``, those that replaced the stored sample to carry the latest source string.
    public var restated = 0
    /// Elements not stored, by reason ("Record: value is not a number" → 3).
    public var skipped: [String: Int] = [:]
    /// Items that could not be read and were left out, each at its JSON path (Health Auto
    /// Export JSON; an Apple Health export is all or nothing and never has any).
    public var unreadable: [UnreadableItem] = []
    /// Top-level elements read, by name.
    public var elements: [String: Int] = [:]
    /// Top-level elements Vitals does not read (ClinicalRecord, Audiogram...), by name.
    public var unknownElements: [String: Int] = [:]
    /// Activity summaries newly stored, and already there.
    public var activitySummariesAdded = 0
    public var activitySummariesPresent = 0
    /// Route points stored, and route files named but missing from the export.
    public var routePoints = 0
    public var missingRouteFiles = 0
    /// Wall time of the import.
    public var seconds = 0.0
    /// Where the time went, for tuning; nil for imports that do not measure it.
    public var timing: ImportTiming?

    public init(file: String) { self.file = file }

    /// Total elements skipped.
    public var skippedCount: Int { skipped.values.reduce(0, +) }

    /// An item left out because it could not be read: where, and why (never its values).
    public struct UnreadableItem: Sendable, Codable, Hashable {
        /// The exact JSON path (`data.metrics[3].data[17].qty`).
        public var path: String
        /// The error's code and message.
        public var reason: String

        /// Creates an entry.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }
}

/// Where an import's time went: CPU seconds of its parser and its writer, and how long each waited.
///
/// An import parses in a task of its own and writes SQLite on the store's writer queue, at the
/// same time; the one that rarely waits is the one that sets the pace.
public struct ImportTiming: Sendable, Codable, Hashable {
    /// CPU seconds of the parser (reading, unzipping, scanning, building rows), on whichever threads it ran.
    public var parseCPUSeconds = 0.0
    /// CPU seconds of the writer (SQLite inserts, on the writer queue's thread), up to the last batch.
    public var writeCPUSeconds = 0.0
    /// Seconds the parser waited because the writer was behind.
    public var parserWaitSeconds = 0.0
    /// Seconds the writer waited for the parser.
    public var writerWaitSeconds = 0.0
    /// Seconds from the last batch to the end of the commit (indexes flushed, journal removed).
    public var commitSeconds = 0.0

    public init() {}

    /// CPU seconds the calling thread has used.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// How far an import has come, for progress bars.
public struct ImportProgress: Sendable {
    /// Bytes of the XML read so far.
    public var bytesDone: Int64
    /// Bytes of the XML in all (0 when unknown).
    public var bytesTotal: Int64
    /// Samples stored so far.
    public var samples: Int

    public init(bytesDone: Int64, bytesTotal: Int64, samples: Int) {
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
        self.samples = samples
    }
}

/// A flag another thread (a Ctrl-C handler) sets to stop an import, which is then rolled back.
public final class ImportCancellation: Sendable {
    private let flag = Locked(false)

    public init() {}

    /// Asks the import to stop at the next chunk.
    public func cancel() { flag.withLock { $0 = true } }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { flag.withLock { $0 } }
}
