import Foundation

/// A bounded hand-off of item batches from the parsing thread to the writing thread.
///
/// Parsing and SQLite writing each take about half of an import; on two cores they overlap.
/// The bound keeps memory flat: the parser waits when the writer falls behind.
final class ItemPipe<Item>: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [[Item]] = []
    private var finished = false
    private var failure: (any Error)?
    private var abandoned = false
    private let capacity: Int

    init(capacity: Int = 8) { self.capacity = capacity }

    /// Hands a batch over, waiting while the pipe is full; false once the reader gave up.
    func push(_ batch: [Item]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= capacity, !abandoned { condition.wait() }
        guard !abandoned else { return false }
        batches.append(batch)
        condition.broadcast()
        return true
    }

    /// Ends the stream, with the error that stopped the producer, if any.
    func finish(_ error: (any Error)?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch; nil at the end; rethrows the producer's error.
    func pop() throws -> [Item]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty, !finished { condition.wait() }
        if !batches.isEmpty {
            let batch = batches.removeFirst()
            condition.broadcast()
            return batch
        }
        if let failure { throw failure }
        return nil
    }

    /// The reader stops early: wakes a waiting producer so it can end.
    func abandon() {
        condition.lock()
        abandoned = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the producer has called `finish`.
    func waitUntilFinished() {
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
    }
}
