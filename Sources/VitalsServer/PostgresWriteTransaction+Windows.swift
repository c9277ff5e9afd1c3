import Foundation
import PostgresNIO
import VitalsCore

extension PostgresWriteTransaction {
    /// One statement for all the windows (an ingest's resent check reads one per sample type),
    /// each bounded below by its type's longest sample as ``PostgresRepository/fetchSamples(of:types:in:on:)`` is.
    nonisolated(nonsending) func samples(in windows: [(type: SampleType, window: SampleWindow)]) async throws
        -> [StoredSample] {
        guard windows.count > 1 else {
            guard let only = windows.first else { return [] }
            return try await samples(of: only.type, in: only.window)
        }
        var samples: [StoredSample] = []
        for try await row in try await connection.query("""
            SELECT s.uuid, s.type, s.start_time, s.end_time, s.value, s.source_name, s.metadata
            FROM UNNEST(\(windows.map(\.type.identifier))::text[], \(windows.map(\.window.startFrom))::float8[],
                \(windows.map(\.window.startBefore))::float8[], \(windows.map(\.window.endFrom))::float8[])
                WITH ORDINALITY AS w(t, f, b, e, o)
            CROSS JOIN LATERAL (
                SELECT uuid, type, start_time, end_time, value, source_name, metadata FROM samples
                WHERE user_id = \(user.id) AND type = w.t
                AND start_time >= GREATEST(w.f, w.e - COALESCE((
                    SELECT MAX(longest) FROM sample_durations WHERE user_id = \(user.id) AND type = w.t), 'Infinity'))
                AND start_time < w.b AND end_time >= w.e
            ) s
            ORDER BY w.o, s.start_time, s.uuid
            """, logger: logger).decode(PostgresRepository.SampleRow.self) {
            samples.append(PostgresRepository.sample(from: row))
        }
        return samples
    }
}
