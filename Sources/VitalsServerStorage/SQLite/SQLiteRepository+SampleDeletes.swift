import Foundation
import GRDB
import VitalsCore
import VitalsStore

extension SQLiteRepository {
    public func sample(of user: ServerUser, uuid: UUID) async throws -> StoredSample? {
        try await read { db in try Self.sample(of: user, uuid: uuid, in: db) }
    }

    /// The user's sample with this UUID (another user's is never found).
    static func sample(of user: ServerUser, uuid: UUID, in db: Database) throws -> StoredSample? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT s.uuid, t.identifier, s.start, s."end", s.value, s.source_name, s.metadata FROM samples s
                    JOIN types t ON t.id = s.type_id WHERE s.user_id = ? AND s.uuid = ?
                    """), arguments: [user.id, uuid]
        ).map(Self.sample(from:))
    }

    /// Deletes the user's samples with these UUIDs from the source named `sourceName` (any
    /// source when nil); returns the rows deleted.
    static func deleteSamples(
        _ uuids: [UUID], from sourceName: String?, of user: ServerUser,
        in db: Database
    ) throws -> [StoredSample] {
        let delete = try db.cachedStatement(sql: "DELETE FROM samples WHERE user_id = ? AND uuid = ?")
        var deleted: [StoredSample] = []
        for uuid in uuids {
            guard let row = try sample(of: user, uuid: uuid, in: db),
                sourceName == nil || row.sourceName == sourceName
            else { continue }
            try delete.execute(arguments: [user.id, uuid])
            if db.changesCount > 0 { deleted.append(row) }
        }
        let typeIDs = try self.typeIDs(for: Set(deleted.map(\.type)), in: db)
        try invalidateDays(
            of: user.id,
            deleted.compactMap { sample in
                typeIDs[sample.type].map {
                    (typeID: $0, lower: sample.start.timeIntervalSince1970, upper: sample.end.timeIntervalSince1970)
                }
            }, in: db)
        return deleted
    }
}
