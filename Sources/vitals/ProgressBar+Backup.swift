import Foundation
import VitalsStore

extension ProgressBar {
    /// A progress callback that draws this bar.
    var backupProgress: @Sendable (BackupProgress) -> Void {
        { [self] progress in update(backup: progress) }
    }

    /// Draws the bar for a backup or a restore: bytes copied of the total, then the check.
    func update(backup progress: BackupProgress) {
        let elapsed = Date().timeIntervalSince(started)
        let line =
            switch progress.phase {
            case .copying: Self.line(copied: progress.bytesDone, of: progress.bytesTotal, elapsed: elapsed)
            case .verifying: "verifying the copy (SQLite's check, row counts, schema)..."
            }
        draw(line)
    }

    /// The text of the bar for `done` of `total` bytes copied after `elapsed` seconds.
    static func line(copied done: Int64, of total: Int64, elapsed: TimeInterval, width: Int = 30) -> String {
        let elapsed = max(elapsed, 0.001)
        let doneMB = Double(done) / 1_000_000, totalMB = Double(total) / 1_000_000
        let fraction = totalMB > 0 ? min(1, doneMB / totalMB) : 0
        let filled = Int(fraction * Double(width))
        let rate = doneMB / elapsed
        let eta = rate > 0 && totalMB > doneMB ? Int((totalMB - doneMB) / rate) : 0
        return String(
            format: "[%@%@] %3.0f%%  %.1f/%.1f MB  %.1f MB/s  ETA %d:%02d  copying",
            String(repeating: "#", count: filled), String(repeating: "-", count: width - filled),
            fraction * 100, doneMB, totalMB, rate, eta / 60, eta % 60)
    }
}
