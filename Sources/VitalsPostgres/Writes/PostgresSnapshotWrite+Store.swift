import Foundation
import Logging
import PostgresNIO
import VitalsCore
import VitalsServerStorage

extension PostgresSnapshotWrite {
    /// Stores snapshot-only writes of one batch together, inside its transaction and under its
    /// users' write locks: one statement upserts every patch, one adds every log entry. Returns
    /// each write's result, nil for the writes left to run alone: those of the users
    /// `withQuests` (evaluated as ``HealthWrite/apply(for:at:in:)`` does) and those upserting a
    /// row that an earlier write of `writes` upserts.
    ///
    /// Any failure throws with the transaction aborted: the caller rolls back and runs each write alone.
    static func store(
        _ writes: [PostgresSnapshotWrite], withQuests: Set<Int64>, on connection: PostgresConnection,
        logger: Logger
    ) async throws -> [HealthWriteResult?] {
        var rows = Set<RowKey>()
        var shared: [Int] = []
        for (index, write) in writes.enumerated() where !withQuests.contains(write.user.id) {
            guard let keys = write.rowKeys, rows.isDisjoint(with: keys) else { continue }
            rows.formUnion(keys)
            shared.append(index)
        }
        guard !shared.isEmpty else { return writes.map { _ in nil } }
        try await upsertPatches(of: shared.map { writes[$0] }, on: connection, logger: logger)
        let logged = shared.filter { writes[$0].logEntry != nil }
        let ids = try await record(logged.map { writes[$0] }, on: connection, logger: logger)
        var results = [HealthWriteResult?](repeating: nil, count: writes.count)
        for index in shared { results[index] = writes[index].result(ingestId: nil) }
        for (index, id) in zip(logged, ids) { results[index] = writes[index].result(ingestId: id) }
        return results
    }

    /// One upsert of every patch of `writes` (no row twice), as ``PostgresWriteTransaction/upsert(_:at:)`` upserts one.
    private static func upsertPatches(
        of writes: [PostgresSnapshotWrite], on connection: PostgresConnection,
        logger: Logger
    ) async throws {
        var statement = PostgresPrepared.SnapshotBatchUpsert()
        for write in writes {
            for patch in write.patches { statement.append(patch, user: write.user.id, time: write.date) }
        }
        for try await _ in try await connection.execute(statement, logger: logger) {}
    }

    /// One statement adding every write's log entry after pruning each user's entries received
    /// before the write's cutoff, as ``PostgresRepository/record(_:for:keepingSince:on:)`` does for
    /// one; returns the new ids in `writes` order.
    private static func record(
        _ writes: [PostgresSnapshotWrite], on connection: PostgresConnection,
        logger: Logger
    ) async throws -> [Int64] {
        guard !writes.isEmpty else { return [] }
        let statement = PostgresPrepared.IngestLogBatchInsert(
            users: writes.map(\.user.id), entries: writes.compactMap(\.logEntry), cutoffs: writes.map(\.logKeptSince))
        var ids = [Int64](repeating: 0, count: writes.count)
        for try await row in try await connection.execute(statement, logger: logger) {
            let (position, id) = try row.decode((Int64, Int64).self)
            ids[Int(position) - 1] = id
        }
        return ids
    }
}
