import Foundation
import VitalsCore

/// A sample read from a Health Auto Export document, before it gets its UUID and is validated.
///
/// Identity: the UUID is `DeterministicUUID.make` over `hae1|type|start ms|end ms|value|source`,
/// where value is the number(s) as the document gave them (Swift's shortest spelling of each
/// parsed number) with the document's unit string, so the identity does not depend on Vitals'
/// conversion tables, and source is the name as sent (empty for none). The n-th repeat of an identical item in one document
/// (n ≥ 1) appends `|#n`, so two genuinely identical items stay two samples while a document
/// sent again yields exactly the same UUIDs. Workouts use `hae1|workout|<id>` instead.
struct HealthAutoExportDraft {
    /// The sample, in canonical units, with a placeholder UUID.
    var sample: Sample
    /// The content key the UUID is derived from.
    var identity: String
    /// The item it came from; its path (`data.metrics[3].data[17]`) is spelled only for errors.
    var item: JSONObjectReader
    /// The JSON path of the item it came from.
    var path: String { item.path }
    /// The path of the `units` member that `Sample.validated()`'s field `unit` refers to.
    var unitsPath: String?
    /// Members of the item that `Sample.validated()`'s field names refer to (`value` → `qty`);
    /// an empty name means the item itself.
    var fields: [String: String]

    init(sample: Sample, identity: String, item: JSONObjectReader, unitsPath: String? = nil, fields: [String: String]) {
        self.sample = sample
        self.identity = identity
        self.item = item
        self.unitsPath = unitsPath
        self.fields = fields
    }

    /// The UUID drafts carry until ``HealthAutoExportReader/finishDrafts()`` gives them theirs (making a
    /// random one per sample would cost more than the rest of the parse).
    static let placeholder = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// Whole milliseconds since 1970 as a key writes them, the precision the app's timestamps have.
    ///
    /// Total: an instant beyond `Int64` milliseconds (which no timestamp the parser reads, and no
    /// duration it accepts, reaches) is written as the rounded `Double` instead of trapping.
    static func milliseconds(_ date: Date) -> String {
        switch wholeMilliseconds(date) {
        case .whole(let whole): String(whole)
        case .beyond(let rounded): rounded.description
        }
    }

    /// `date`'s whole milliseconds since 1970, or the rounded `Double` when `Int64` cannot hold them.
    static func wholeMilliseconds(_ date: Date) -> KeyMilliseconds {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard let whole = Int64(exactly: milliseconds) else { return .beyond(milliseconds) }
        return .whole(whole)
    }

    /// An instant as a key writes it: whole milliseconds, or beyond `Int64`.
    enum KeyMilliseconds {
        case whole(Int64)
        case beyond(Double)
    }
}

/// Field-name maps for drafts (`value` → `qty`, `end` → `date`), one dictionary per distinct
/// pair instead of one per item.
struct HealthAutoExportFieldMaps {
    private var maps: [String: [String: String]] = [:]

    /// The map naming `value` and `end` after the item's members `value` and `end`.
    mutating func value(_ value: String, end: String) -> [String: String] {
        let key = value + "|" + end
        if let map = maps[key] { return map }
        let map = ["value": value, "end": end]
        maps[key] = map
        return map
    }
}

// Finishing drafts: each gets its UUID and is validated, then waits in `pending`.
extension HealthAutoExportReader {
    /// Gives the drafts so far their deterministic UUIDs (see ``HealthAutoExportDraft``),
    /// validates them and appends them to ``pending``. A draft that fails validation is left out and
    /// reported, located at the document field it came from, or thrown when strict.
    mutating func finishDrafts() throws(VitalsError) {
        guard !drafts.isEmpty else { return }
        defer { drafts.removeAll(keepingCapacity: true) }
        // By index, changing each draft in place: copying a draft (its sample, item and maps)
        // cost more than the rest of finishing it.
        for index in drafts.indices {
            let identity = drafts[index].identity
            let first = DeterministicUUID.make(identity)
            let bits = withUnsafeBytes(of: first.uuid) { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) }
            let occurrence = seen[bits, default: 0]
            seen[bits] = occurrence + 1
            let key = occurrence == 0 ? identity : "\(identity)|#\(occurrence)"
            drafts[index].sample.uuid = occurrence == 0 ? first : DeterministicUUID.make(key)
            if case .correlation(var members) = drafts[index].sample.content {
                for member in members.indices {
                    members[member].uuid = DeterministicUUID.make("\(key)|\(members[member].type.identifier)")
                }
                drafts[index].sample.content = .correlation(members)
            }
            do {
                pending.append(try drafts[index].sample.validated())
            } catch {
                let draft = drafts[index]
                let located = VitalsError(
                    error.code, error.message,
                    at: InputLocation(file: file, field: Self.documentField(of: error, in: draft)))
                if strict { throw located }
                unreadable.append(located)
                skips.unreadable(name(ofItemAt: draft.path), located)
            }
        }
    }

    /// The document path of the field a validation error names.
    private static func documentField(of error: VitalsError, in draft: HealthAutoExportDraft) -> String {
        guard let field = error.location?.field else { return draft.path }
        if field == "unit", let unitsPath = draft.unitsPath { return unitsPath }
        // "members[0].value" or "statistics[1].unit": map the whole name, else its head.
        var member = draft.fields[field]
        if member == nil, let dot = field.firstIndex(of: ".") { member = draft.fields[String(field[..<dot])] }
        guard let member, !member.isEmpty else { return draft.path }
        return "\(draft.path).\(member)"
    }
}
