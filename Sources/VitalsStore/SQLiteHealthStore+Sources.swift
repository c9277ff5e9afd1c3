import Foundation
import GRDB
public import VitalsCore

extension SQLiteHealthStore {
    public func sources(for type: SampleType?) async throws -> [Source] {
        try await read { db in
            let catalog = SourceCatalog(db)
            guard let type else { return try catalog.all().map(\.ranked.source) }
            let used = Set(
                try Int64.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT s.source_id FROM samples s JOIN types t ON t.id = s.type_id WHERE t.identifier = ?
                        """, arguments: [type.identifier]))
            let candidates = try catalog.all().filter { used.contains($0.id) }
            return try catalog.prioritized(for: type, among: candidates).map(\.ranked.source)
        }
    }

    public func setSourcePriority(_ sources: [String], for type: SampleType) async throws {
        let keys = sources
        try await write { db in
            let known = try SourceCatalog(db).all().map(\.ranked.source)
            for key in keys where !known.contains(where: { $0.name == key || $0.bundleIdentifier == key }) {
                throw VitalsError(.notFound, "no source is named '\(key)'", at: InputLocation(field: "source"))
            }
            let typeID = try SampleWriter.typeID(for: type, in: db)
            try db.execute(sql: "DELETE FROM source_priorities WHERE type_id = ?", arguments: [typeID])
            for (position, key) in keys.enumerated() {
                try db.execute(
                    sql: "INSERT INTO source_priorities (type_id, position, source_key) VALUES (?, ?, ?)",
                    arguments: [typeID, position, key])
            }
        }
        cache.invalidate([type])
    }
}
