import Foundation
import VitalsCore
import VitalsExport
import VitalsImport

/// A one-line progress bar on stderr: bar, percent, MB done of total, MB/s, ETA and samples stored.
///
/// On a terminal the line is redrawn in place (carriage return, then erase to the end of the
/// line); elsewhere (a pipe, a log) each update is a line of its own.
final class ProgressBar: Sendable {
    let started = Date()
    /// Held while a line is written, so lines from two tasks never interleave.
    private let lock = Locked(())
    /// Redraw one line in place (a terminal), or print a line per update (a pipe or log).
    private let redraw: Bool

    init(redraw: Bool) { self.redraw = redraw }

    func update(_ progress: ImportProgress) {
        lock.withLock { _ in
            let line = Self.line(for: progress, elapsed: Date().timeIntervalSince(started))
            FileHandle.standardError.write(Data((redraw ? "\r" + line + "\u{1B}[K" : line + "\n").utf8))
        }
    }

    /// Draws the bar for a copy of rows (`vitals migrate`): `done` of `total`, now copying `user`.
    func update(rows done: Int, of total: Int, user: String) {
        lock.withLock { _ in
            let line = Self.line(rows: done, of: total, user: user, elapsed: Date().timeIntervalSince(started))
            FileHandle.standardError.write(Data((redraw ? "\r" + line + "\u{1B}[K" : line + "\n").utf8))
        }
    }

    /// Draws the bar for an export: types walked of those to walk, samples written and their rate.
    func update(export progress: ExportProgress) {
        lock.withLock { _ in
            let line = Self.line(export: progress, elapsed: Date().timeIntervalSince(started))
            FileHandle.standardError.write(Data((redraw ? "\r" + line + "\u{1B}[K" : line + "\n").utf8))
        }
    }

    /// Writes `line` in place on a terminal, else as a line of its own.
    func draw(_ line: String) {
        lock.withLock { _ in
            FileHandle.standardError.write(Data((redraw ? "\r" + line + "\u{1B}[K" : line + "\n").utf8))
        }
    }

    func finish() {
        if redraw { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    /// The text of the bar for `progress` after `elapsed` seconds.
    static func line(for progress: ImportProgress, elapsed: TimeInterval, width: Int = 30) -> String {
        let elapsed = max(elapsed, 0.001)
        let done = Double(progress.bytesDone) / 1_000_000
        let total = Double(progress.bytesTotal) / 1_000_000
        let rate = done / elapsed
        let fraction = total > 0 ? min(1, done / total) : 0
        let filled = Int(fraction * Double(width))
        let eta = rate > 0 && total > done ? Int((total - done) / rate) : 0
        return String(
            format: "[%@%@] %3.0f%%  %.1f/%.1f MB  %.1f MB/s  ETA %d:%02d  %d samples",
            String(repeating: "#", count: filled), String(repeating: "-", count: width - filled),
            fraction * 100, done, total, rate, eta / 60, eta % 60, progress.samples)
    }

    /// The text of the bar for `done` of `total` rows after `elapsed` seconds.
    static func line(rows done: Int, of total: Int, user: String, elapsed: TimeInterval, width: Int = 30) -> String {
        let elapsed = max(elapsed, 0.001)
        let rate = Double(done) / elapsed
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let filled = Int(fraction * Double(width))
        let eta = rate > 0 && total > done ? Int(Double(total - done) / rate) : 0
        return String(
            format: "[%@%@] %3.0f%%  %d/%d rows  %.0f rows/s  ETA %d:%02d  %@",
            String(repeating: "#", count: filled), String(repeating: "-", count: width - filled),
            fraction * 100, done, total, rate, eta / 60, eta % 60, user)
    }

    /// The text of the bar for an export's `progress` after `elapsed` seconds.
    static func line(export progress: ExportProgress, elapsed: TimeInterval, width: Int = 30) -> String {
        let elapsed = max(elapsed, 0.001)
        let fraction = progress.typesTotal > 0 ? min(1, Double(progress.typesDone) / Double(progress.typesTotal)) : 0
        let filled = Int(fraction * Double(width))
        return String(
            format: "[%@%@] %3.0f%%  %d/%d types  %d samples  %.0f samples/s",
            String(repeating: "#", count: filled), String(repeating: "-", count: width - filled),
            fraction * 100, progress.typesDone, progress.typesTotal, progress.samples,
            Double(progress.samples) / elapsed)
    }
}
