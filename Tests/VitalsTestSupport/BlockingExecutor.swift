import Foundation

/// A task executor for code that blocks: every job gets a thread, new ones when all are busy.
///
/// Swift concurrency's own threads are as many as the cores (two here), and a test that blocks
/// one (a child process, a raw socket, chromedriver, `usleep`) holds up every other test in the
/// process: in-process servers stop answering and live tests time out. Under this executor's
/// preference (``blocking(_:)``, the ``Trait/mayBlock`` trait) such code blocks a thread of its
/// own instead, and keeps its task-local values, so `#expect` still records to its test.
/// Threads idle for 10 s end.
public final class BlockingExecutor: TaskExecutor, @unchecked Sendable {
    /// The one executor the tests share.
    public static let shared = BlockingExecutor()

    /// Guards `jobs` and `idle`; waiting threads wait on it.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    /// Threads waiting for a job (woken or not).
    private var idle = 0

    /// Whether the current task runs under this executor's preference because it may block
    /// (the ``Trait/mayBlock`` trait): then a server it starts (``ApplicationProtocol/testOnOwnThreads(_:_:)``)
    /// leaves it there.
    @TaskLocal public static var preferred = false

    /// The name of this executor's threads.
    public static let threadName = "vitals-blocking"

    private init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        // Each job not yet taken has a thread waiting for it, or gets a new one: a job never
        // waits behind one that blocks.
        let spawn = jobs.count > idle
        condition.signal()
        condition.unlock()
        if spawn {
            // Named on the thread itself, through the kernel: on Linux a name set before the start is
            // not applied (the thread keeps its creator's), nor is `Thread.current.name` set
            // before Foundation has noted the thread's id (a race seen in full runs); a name
            // longer than 15 bytes is refused.
            Thread { [self] in
                Self.nameCurrentThread()
                work()
            }.start()
        }
    }

    /// The calling thread's name as the system has it (what `gdb` and `top -H` show).
    public static var currentThreadName: String {
        #if os(Linux)
        // Glibc's pthread_getname_np is not imported into Swift; the kernel's copy is the same.
        let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return name.trimmingCharacters(in: .newlines)
        #else
        return Thread.current.name ?? ""
        #endif
    }

    private static func nameCurrentThread() {
        #if os(Linux)
        // As pthread_setname_np does (not imported into Swift either).
        try? Data(threadName.utf8).write(to: URL(fileURLWithPath: "/proc/thread-self/comm"))
        #else
        Thread.current.name = threadName
        #endif
    }

    private func work() {
        condition.lock()
        while true {
            if !jobs.isEmpty {
                let job = jobs.removeFirst()
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
                condition.lock()
                continue
            }
            idle += 1
            let woken = condition.wait(until: Date(timeIntervalSinceNow: 10))
            idle -= 1
            if !woken && jobs.isEmpty {
                condition.unlock()
                return
            }
        }
    }
}
