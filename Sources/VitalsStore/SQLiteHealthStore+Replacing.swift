public import Foundation
import GRDB
public import VitalsCore

extension SQLiteHealthStore {
    public func replace(_ uuid: UUID, with replacement: Sample) async throws {
        let sample = try replacement.validated()
        guard let old = try await read({ db in try SampleReader(db).sample(uuid: uuid) }) else {
            throw VitalsError(.notFound, "no sample has UUID \(uuid.uuidString)")
        }
        var types = Set<SampleType>()
        old.collectTypes(into: &types)
        sample.collectTypes(into: &types)
        for type in types { try await requireShare(type) }
        let deletedAt = configuration.now().timeIntervalSince1970
        // Delete and insert in one transaction: if the insert fails (a duplicate UUID, a full
        // disk), the rollback restores the old sample, its members and the change counter.
        let touched = try await write { db -> Set<SampleType> in
            let rows = try Self.rowsReplacing(uuid, in: db)
            var writer = try SampleWriter(db)
            try writer.delete(rows.map { ($0.id, $0.uuid, $0.typeID) }, at: deletedAt)
            try writer.insert(sample, duplicates: .fail)
            try writer.finish()
            return writer.touchedTypes.union(rows.map { SampleType(identifier: $0.identifier) })
        }
        cache.invalidate(touched)
        broadcaster.publish(touched)
    }

    /// The rows an edit of `uuid` removes: the sample and, for a correlation, its members.
    private static func rowsReplacing(
        _ uuid: UUID, in db: Database
    ) throws
        -> [(id: Int64, uuid: UUID, typeID: Int64, identifier: String)]
    {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT s.id, s.type_id, t.identifier FROM samples s JOIN types t ON t.id = s.type_id WHERE s.uuid = ?
                    """, arguments: [uuid])
        else {
            throw VitalsError(.notFound, "no sample has UUID \(uuid.uuidString)")
        }
        var rows: [(id: Int64, uuid: UUID, typeID: Int64, identifier: String)] = [(row[0], uuid, row[1], row[2])]
        if SampleType(identifier: row[2]).kind == .correlation {
            for member in try Row.fetchAll(
                db,
                sql: """
                    SELECT s.id, s.uuid, s.type_id, t.identifier FROM sample_links l
                    JOIN samples s ON s.id = l.child_id JOIN types t ON t.id = s.type_id WHERE l.parent_id = ?
                    """, arguments: [row[0] as Int64])
            {
                rows.append((member[0], member[1], member[2], member[3]))
            }
        }
        return rows
    }
}
