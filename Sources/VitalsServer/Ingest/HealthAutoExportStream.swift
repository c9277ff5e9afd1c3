import Foundation
import NIOCore
import Synchronization
import VitalsCore
import VitalsImport
import VitalsServerStorage

/// A large Health Auto Export body parsed on a thread of its own, its samples handed to the
/// writer in chunks while the rest is read (``HealthService/ingestStreamed(_:for:log:)``).
///
/// The thread reads the bytes (its own reference to the buffer) exactly as
/// ``HealthAutoExportPayload/read(_:strict:calendar:)`` does; what is not samples (workouts,
/// the days touched, the skip report) comes at the end, as a ``HealthAutoExportPayload`` without
/// samples. A document refused whole (not JSON, no `data`, strict and unreadable) ends the
/// stream with the same ``APIError`` the other path answers. The pipe's bound keeps memory flat:
/// the parser waits while the writer is behind.
final class HealthAutoExportStream: Sendable {
    /// Samples per chunk.
    static let chunkSamples = 20_000
    /// How many bodies were streamed since the process started (tests check the path was taken).
    static let started = Atomic<Int>(0)

    /// A chunk of samples, or the rest of the payload at the end.
    private enum Piece {
        case samples([StoredSample])
        case end(HealthAutoExportPayload)
    }

    private let pipe = ItemPipe<Piece>(capacity: 2)
    private let state = State()

    /// What the parsing thread leaves for the writer.
    private final class State: Sendable {
        /// The payload without its samples, once parsed.
        let ending = Mutex<HealthAutoExportPayload?>(nil)
        /// The answer to a document refused whole.
        let refused = Mutex<APIError?>(nil)
    }

    /// Starts parsing `body` on a new thread, handing samples over `chunkSamples` at a time.
    init(
        _ body: ByteBuffer, parser: HealthAutoExportParser, calendar: Calendar,
        chunkSamples: Int = HealthAutoExportStream.chunkSamples
    ) {
        Self.started.add(1, ordering: .relaxed)
        let pipe = pipe
        let state = state
        let thread = Thread {
            var abandoned = false
            let result = HealthAutoExportPayload.parse(body, parser: parser, calendar: calendar) { payload in
                if abandoned || payload.items.samples.count >= chunkSamples {
                    if !abandoned { abandoned = !pipe.push([.samples(payload.items.samples)]) }
                    payload.items.samples.removeAll(keepingCapacity: true)
                }
            }
            switch result {
            case .success(var payload):
                if !payload.items.samples.isEmpty { _ = pipe.push([.samples(payload.items.samples)]) }
                payload.items.samples = []
                _ = pipe.push([.end(payload)])
                pipe.finish(nil)
            case .failure(let error):
                let refusal = HealthAutoExportPayload.refusal(error)
                state.refused.withLock { $0 = refusal }
                pipe.finish(refusal)
            }
        }
        thread.name = "vitals-hae-parse"
        thread.start()
    }

    /// The next chunk of samples, waiting for the parser; nil after the last, when ``end`` is
    /// set. Throws the ``APIError`` that refused the document.
    func next() throws -> [StoredSample]? {
        while let pieces = try pipe.pop() {
            for piece in pieces {
                switch piece {
                case .samples(let samples): return samples
                case .end(let payload): state.ending.withLock { $0 = payload }
                }
            }
        }
        return nil
    }

    /// What the document had besides its samples, once ``next()`` returned nil.
    var end: HealthAutoExportPayload? { state.ending.withLock { $0 } }

    /// The answer to a document refused whole (not JSON, not Health Auto Export's shape, strict
    /// and unreadable, or nothing readable), once the parser has ended; nil otherwise.
    var refusal: APIError? { state.refused.withLock { $0 } }

    /// Stops early (the write failed): the parser drops the rest.
    func stop() { pipe.abandon() }
}
