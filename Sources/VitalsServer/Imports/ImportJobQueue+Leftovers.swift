import Foundation
import VitalsServerStorage

/// Uploads left behind by a server that stopped without finishing them.
extension ImportJobQueue {
    /// How long an upload no stored job names must have gone unchanged before it is taken for a
    /// leftover: a body still arriving has no job yet, and its file changes as it arrives.
    static let unnamedUploadKept: TimeInterval = 3600

    /// Deletes the uploads (`ID.upload`) in ``directory`` that no server will import; returns their ids.
    ///
    /// A server that crashes (or loses the power) leaves its uploads on disk: their jobs are
    /// reported `interrupted` (see ``interruptedAfter``) but no process deletes the files. At start,
    /// the queue deletes an upload whose job is finished, whose job's owner stopped noting it for
    /// ``interruptedAfter``, or which no stored job names and which has not changed for
    /// ``unnamedUploadKept``. An upload of a server still running (several servers may share the
    /// folder) is kept, as is any file not named `*.upload`. When the repository cannot be read,
    /// nothing is deleted.
    @discardableResult
    func removeLeftovers() async -> [String] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory) else { return [] }
        let suffix = ".upload"
        let ids = names.filter { $0.hasSuffix(suffix) && $0.count > suffix.count }.map {
            String($0.dropLast(suffix.count))
        }
        guard !ids.isEmpty else { return [] }
        let stored: [String: StoredImportJob]
        do {
            stored = Dictionary(
                try await repository.importJobs(ids: ids).map { ($0.job.id, $0) },
                uniquingKeysWith: { first, _ in first })
        } catch {
            logger.warning("could not look for leftover uploads", metadata: ["error": "\(type(of: error))"])
            return []
        }
        let current = now()
        var removed: [String] = []
        var bytes: Int64 = 0
        for id in ids {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(id + suffix).path
            let attributes = try? manager.attributesOfItem(atPath: path)
            let leftover: Bool
            if let job = stored[id] {
                leftover =
                    job.job.state.isFinished
                    || (job.owner != owner && current.timeIntervalSince(job.notedAt) > Self.interruptedAfter)
            } else {
                // The file system's clock, not the server's: the file's time is the disk's.
                let changed = attributes?[.modificationDate] as? Date ?? .distantFuture
                leftover = Date().timeIntervalSince(changed) > Self.unnamedUploadKept
            }
            guard leftover, (try? manager.removeItem(atPath: path)) != nil else { continue }
            removed.append(id)
            bytes += (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        }
        if !removed.isEmpty {
            logger.notice(
                "removed uploads stopped servers left behind",
                metadata: [
                    "uploads": "\(removed.count)", "bytes": "\(bytes)",
                ])
        }
        return removed
    }
}
