import Foundation

/// A bounded hand-off of item batches from the parsing thread to the writer.
///
/// Parsing and SQLite writing each take about half of an import; on two cores they overlap.
/// The bound keeps memory flat: the parser, on a thread of its own, waits when the writer falls
/// behind. The writer takes batches on a thread of its own too (``pop()``, the local import), or
/// as a task that suspends while the pipe is empty (``next()``, a server's import), so no thread
/// of Swift's concurrency pool ever waits on it.
///
/// `@unchecked Sendable`: its state is guarded by the condition's lock, which the producer must
/// be able to wait on (a `Mutex` cannot wait).
public final class ItemPipe<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// The task waiting in ``next()`` for a batch, when the pipe is empty.
    private var waiter: CheckedContinuation<[Item]?, any Error>?
    private var batches: [[Item]] = []
    private var finished = false
    private var failure: (any Error)?
    private var abandoned = false
    private let capacity: Int
    /// Nanoseconds the producer spent waiting for room, and the reader waiting for batches.
    private(set) var producerWaitNanoseconds: UInt64 = 0
    private(set) var readerWaitNanoseconds: UInt64 = 0

    /// A pipe holding at most `capacity` batches.
    public init(capacity: Int = 8) { self.capacity = capacity }

    /// Seconds the producer waited on a full pipe and the reader on an empty one (read at the end).
    public var waits: (producer: Double, reader: Double) {
        condition.lock()
        defer { condition.unlock() }
        return (Double(producerWaitNanoseconds) / 1e9, Double(readerWaitNanoseconds) / 1e9)
    }

    /// Hands a batch over, waiting while the pipe is full; false once the reader gave up.
    public func push(_ batch: [Item]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if batches.count >= capacity, !abandoned {
            let started = DispatchTime.now().uptimeNanoseconds
            while batches.count >= capacity, !abandoned { condition.wait() }
            producerWaitNanoseconds += DispatchTime.now().uptimeNanoseconds - started
        }
        guard !abandoned else { return false }
        if let waiter {
            // The writer is suspended on an empty pipe: the batch goes to it directly.
            self.waiter = nil
            waiter.resume(returning: batch)
            return true
        }
        batches.append(batch)
        condition.broadcast()
        return true
    }

    /// Ends the stream, with the error that stopped the producer, if any.
    public func finish(_ error: (any Error)?) {
        condition.lock()
        finished = true
        failure = error
        let waiter = self.waiter
        self.waiter = nil
        condition.broadcast()
        condition.unlock()
        if let error { waiter?.resume(throwing: error) } else { waiter?.resume(returning: nil) }
    }

    /// The next batch, suspending the task (not blocking its thread) while the pipe is empty;
    /// nil at the end; rethrows the producer's error. One task at a time may wait.
    public func next() async throws -> [Item]? {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            defer { condition.unlock() }
            if !batches.isEmpty {
                continuation.resume(returning: batches.removeFirst())
                condition.broadcast()
            } else if finished {
                if let failure { continuation.resume(throwing: failure) } else { continuation.resume(returning: nil) }
            } else {
                waiter = continuation
            }
        }
    }

    /// The next batch; nil at the end; rethrows the producer's error.
    public func pop() throws -> [Item]? {
        condition.lock()
        defer { condition.unlock() }
        if batches.isEmpty, !finished {
            let started = DispatchTime.now().uptimeNanoseconds
            while batches.isEmpty, !finished { condition.wait() }
            readerWaitNanoseconds += DispatchTime.now().uptimeNanoseconds - started
        }
        if !batches.isEmpty {
            let batch = batches.removeFirst()
            condition.broadcast()
            return batch
        }
        if let failure { throw failure }
        return nil
    }

    /// The reader stops early: wakes a waiting producer so it can end.
    public func abandon() {
        condition.lock()
        abandoned = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the producer has called `finish`.
    public func waitUntilFinished() {
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
    }
}
