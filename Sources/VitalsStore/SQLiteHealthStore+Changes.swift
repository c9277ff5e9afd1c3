import Foundation
import GRDB
public import VitalsCore

extension SQLiteHealthStore {
    /// The anchor of the latest change (a save, an edit or a deletion, by any process): it only rises.
    public func currentAnchor() async throws -> QueryAnchor {
        try await read { db in QueryAnchor(rawValue: try SampleWriter.currentAnchor(db)) }
    }

    public func changes(since anchor: QueryAnchor?, types: Set<SampleType>?) async throws -> ChangeSet {
        var readable: Set<SampleType>?
        if let types {
            var allowed = Set<SampleType>()
            for type in types where try await mayRead(type) { allowed.insert(type) }
            readable = allowed
        }
        let after = anchor?.rawValue ?? 0
        let filter = readable
        var changes = try await read { db -> ChangeSet in
            let current = try SampleWriter.currentAnchor(db)
            var typeCondition = ""
            if let filter {
                let list = filter.map { "'\($0.identifier.replacingOccurrences(of: "'", with: "''"))'" }.joined(
                    separator: ",")
                typeCondition = " AND t.identifier IN (\(list.isEmpty ? "NULL" : list))"
            }
            let reader = SampleReader(db)
            let added = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(SampleReader.columns) WHERE s.id > ?\(typeCondition) ORDER BY s.id
                    """, arguments: [after]
            ).map(reader.decode)
            let deleted = try Row.fetchAll(
                db,
                sql: """
                    SELECT d.uuid, t.identifier FROM tombstones d JOIN types t ON t.id = d.type_id
                    WHERE d.anchor > ?\(typeCondition) ORDER BY d.anchor
                    """, arguments: [after]
            ).map { DeletedSample(uuid: $0[0], type: SampleType(identifier: $0[1])) }
            return ChangeSet(
                added: added, deleted: deleted, anchor: QueryAnchor(rawValue: max(after, current)),
                unreadableTypes: [])
        }
        var denied = Set<SampleType>()
        if let types, let readable { denied = types.subtracting(readable) }
        if readable == nil {
            for type in Set(changes.added.map(\.type) + changes.deleted.map(\.type)) where !(try await mayRead(type)) {
                denied.insert(type)
            }
            if !denied.isEmpty {
                changes.added.removeAll { denied.contains($0.type) }
                changes.deleted.removeAll { denied.contains($0.type) }
            }
        }
        changes.unreadableTypes = denied
        return changes
    }
}
