public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of timed backups: how each is named, and which to keep.
///
/// A backup is named `STEM-YYYYMMDDTHHMMSS.mmmZ.EXT` (UTC, to the millisecond), so names sort by time and a folder can
/// hold the backups of several databases, each keeping its own newest ones. Only files of that
/// exact shape are ever removed.
public struct BackupFolder: Sendable {
    /// The folder.
    public let path: String

    /// The folder at `path`.
    public init(path: String) { self.path = path }

    /// The path of a backup of `stem` taken at `date`.
    public func backupPath(stem: String, extension fileExtension: String, at date: Date) -> String {
        URL(fileURLWithPath: path).appendingPathComponent("\(stem)-\(Self.stamp(date)).\(fileExtension)").path
    }

    /// Removes all but the newest `keep` backups of `stem`, and the partial files of its backups
    /// whose process has ended (killed mid-copy); returns the removed backups, oldest first.
    public func prune(stem: String, extension fileExtension: String, keep: Int) throws -> [String] {
        let all = try FileManager.default.contentsOfDirectory(atPath: path)
        let names = all.filter { Self.isBackup($0, stem: stem, extension: fileExtension) }.sorted()
        let removed = names.dropLast(max(0, keep)).map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
        // In steps: a disk with online discard trims a whole backup's blocks at once otherwise,
        // holding up a running server's commits.
        for file in removed { try DurableFile.removeInSteps(file) }
        for name in all where Self.isAbandonedPartial(name, stem: stem, extension: fileExtension) {
            DurableFile.remove(URL(fileURLWithPath: path).appendingPathComponent(name).path)
        }
        return Array(removed)
    }

    /// Whether `name` is `.STEM-STAMP.EXT.partial-PID` of a process that no longer runs.
    static func isAbandonedPartial(_ name: String, stem: String, extension fileExtension: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: ".partial-"),
            isBackup(
                String(name[name.index(after: name.startIndex)..<marker.lowerBound]), stem: stem,
                extension: fileExtension),
            let pid = Int32(name[marker.upperBound...])
        else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// `YYYYMMDDTHHMMSS.mmmZ` in UTC.
    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) % 1000
        return String(
            format: "%04d%02d%02dT%02d%02d%02d.%03dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, milliseconds)
    }

    /// Whether `name` is `STEM-YYYYMMDDTHHMMSS.mmmZ.EXT`.
    static func isBackup(_ name: String, stem: String, extension fileExtension: String) -> Bool {
        let prefix = stem + "-", suffix = "." + fileExtension
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return false }
        let stamp = Array(name.dropFirst(prefix.count).dropLast(suffix.count).utf8)
        guard stamp.count == 20, stamp[8] == UInt8(ascii: "T"), stamp[15] == UInt8(ascii: "."),
            stamp[19] == UInt8(ascii: "Z")
        else { return false }
        return (stamp[0..<8] + stamp[9..<15] + stamp[16..<19]).allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        }
    }
}
