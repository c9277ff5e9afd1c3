import Foundation

/// Apple documentation: "HKAsyncQuery". A query descriptor that runs once with `result(for:)`.
public protocol HKAsyncQuery {
    /// Apple documentation: "HKAsyncQuery.Output".
    associatedtype Output
    /// Apple documentation: "result(for:)" (HKAsyncQuery).
    func result(for healthStore: HKHealthStore) async throws -> Self.Output
}
