import Foundation

/// Reads health data with HealthKit's query semantics: the one protocol code above the stores uses.
///
/// Samples match predicates exactly as `HKQuery.predicateForSamples` does, statistics merge
/// sources by priority and take sleep as the union of asleep intervals. A local
/// `SQLiteHealthStore` (VitalsStore), the HealthKit adapter and a server user's view of the server's
/// repository all answer it, so insights, the dashboard and exports are written once.
public protocol HealthReader: Sendable {
    /// Samples of `type` matching `predicate`, oldest start first.
    func samples(
        of type: SampleType, matching predicate: SamplePredicate, limit: Int?
    ) async throws
        -> QueryResult<[Sample]>

    /// A statistics collection: one entry per bucket of the query.
    func statistics(_ query: StatisticsQuery) async throws -> QueryResult<[Statistics]>

    /// The sources that have samples of `type` (of any type when `nil`), in priority order for `type`.
    func sources(for type: SampleType?) async throws -> [Source]
}

extension HealthReader {
    /// Samples of `type` matching `predicate`, all of them.
    public func samples(
        of type: SampleType, matching predicate: SamplePredicate = SamplePredicate()
    )
        async throws -> QueryResult<[Sample]>
    {
        try await samples(of: type, matching: predicate, limit: nil)
    }
}
