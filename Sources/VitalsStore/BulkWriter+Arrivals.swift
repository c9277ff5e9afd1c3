public import Foundation
import GRDB
public import VitalsCore

// The arrival rule inside an import's transaction (``VitalsCore/ArrivalRule``).
extension BulkWriter {
    /// The stored samples of `type` starting in `[first, last]` (seconds since 1970, with a
    /// millisecond of margin), as the arrival rule compares them: quantity and category samples
    /// with their value in the type's canonical unit and their source's name; those whose
    /// metadata text contains one of `replacingMarkers` replace the stored ones they overlap.
    public func arrivals(
        of type: SampleType, startingFrom first: Double, through last: Double,
        replacingMarkers: [String] = []
    ) throws -> [ArrivalRule.Arrival] {
        guard
            let typeID = try Int64.fetchOne(
                database, sql: "SELECT id FROM types WHERE identifier = ?",
                arguments: [type.identifier])
        else { return [] }
        let rows = try Row.fetchCursor(
            database.cachedStatement(
                sql: """
                    SELECT s.uuid, s.start, s."end", s.value, src.name, s.metadata
                    FROM samples s JOIN sources src ON src.id = s.source_id
                    WHERE s.type_id = ? AND s.start >= ? AND s.start <= ? AND s.value IS NOT NULL AND s.unit IS NULL
                    """), arguments: [typeID, first - 0.001, last + 0.001])
        var found: [ArrivalRule.Arrival] = []
        while let row = try rows.next() {
            found.append(
                ArrivalRule.Arrival(
                    uuid: row[0], type: type.identifier, start: Date(timeIntervalSince1970: row[1]),
                    end: Date(timeIntervalSince1970: row[2]), value: row[3], source: row[4],
                    replacesOverlapping: (row[5] as String?).map { metadata in
                        replacingMarkers.contains { metadata.contains($0) }
                    } ?? false))
        }
        return found
    }

    /// Deletes the stored samples with these UUIDs (a revision replaced them), leaving tombstones
    /// for anchored change queries; returns how many were deleted.
    @discardableResult
    public mutating func replace(_ uuids: [UUID], at date: Date) throws -> Int {
        guard !uuids.isEmpty else { return 0 }
        var rows: [(id: Int64, uuid: UUID, typeID: Int64)] = []
        let find = try database.cachedStatement(sql: "SELECT id, type_id FROM samples WHERE uuid = ?")
        for uuid in uuids {
            guard let row = try Row.fetchOne(find, arguments: [uuid]) else { continue }
            rows.append((row[0], uuid, row[1]))
            replacedTypes.insert(row[1] as Int64)
        }
        try deleteRows(rows, at: date.timeIntervalSince1970)
        return rows.count
    }
}
