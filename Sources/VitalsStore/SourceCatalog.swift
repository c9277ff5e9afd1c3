import Foundation
import GRDB
import VitalsCore

/// The `sources` table as Core's priority rules see it.
struct SourceCatalog {
    let db: Database

    init(_ db: Database) { self.db = db }

    /// Every source with its row id, watch/phone flags and order of first appearance.
    func all() throws -> [(id: Int64, ranked: RankedSource)] {
        try Row.fetchAll(db, sql: "SELECT id, name, bundle_identifier, is_watch, is_phone FROM sources ORDER BY id")
            .map { row in
                let id: Int64 = row[0]
                return (
                    id,
                    RankedSource(
                        source: Source(name: row[1], bundleIdentifier: row[2]),
                        isWatch: row[3], isPhone: row[4], firstSeen: Int(id))
                )
            }
    }

    /// Row ids of the sources a filter lets through, or `nil` for every source.
    func ids(matching filter: SourceFilter) throws -> [Int64]? {
        if case .all = filter { return nil }
        return try all().filter { filter.matches($0.ranked.source) }.map(\.id)
    }

    /// The user's explicit priority list for a type (names or bundle identifiers).
    func explicitPriority(for type: SampleType) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT p.source_key FROM source_priorities p JOIN types t ON t.id = p.type_id
                WHERE t.identifier = ? ORDER BY p.position
                """, arguments: [type.identifier])
    }

    /// Sources in merge priority for `type`: explicit ones first, then watches, iPhones, the rest.
    func prioritized(
        for type: SampleType, among candidates: [(id: Int64, ranked: RankedSource)]? = nil
    ) throws
        -> [(id: Int64, ranked: RankedSource)]
    {
        let pool = try candidates ?? all()
        let ordered = SourcePriority.order(pool.map(\.ranked), explicit: try explicitPriority(for: type))
        let idBySource = Dictionary(pool.map { ($0.ranked.source, $0.id) }, uniquingKeysWith: { a, _ in a })
        return ordered.map { (idBySource[$0.source]!, $0) }
    }
}
