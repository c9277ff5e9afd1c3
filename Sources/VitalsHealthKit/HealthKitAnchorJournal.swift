import Foundation
import HealthKit
import Logging
import VitalsCore

/// Maps the store's numeric change anchors to HealthKit's per-type `HKQueryAnchor`s, in a file.
///
/// Each `HKQueryAnchor` is archived with `NSKeyedArchiver` (secure coding), so anchors survive
/// relaunches and new store instances. The newest ``capacity`` anchors are kept; an older or
/// unknown anchor means "from the beginning" (more changes than needed, never fewer).
public final class HealthKitAnchorJournal: Sendable {
    /// One numeric anchor: each type's archived HealthKit anchor.
    struct Contents: Codable {
        var latest: Int64 = 0
        var entries: [String: [String: Data]] = [:]
    }

    /// How many numeric anchors are remembered.
    static let capacity = 32
    /// `Application Support/Vitals/healthkit-anchors.json` in the user's domain.
    public static var defaultFile: URL {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("Vitals", isDirectory: true).appendingPathComponent("healthkit-anchors.json")
    }

    /// The journal's file.
    public let file: URL
    private let contents: Locked<Contents>

    /// Opens the journal at `file`; a missing or unreadable file starts empty (and is logged).
    init(file: URL, logger: Logger) {
        self.file = file
        var loaded = Contents()
        if let data = try? Data(contentsOf: file) {
            do {
                loaded = try JSONDecoder().decode(Contents.self, from: data)
            } catch {
                logger.warning(
                    "HealthKit anchor file unreadable; changes start from the beginning",
                    metadata: ["file": "\(file.path)"])
            }
        }
        contents = Locked(loaded)
    }

    /// The newest numeric anchor handed out.
    var latest: QueryAnchor { QueryAnchor(rawValue: contents.withLock { $0.latest }) }

    /// Each type's HealthKit anchor at `anchor`; empty for nil or a forgotten anchor.
    func anchors(at anchor: QueryAnchor?) -> [String: Data]? {
        guard let anchor else { return nil }
        return contents.withLock { $0.entries[String(anchor.rawValue)] }
    }

    /// Remembers `anchors` under a new numeric anchor, written to the file before it is returned.
    func record(_ anchors: [String: Data]) throws -> QueryAnchor {
        let (anchor, snapshot) = contents.withLock { contents -> (Int64, Contents) in
            contents.latest += 1
            contents.entries[String(contents.latest)] = anchors
            let oldest = contents.latest - Int64(Self.capacity)
            contents.entries = contents.entries.filter { (Int64($0.key) ?? 0) > oldest }
            return (contents.latest, contents)
        }
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(snapshot).write(to: file, options: .atomic)
        } catch {
            throw VitalsError(
                .io, "cannot save HealthKit anchors", at: InputLocation(file: file.path),
                underlying: SendableDescription(error))
        }
        return QueryAnchor(rawValue: anchor)
    }

    /// A HealthKit anchor archived with secure coding.
    static func archive(_ anchor: HKQueryAnchor) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: anchor, requiringSecureCoding: true)
    }

    /// The HealthKit anchor in `data`, or nil when it does not decode.
    static func unarchive(_ data: Data) -> HKQueryAnchor? {
        try? NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: data)
    }
}
