import Foundation

/// Runs Swift concurrency jobs on the SQLite writer's thread while it holds a transaction open.
///
/// GRDB lets the writer connection be used only on its serial writer queue, and a write's
/// sequence (``HealthWrite/apply(for:at:in:)``) is `async`, written once for both repositories.
/// The batcher's writer therefore opens the transaction and then calls ``drive()``: the jobs of
/// ``SQLiteWriteSession`` (whose executor this is) run right there, on the writer queue, until
/// the session calls ``finish()``. A sequence that only awaits the session's primitives never
/// suspends, so a whole batch usually runs as one job, without a thread hop.
final class SQLiteWriterExecutor: SerialExecutor, @unchecked Sendable {
    // `jobs` and `finished` are guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Runs enqueued jobs on the calling thread until ``finish()`` was called and none are left.
    func drive() {
        condition.lock()
        finished = false
        condition.unlock()
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }

    /// Lets ``drive()`` return once the jobs enqueued so far have run.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }
}
