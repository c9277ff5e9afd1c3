import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders and file paths for tests, all under one folder per test process that is removed
/// when the process exits.
///
/// Fixtures made a folder in the temporary directory for each test and never removed it; a full
/// run left about 370 MB there. A run that was killed (so never reached its exit handler) leaves
/// its folder; the next run removes the folders of processes no longer alive.
public enum TestFolder {
    private static let prefix = "vitals-tests-"

    /// This process's folder: `vitals-tests-PID` in the temporary directory.
    public static let root: URL = {
        let temporary = FileManager.default.temporaryDirectory
        removeAbandoned(in: temporary)
        let root = temporary.appendingPathComponent("\(prefix)\(getpid())")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestFolder.root) }
        return root
    }()

    /// A path `NAME-UUID` followed by `suffix` in ``root``, not created: for a file or a folder
    /// that the code under test makes.
    public static func path(_ name: String, suffix: String = "") -> String {
        root.appendingPathComponent("\(name)-\(UUID().uuidString)\(suffix)").path
    }

    /// ``path(_:suffix:)`` as a file URL.
    public static func url(_ name: String, suffix: String = "") -> URL {
        URL(fileURLWithPath: path(name, suffix: suffix))
    }

    /// A new empty folder `NAME-UUID` in ``root``.
    public static func make(_ name: String) throws -> URL {
        let folder = url(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Unmounts what a killed run left mounted under `folder` (the full-disk tests' small tmpfs),
    /// deepest first, so the folder can be removed. Needs root, as mounting did; otherwise nothing.
    private static func unmountAll(under folder: String) {
        guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return }
        let points = mounts.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count > 1 else { return nil }
            // The kernel writes a space in a path as \040.
            let point = fields[1].replacingOccurrences(of: "\\040", with: " ")
            return point.hasPrefix(folder + "/") ? point : nil
        }
        #if canImport(Glibc)
        for point in points.sorted(by: { $0.count > $1.count }) { _ = umount(point) }
        #endif
    }

    /// Removes the folders of earlier test processes that are no longer running.
    private static func removeAbandoned(in temporary: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            // ESRCH: no such process. EPERM would mean it runs as another user: keep its folder.
            if kill(pid, 0) != 0, errno == ESRCH {
                let folder = temporary.appendingPathComponent(name)
                unmountAll(under: folder.path)
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }
}
