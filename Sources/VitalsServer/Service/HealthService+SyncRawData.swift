import Foundation
import VitalsServerStorage

extension HealthService {
    /// Applies `write` for `user`, keeping `raw` (a sync's raw data, when it has some) in the same
    /// transaction: both are stored, or neither.
    ///
    /// Without raw data this is the repository's own ``HealthWriteStore/apply(_:for:at:)``, so a
    /// sync without it keeps every path that has (PostgreSQL's shared snapshot writes included).
    func apply(
        _ write: HealthWrite, keeping raw: SyncRawData?, for user: ServerUser, at date: Date
    ) async throws
        -> HealthWriteResult
    {
        guard let raw else { return try await repository.apply(write, for: user, at: date) }
        return try await repository.writeTransaction(for: user) { store in
            let result = try await write.apply(for: user, at: date, in: store)
            try await store.keep(raw)
            return result
        }
    }
}
