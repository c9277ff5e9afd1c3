import Foundation
import VitalsCore
import VitalsStore

/// An export parsed on a thread of its own, its items handed to the caller in batches.
///
/// What every consumer of an export shares: the local import's `BulkWriter` (on a thread of its
/// own) and a server user's import (``HealthExportStream``, a task) each take the batches and
/// store them their way. The pipe is bounded, so the parser waits when the consumer falls behind.
final class ExportPump: @unchecked Sendable {
    let source: ExportSource
    let producer: ExportProducer
    private let pipe = ItemPipe<ExportItem>()
    private let started = Locked(false)

    init(source: ExportSource, options: HealthExportImporter.Options) {
        self.source = source
        producer = ExportProducer(source: source, options: options, pipe: pipe)
    }

    /// Starts the parsing thread (once).
    func start() {
        let first = started.withLock { wasStarted in
            defer { wasStarted = true }
            return !wasStarted
        }
        guard first else { return }
        let producer = self.producer
        let thread = Thread { producer.run() }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The next batch, waiting for the parser on the caller's thread (the local import's writer
    /// thread); nil at the end; rethrows the parser's error.
    func next() throws -> [ExportItem]? { try pipe.pop() }

    /// The next batch, the task suspended while the parser reads on; nil at the end; rethrows
    /// the parser's error.
    func nextBatch() async throws -> [ExportItem]? { try await pipe.next() }

    /// Stops early (after a failure of the consumer): the parser is told to end and waited for.
    func stop() {
        pipe.abandon()
        if started.withLock({ $0 }) { pipe.waitUntilFinished() }
    }

    /// Tells the progress callback how many samples are stored so far.
    func noteStored(_ count: Int) { producer.samplesStored.withLock { $0 = count } }

    /// What the parser counted; complete once ``next()`` returned nil.
    var parsed: ExportProducer.Result { producer.result.withLock { $0 } }

    /// Seconds the parser waited on a full pipe and the consumer on an empty one.
    var waits: (producer: Double, reader: Double) { pipe.waits }
}
