import Foundation
import PostgresNIO
import VitalsCore
import VitalsServerStorage

extension PostgresWriteTransaction {
    /// One statement for all the windows (an ingest's resent check reads one per sample type):
    /// ``PostgresPrepared/SamplesInWindows``.
    nonisolated(nonsending) func samples(
        in windows: [(type: SampleType, window: SampleWindow)]
    ) async throws
        -> [StoredSample]
    {
        guard windows.count > 1 else {
            guard let only = windows.first else { return [] }
            return try await samples(of: only.type, in: only.window)
        }
        var samples: [StoredSample] = []
        let statement = PostgresPrepared.SamplesInWindows(
            userID: user.id,
            windows: windows.map { ($0.type.identifier, $0.window) })
        for try await row in try await connection.execute(statement, logger: logger) {
            samples.append(PostgresRepository.sample(from: try row.decode(PostgresRepository.SampleRow.self)))
        }
        return samples
    }
}
