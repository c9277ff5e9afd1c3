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
    /// Whether each source of ``sourceNames`` stands for a source's reported totals (``ReportedTotal``).
    public private(set) var reportedSources: [Bool] = []
    private var indexByName: [String: Int32] = [:]
    private var reportedIndexByName: [String: Int32] = [:]

    /// An empty series.
    public init() {}

    /// Adds a point over `[start, end]` (seconds since 1970) with its value in the type's
    /// canonical unit (a category's raw value); `reported` when it is a reported total.
    public mutating func append(start: Double, end: Double, value: Double, sourceName: String, reported: Bool = false) {
        let index: Int32
        if let known = reported ? reportedIndexByName[sourceName] : indexByName[sourceName] {
            index = known
        } else {
            index = Int32(sourceNames.count)
            if reported { reportedIndexByName[sourceName] = index } else { indexByName[sourceName] = index }
            sourceNames.append(sourceName)
            reportedSources.append(reported)
        }
        points.append(StatisticsPoint(start: start, end: end, value: value, source: index))
    }

    /// Adds a sample; one statistics cannot count (a workout, a correlation) is left out.
    public mutating func append(_ sample: Sample) {
        guard let value = sample.statisticsValue else { return }
        append(
            start: sample.start.timeIntervalSince1970, end: sample.end.timeIntervalSince1970, value: value,
            sourceName: sample.source.name, reported: ReportedTotal.isReported(sample.metadata))
    }

    /// Whether no point was appended.
    public var isEmpty: Bool { points.isEmpty }

    /// The sources, highest priority first: the dashboard's own records and reported totals when
    /// there are any (``ReportedTotal``), then watches, iPhones and the rest, each by name.
    public var rankedSources: [Source] { priorityOrder.map(source(at:)) }

    /// The source at index `index` as statistics name it.
    private func source(at index: Int) -> Source {
        Source(name: sourceNames[index], bundleIdentifier: reportedSources[index] ? ReportedTotal.sourceSuffix : "")
    }

    /// Indices into ``sourceNames``, highest priority first.
    private var priorityOrder: [Int] {
        Self.priority(names: sourceNames, reported: reportedSources, own: [Source.vitalsDashboard.name])
    }

    /// Source indices highest priority first: with reported totals among them, the sources named
    /// in `own` (records the phone's totals cannot include), then the reported totals, then the
    /// rest, each in Health's default order by name; without any, Health's default order by name.
    public static func priority(names: [String], reported: [Bool], own: Set<String>) -> [Int] {
        guard reported.contains(true) else { return SourcePriority.nameOrder(names) }
        let first = names.indices.filter { !reported[$0] && own.contains(names[$0]) }
        let totals = names.indices.filter { reported[$0] }
        let reports = SourcePriority.nameOrder(totals.map { names[$0] }).map { totals[$0] }
        let rest = names.indices.filter { !reported[$0] && !own.contains(names[$0]) }
        return first + reports + SourcePriority.nameOrder(rest.map { names[$0] }).map { rest[$0] }
    }

    /// The statistics collection of `query` over these points, sources ranked as ``rankedSources``.
    public func statistics(_ query: StatisticsQuery) throws(VitalsError) -> [Statistics] {
        let sources = sourceNames.indices.map(source(at:))
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
                sourceName: sample.source.name, reported: ReportedTotal.isReported(sample.metadata))
        }
        return series
    }
}
