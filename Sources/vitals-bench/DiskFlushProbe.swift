import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Times the machine's disk flushes while a run goes on: an 8 KiB write and `fdatasync`
/// every 50 ms to a small file of its own, from a thread of its own.
///
/// A database's commit waits for such a flush of its log. When the disk stalls (a virtual
/// machine's storage shared with others, or its own writeback of dirty pages), every commit
/// in flight waits with it: on this benchmark's VM, PostgreSQL's slow commits came at the
/// same instants as this probe's slow flushes. So a run's tail latency is read beside them,
/// as its throughput is beside the host's CPU steal time. Twenty flushes a second are little
/// beside a loaded database's hundreds, and a stall long enough to matter still catches one.
final class DiskFlushProbe: @unchecked Sendable {
    /// What the probe saw.
    struct Summary {
        /// How many flushes it timed.
        let count: Int
        /// The 99th percentile and the longest flush, in milliseconds.
        let p99Milliseconds: Double
        let maxMilliseconds: Double
        /// How many flushes took longer than 10 ms.
        let over10Milliseconds: Int
    }

    private let path: String
    private let lock = NSLock()
    private var milliseconds: [Double] = []
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    /// Starts timing flushes of a new file in `directory` (on the disk the database writes to).
    init(directory: String) {
        path = directory + "/disk-flush-probe-\(UUID().uuidString.prefix(8))"
        let thread = Thread { [self] in probe() }
        thread.name = "disk-flush-probe"
        thread.start()
    }

    /// Stops the probe, removes its file and returns what it saw; nil when it could not write.
    func finish() -> Summary? {
        lock.withLock { stopped = true }
        done.wait()
        try? FileManager.default.removeItem(atPath: path)
        let sorted = lock.withLock { milliseconds }.sorted()
        guard let longest = sorted.last else { return nil }
        return Summary(
            count: sorted.count, p99Milliseconds: sorted[min(sorted.count - 1, sorted.count * 99 / 100)],
            maxMilliseconds: longest, over10Milliseconds: sorted.filter { $0 > 10 }.count)
    }

    private func probe() {
        defer { done.signal() }
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x78, count: 8192)
        var round = 0
        while !lock.withLock({ stopped }) {
            let written = block.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress, $0.count, off_t(round % 128) * 8192)
            }
            guard written == 8192 else { return }
            let start = DispatchTime.now().uptimeNanoseconds
            #if canImport(Glibc)
            guard fdatasync(descriptor) == 0 else { return }
            #else
            guard fsync(descriptor) == 0 else { return }
            #endif
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            lock.withLock { milliseconds.append(elapsed) }
            round += 1
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}
