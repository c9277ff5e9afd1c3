import Foundation
import VitalsCore
import VitalsServerStorage
import VitalsStore

/// One server user's stored samples, read with HealthKit's query semantics (``HealthReader``),
/// with their workouts' routes and their activity summaries (``ActivityReader``).
///
/// The same answers a local `SQLiteHealthStore` gives for the same samples: predicates match
/// as `HKQuery.predicateForSamples`, statistics merge sources (watches, then iPhones, then the
/// rest by name: the server keeps no first-appearance order) and take sleep as the union of
/// asleep intervals, with Core's engine. The server keeps a sample's source by name only, so
/// sources read back without a bundle identifier (but the dashboard's own), and every type is
/// readable. Foods are the correlations the dashboard stored (``StoredFood``). Samples come with
/// their metadata; workouts as ``workouts(matching:limit:)`` describes. Daily statistics go
/// through the repository's per-day cache (``DailyStatisticsStoring``) when it keeps one.
public struct ServerHealthReader: HealthReader {
    /// Where the samples are.
    public let repository: any HealthRecordReader
    /// Whose samples are read.
    public let user: ServerUser
    /// Whether daily statistics (and a discrete type's longer buckets of whole days) are read
    /// from and kept in the repository's per-day cache, when it has one. Default true.
    public var cachesDailyStatistics: Bool

    /// A reader of `user`'s samples in `repository`, using its per-day cache unless `cachesDailyStatistics` is false.
    public init(repository: any HealthRecordReader, user: ServerUser, cachesDailyStatistics: Bool = true) {
        self.repository = repository
        self.user = user
        self.cachesDailyStatistics = cachesDailyStatistics
    }

    /// Workouts are read by ``workouts(matching:limit:)``: whole as an export stored them, or
    /// built from their records.
    public func samples(
        of type: SampleType, matching predicate: SamplePredicate, limit: Int?
    ) async throws
        -> QueryResult<[Sample]>
    {
        if type == .workout { return QueryResult(try await workouts(matching: predicate, limit: limit)) }
        if type == .food { return QueryResult(try await foods(matching: predicate, limit: limit)) }
        let stored = try await repository.samples(
            of: user, type: type, startingBefore: predicate.end,
            endingFrom: predicate.start)
        var samples: [Sample] = []
        for row in stored {
            if let limit, samples.count >= limit { break }
            guard let sample = row.sample, predicate.matches(sample) else { continue }
            samples.append(sample)
        }
        return QueryResult(samples)
    }

    public func statistics(_ query: StatisticsQuery) async throws -> QueryResult<[Statistics]> {
        try query.validate()
        if let cached = try await cachedStatistics(query) { return QueryResult(cached) }
        return QueryResult(try await series(query).statistics(query))
    }

    /// The sources of workouts (for `.workout` and for any type) are those of
    /// ``workouts(matching:limit:)``.
    public func sources(for type: SampleType?) async throws -> [Source] {
        var names = type == .workout ? [] : try await repository.sourceNames(of: user, type: type)
        if type == nil || type == .workout {
            let workouts = try await workouts(matching: SamplePredicate(), limit: nil).map(\.source.name)
            names = Set(names).union(workouts).sorted()
        }
        return SourcePriority.nameOrder(names).map { StoredSample.source(named: names[$0]) }
    }
}
