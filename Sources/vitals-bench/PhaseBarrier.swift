import Foundation

/// A meeting point before each measured phase of `vitals-bench load`, shared by files in a folder.
///
/// Two loads run at once (`Benchmarks/pair-benchmark.sh`, one per build) so that whatever the
/// VM does to one it does to the other; their set-up and checks take different times, so each
/// waits here until every party has reached the same phase, and their phases start together.
struct PhaseBarrier {
    /// The folder the parties share; one file per party and phase is made in it.
    var folder: String
    /// How many loads meet here.
    var parties = 2
    /// How long a party waits for the others before it gives up.
    var timeout: TimeInterval = 900

    /// Waits until every party has reached `phase` (a name used once per run).
    func wait(_ phase: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let prefix = "\(phase)."
        let mine = "\(folder)/\(prefix)\(getpid())"
        guard manager.createFile(atPath: mine, contents: nil) else {
            throw BarrierError(description: "could not create \(mine)")
        }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let arrived = (try? manager.contentsOfDirectory(atPath: folder))?.filter { $0.hasPrefix(prefix) }.count ?? 0
            if arrived >= parties { return }
            usleep(2_000)
        }
        throw BarrierError(
            description: "the other load did not reach \(phase) within \(Int(timeout)) s (\(folder))")
    }

    /// Why a party stopped waiting.
    struct BarrierError: Error, CustomStringConvertible {
        var description: String
    }
}
