import Foundation

/// The samples of one type as statistics need them: points, and the sources they come from.
///
/// The one shape every in-memory statistics computation reads (the daily metrics on a phone, a
/// server's day recomputation, a test): samples and stored rows are appended as points with
/// their source's name, and ``statistics(_:)`` ranks the sources as Health does by default
/// (watches, then iPhones, judged by name) and the rest by name instead of by first appearance,
/// so the merge does not depend on the order samples arrive in. Stores with a source-priority
/// table call ``StatisticsEngine`` with their own order instead.
public struct StatisticsSeries: Sendable {
    /// The points, in the order appended.
    public private(set) var points: [StatisticsPoint] = []
    /// Source names; a point's `source` indexes this.
    public private(set) var sourceNames: [String] = []
    private var indexByName: [String: Int32] = [:]

    /// An empty series.
    public init() {}

    /// Adds a point over `[start, end]` (seconds since 1970) with its value in the type's
    /// canonical unit (a category's raw value).
    public mutating func append(start: Double, end: Double, value: Double, sourceName: String) {
        let index: Int32
        if let known = indexByName[sourceName] {
            index = known
        } else {
            index = Int32(sourceNames.count)
            indexByName[sourceName] = index
            sourceNames.append(sourceName)
        }
        points.append(StatisticsPoint(start: start, end: end, value: value, source: index))
    }

    /// Adds a sample; one statistics cannot count (a workout, a correlation) is left out.
    public mutating func append(_ sample: Sample) {
        guard let value = sample.statisticsValue else { return }
        append(start: sample.start.timeIntervalSince1970, end: sample.end.timeIntervalSince1970, value: value,
               sourceName: sample.source.name)
    }

    /// Whether no point was appended.
    public var isEmpty: Bool { points.isEmpty }

    /// The sources, highest priority first: watches, then iPhones, then the rest, each by name.
    public var rankedSources: [Source] { priorityOrder.map { Source(name: sourceNames[$0], bundleIdentifier: "") } }

    /// Indices into ``sourceNames``, highest priority first.
    private var priorityOrder: [Int] { SourcePriority.nameOrder(sourceNames) }

    /// The statistics collection of `query` over these points, sources ranked as ``rankedSources``.
    public func statistics(_ query: StatisticsQuery) throws(VitalsError) -> [Statistics] {
        let sources = sourceNames.map { Source(name: $0, bundleIdentifier: "") }
        let priority = priorityOrder
        let sorted = points.sorted { $0.start < $1.start }
        return try StatisticsEngine.compute(query, points: sorted, sources: sources, priority: priority)
    }

    /// Samples grouped by type, each type's as a series.
    public static func grouping(_ samples: some Sequence<Sample>) -> [SampleType: StatisticsSeries] {
        var series: [SampleType: StatisticsSeries] = [:]
        for sample in samples {
            guard let value = sample.statisticsValue else { continue }
            series[sample.type, default: StatisticsSeries()].append(
                start: sample.start.timeIntervalSince1970, end: sample.end.timeIntervalSince1970, value: value,
                sourceName: sample.source.name)
        }
        return series
    }
}
