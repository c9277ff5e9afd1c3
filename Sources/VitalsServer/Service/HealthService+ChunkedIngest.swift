import Foundation
import Synchronization
import VitalsCore
import VitalsImport
import VitalsServerStorage

/// A Health Auto Export body larger than one chunk (a backfill of a year) stored while it is read.
extension HealthService {
    /// Stores `body` chunk by chunk as ``ingest(_:for:log:)`` stores a whole one, with the same
    /// answer, reading the next chunk while the last is written: reading and writing each take
    /// about half of the work, and on two cores they overlap.
    ///
    /// One transaction, all or nothing: the samples go in as the chunks arrive (each chunk past
    /// the arrival rule, as for the whole body at once, see ``HealthWrite/arrivals(_:in:batch:)``),
    /// then the workouts, the touched days' recomputation (reading the stored samples back), the
    /// quests and the log entry. A document refused whole at its first chunk never gets here; one
    /// with an item a strict parse refuses later rolls everything back and is answered as refused.
    ///
    /// The reader runs in a child task of its own and hands each chunk over an `AsyncStream`;
    /// it reads two chunks ahead at most, waiting until the writer has taken the one before the
    /// last, so memory holds four chunks, not the body's samples.
    func ingestInChunks(
        _ body: HealthAutoExportBody, for user: ServerUser,
        log: IngestLogEntry? = nil
    ) async throws -> IngestReport {
        HealthAutoExportBody.chunked.add(1, ordering: .relaxed)
        let date = now()
        let cutoff = ingestLogCutoff
        let refusal = Refusal()
        do {
            return try await repository.writeTransaction(for: user, alone: true) { store in
                let (chunks, handOver) = AsyncStream.makeStream(of: [StoredSample].self)
                let (taken, take) = AsyncStream.makeStream(of: Void.self)
                return try await withThrowingTaskGroup(of: HealthAutoExportPayload?.self) { group in
                    // One chunk of credit: the reader may be two chunks ahead of the one being written,
                    // which evens out chunks that take longer to read than others (heart rates, nights).
                    take.yield()
                    group.addTask { try await Self.read(body, into: handOver, pacedBy: taken, refusal: refusal) }
                    var written = ChunkTally()
                    for await chunk in chunks {
                        take.yield()
                        try await written.store(chunk, for: user, at: date, in: store)
                    }
                    take.finish()
                    guard let end = try await group.next(), let end else { throw CancellationError() }
                    var report = IngestReport(
                        document: end.report, samples: written.received, workouts: end.items.workouts.count)
                    var write = HealthWrite(
                        workouts: end.items.workouts,
                        recompute: DayRecompute(days: end.items.touched, calendar: user.calendar),
                        returnsSnapshots: false)
                    write.samplesAddedEarlier = written.report.samplesAdded
                    write.samplesRevisedEarlier = written.report.samplesRevised
                    if let log { write.log(report.logged(log, types: written.types), keepingSince: cutoff) }
                    (report.samplesAdded, report.samplesRevised, report.samplesResent) =
                        (written.report.samplesAdded, written.report.samplesRevised, written.report.samplesResent)
                    report.count(try await write.apply(for: user, at: date, in: store))
                    return report
                }
            }
        } catch {
            // The repository reports what failed inside its transaction as its own failure; a
            // refused document is answered as such.
            if let refused = refusal.error.withLock({ $0 }) { throw refused }
            throw error
        }
    }

    /// Reads `body`'s chunks after its first and hands each over, the first included, waiting
    /// before each for the writer to take the one before; returns what the document holds besides
    /// its samples (workouts, days, report), or nil when the writer stopped taking chunks. The
    /// body's reader (with the UUID keys of every sample read: ~30 MB for a year) goes with it.
    private static func read(
        _ body: HealthAutoExportBody, into handOver: AsyncStream<[StoredSample]>.Continuation,
        pacedBy taken: AsyncStream<Void>, refusal: Refusal
    ) async throws -> HealthAutoExportPayload? {
        defer { handOver.finish() }
        var body = body
        var takes = taken.makeAsyncIterator()
        handOver.yield(body.items.samples)
        do {
            while try body.readChunk() {
                guard await takes.next() != nil else { return nil }
                handOver.yield(body.items.samples)
            }
        } catch {
            refusal.error.withLock { $0 = error }
            throw error
        }
        return body.payload
    }

    /// The answer to a document refused after its first chunk, kept for outside the transaction.
    private final class Refusal: Sendable {
        let error = Mutex<APIError?>(nil)
    }

    /// What the chunks stored so far add up to.
    private struct ChunkTally {
        var report = IngestReport()
        var received = 0
        var types: Set<String> = []
        /// The arrival rule's keys of the samples kept so far (``HealthWrite/arrivals(_:in:batch:)``).
        var kept: Set<UInt64> = []
        /// The stored samples earlier chunks replaced. A stored report that the body sends again
        /// in a later chunk than another report of its period is replaced by that one first (the
        /// rule cannot know what later chunks hold) and comes back with its own UUID and content
        /// when its chunk arrives: not counted as added, as when the body is judged whole.
        var replaced: Set<UUID> = []

        /// Stores a chunk's samples past the arrival rule, as one body's samples are.
        mutating func store(
            _ chunk: [StoredSample], for user: ServerUser, at date: Date, in store: any HealthWriteTransaction
        ) async throws {
            received += chunk.count
            for sample in chunk { types.insert(sample.type) }
            let arrivals = try await HealthWrite.arrivals(chunk, in: store, batch: &kept)
            let returning =
                replaced.isEmpty
                ? 0
                : arrivals.kept.count {
                    replaced.contains($0.uuid) && !arrivals.revisions.contains($0.uuid)
                        && !arrivals.restatements.contains($0.uuid)
                }
            replaced.formUnion(arrivals.replaced)
            var write = HealthWrite(samples: arrivals.kept, returnsSnapshots: false)
            (write.replacing, write.revisions, write.restatements) =
                (arrivals.replaced, arrivals.revisions, arrivals.restatements)
            report.count(try await write.apply(for: user, at: date, in: store), resentBefore: arrivals.resent)
            report.samplesAdded -= returning
        }
    }
}
