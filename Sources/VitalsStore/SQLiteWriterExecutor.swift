import Foundation

/// Runs Swift concurrency jobs on the SQLite writer's thread while it holds a transaction open.
///
/// GRDB lets the writer connection be used only on its serial writer queue, while some writes
/// are `async` sequences: the server's write sequence (written once for both of its repositories)
/// and a bulk write that awaits the items it stores (``BulkWriteSession``, an export import
/// awaiting its parser). The writer therefore opens the transaction and then calls ``drive()``:
/// the jobs of the actor whose executor this is run right there, on the writer queue, until the
/// actor calls ``finish()``. A sequence that only awaits the actor's primitives never suspends,
/// so it usually runs as one job, without a thread hop; while it waits for something else, the
/// writer queue's thread sleeps in ``drive()``.
///
/// `@unchecked Sendable`: its state is guarded by the condition's lock, which ``drive()`` must be
/// able to wait on (a `Mutex` cannot wait).
package final class SQLiteWriterExecutor: SerialExecutor, @unchecked Sendable {
    // `jobs` and `finished` are guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    package init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Runs enqueued jobs on the calling thread until ``finish()`` was called and none are left.
    package func drive() {
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
    package func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    /// Starts a task from the writer queue whose work runs on an actor this executor drives.
    ///
    /// Where the runtime has it, `Task.immediate` runs the task's first step right here, so its
    /// first job lands on the actor's executor without waking a thread of the global pool.
    package static func start(_ operation: sending @escaping @isolated(any) () async -> Void) {
        if #available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *) {
            Task.immediate(operation: operation)
        } else {
            Task(operation: operation)
        }
    }
}
