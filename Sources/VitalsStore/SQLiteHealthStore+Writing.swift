public import Foundation
import GRDB
public import VitalsCore

extension SQLiteHealthStore {
    public func save(_ samples: [Sample], duplicates: DuplicatePolicy) async throws -> SaveSummary {
        var validated: [Sample] = []
        validated.reserveCapacity(samples.count)
        for (index, sample) in samples.enumerated() {
            do {
                validated.append(try sample.validated())
            } catch {
                throw samples.count == 1 ? error : error.located(InputLocation(field: "samples[\(index)]"))
            }
        }
        var types = Set<SampleType>()
        for sample in validated { sample.collectTypes(into: &types) }
        for type in types { try await requireShare(type) }
        let batch = validated
        var (summary, touched) = try await write { db in
            var writer = try SampleWriter(db)
            for sample in batch { try writer.insert(sample, duplicates: duplicates) }
            try writer.finish()
            return (writer.summary, writer.touchedTypes)
        }
        cache.invalidate(touched)
        broadcaster.publish(touched)
        summary.saved = batch
        return summary
    }

    public func delete(_ uuids: [UUID]) async throws -> Int {
        guard !uuids.isEmpty else { return 0 }
        let targetTypes = try await read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT t.identifier FROM samples s JOIN types t ON t.id = s.type_id
                    WHERE s.uuid IN (\(uuids.map { _ in "?" }.joined(separator: ",")))
                    """, arguments: StatementArguments(uuids))
        }
        for identifier in targetTypes { try await requireShare(SampleType(identifier: identifier)) }
        let deletedAt = configuration.now().timeIntervalSince1970
        let targets = uuids
        let (count, touched) = try await write { db -> (Int, Set<SampleType>) in
            var rows: [(id: Int64, uuid: UUID, typeID: Int64, identifier: String)] = []
            var seen = Set<Int64>()
            for uuid in targets {
                guard
                    let row = try Row.fetchOne(
                        db,
                        sql: """
                            SELECT s.id, s.type_id, t.identifier FROM samples s JOIN types t ON t.id = s.type_id
                            WHERE s.uuid = ?
                            """, arguments: [uuid])
                else {
                    throw VitalsError(.notFound, "no sample has UUID \(uuid.uuidString)")
                }
                let id: Int64 = row[0]
                guard seen.insert(id).inserted else { continue }
                rows.append((id, uuid, row[1], row[2]))
                if SampleType(identifier: row[2]).kind == .correlation {
                    let members = try Row.fetchAll(
                        db,
                        sql: """
                            SELECT s.id, s.uuid, s.type_id, t.identifier FROM sample_links l
                            JOIN samples s ON s.id = l.child_id JOIN types t ON t.id = s.type_id
                            WHERE l.parent_id = ?
                            """, arguments: [id])
                    for member in members where seen.insert(member[0]).inserted {
                        rows.append((member[0], member[1], member[2], member[3]))
                    }
                }
            }
            var writer = try SampleWriter(db)
            try writer.delete(rows.map { ($0.id, $0.uuid, $0.typeID) }, at: deletedAt)
            return (rows.count, Set(rows.map { SampleType(identifier: $0.identifier) }))
        }
        cache.invalidate(touched)
        broadcaster.publish(touched)
        return count
    }
}

extension Sample {
    /// This sample's type and those of its members and associated samples.
    func collectTypes(into types: inout Set<SampleType>) {
        types.insert(type)
        switch content {
        case .workout(let workout): for child in workout.associatedSamples { child.collectTypes(into: &types) }
        case .correlation(let members): for member in members { member.collectTypes(into: &types) }
        default: break
        }
    }
}
