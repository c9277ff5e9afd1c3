import Foundation

/// Which statistics a collection query computes (`HKStatisticsOptions`).
public struct StatisticsOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Total of a cumulative type, merging overlapping sources by priority.
    public static let sum = StatisticsOptions(rawValue: 1 << 0)
    /// Mean of a discrete type: arithmetic or time-weighted by the type's aggregation style.
    public static let average = StatisticsOptions(rawValue: 1 << 1)
    /// Smallest value of a discrete type.
    public static let minimum = StatisticsOptions(rawValue: 1 << 2)
    /// Largest value of a discrete type.
    public static let maximum = StatisticsOptions(rawValue: 1 << 3)
    /// The latest value of a discrete type.
    public static let mostRecent = StatisticsOptions(rawValue: 1 << 4)
    /// Time covered by category samples (the union of their intervals).
    public static let duration = StatisticsOptions(rawValue: 1 << 5)
    /// Also compute each source's own statistics.
    public static let separateBySource = StatisticsOptions(rawValue: 1 << 6)
}

extension SampleType {
    /// The statistic a type is read with unless one is asked for: sum for cumulative quantities
    /// (steps, energy), average for discrete ones (heart rate, weight), duration for categories.
    public var defaultStatistic: StatisticsOptions {
        switch (kind, aggregationStyle) {
        case (.quantity, .cumulative?): .sum
        case (.quantity, _): .average
        default: .duration
        }
    }
}

/// The statistics of one bucket (`HKStatistics`).
///
/// Quantity values are in ``unit`` (the type's canonical unit); ``duration`` is in minutes.
/// A bucket no sample touches has no values (`nil`), as in HealthKit.
/// Per-source sums are each source's own total, before merging.
public struct Statistics: Sendable, Hashable {
    /// The bucket, `[start, end)`.
    public var range: DateRange
    /// The unit of `sum`, `average`, `minimum`, `maximum` and `mostRecent`.
    public var unit: HealthUnit?
    public var sum: Double?
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?
    public var mostRecent: Double?
    /// The time range of the most recent sample.
    public var mostRecentRange: DateRange?
    /// Minutes covered, for `.duration`.
    public var duration: Double?
    /// How many samples touched the bucket.
    public var sampleCount: Int
    /// Each source's statistics, in priority order, when `.separateBySource` was asked for.
    public var bySource: [SourceStatistics]

    /// Creates empty statistics for a bucket.
    public init(range: DateRange, unit: HealthUnit?) {
        self.range = range
        self.unit = unit
        self.sampleCount = 0
        self.bySource = []
    }

    /// The value for one option, if computed: sum, average, minimum, maximum, mostRecent or duration.
    public func value(for option: StatisticsOptions) -> Double? {
        switch option {
        case .sum: sum
        case .average: average
        case .minimum: minimum
        case .maximum: maximum
        case .mostRecent: mostRecent
        case .duration: duration
        default: nil
        }
    }
}

/// One source's share of a bucket's statistics.
public struct SourceStatistics: Sendable, Hashable {
    /// The source.
    public var source: Source
    /// Its statistics (with an empty `bySource`).
    public var statistics: Statistics

    /// Creates one source's share (stores other than SQLite build these from their own answers).
    public init(source: Source, statistics: Statistics) {
        self.source = source
        self.statistics = statistics
    }
}

/// A statistics collection query (`HKStatisticsCollectionQuery`): buckets of `interval`
/// aligned on `anchor`, in `calendar`'s time zone, covering `range`.
public struct StatisticsQuery: Sendable, Hashable {
    public var type: SampleType
    /// Only samples inside this range count; parts of samples outside it are cut off.
    public var range: DateRange
    /// Any instant on a bucket boundary; usually local midnight.
    public var anchor: Date
    public var interval: CalendarPeriod
    /// Buckets span `intervalCount` periods (2 for fortnights).
    public var intervalCount: Int
    /// The calendar (and time zone) that defines day, week and month boundaries.
    public var calendar: Calendar
    public var options: StatisticsOptions
    /// Only category samples with these values count; `nil` means the type's default
    /// (asleep stages for sleep analysis, every value otherwise).
    public var categoryValues: Set<Int>?
    /// Which sources count.
    public var sources: SourceFilter

    /// Creates a query; `anchor` defaults to the start of `range`'s first `interval`.
    public init(
        type: SampleType, range: DateRange, interval: CalendarPeriod, intervalCount: Int = 1,
        anchor: Date? = nil, calendar: Calendar, options: StatisticsOptions,
        categoryValues: Set<Int>? = nil, sources: SourceFilter = .all
    ) {
        self.type = type
        self.range = range
        self.interval = interval
        self.intervalCount = max(1, intervalCount)
        self.anchor = anchor ?? DateRange.period(interval, containing: range.start, in: calendar).start
        self.calendar = calendar
        self.options = options
        self.categoryValues = categoryValues
        self.sources = sources
    }

    /// The category values that count: the explicit set, or asleep stages for sleep analysis.
    public var effectiveCategoryValues: Set<Int>? {
        if let categoryValues { return categoryValues }
        if type == .sleepAnalysis {
            return Set(SleepAnalysisValue.allCases.filter(\.isAsleep).map(\.rawValue))
        }
        return nil
    }

    /// Checks that every requested option suits the type's kind and aggregation style.
    public func validate() throws(VitalsError) {
        let wanted = options.subtracting(.separateBySource)
        guard !wanted.isEmpty else {
            throw VitalsError(.unsupportedStatistics, "no statistics option was requested")
        }
        let discrete: StatisticsOptions = [.average, .minimum, .maximum, .mostRecent]
        switch type.kind {
        case .quantity:
            guard let style = type.aggregationStyle else {
                throw VitalsError(
                    .unsupportedStatistics,
                    "\(type.identifier) has no known aggregation style, so it has no statistics")
            }
            if wanted.contains(.duration) {
                throw VitalsError(
                    .unsupportedStatistics,
                    "duration is for category types; \(type.shortName) is a quantity type")
            }
            if style == .cumulative, !wanted.isDisjoint(with: discrete) {
                throw VitalsError(
                    .unsupportedStatistics,
                    "average, minimum, maximum and mostRecent need a discrete type; \(type.shortName) is cumulative")
            }
            if style != .cumulative, wanted.contains(.sum) {
                throw VitalsError(
                    .unsupportedStatistics,
                    "sum needs a cumulative type; \(type.shortName) is \(style)")
            }
        case .category, .workout:
            guard wanted == .duration else {
                throw VitalsError(
                    .unsupportedStatistics,
                    "\(type.shortName) is a \(type.kind.rawValue) type: only duration applies")
            }
        default:
            throw VitalsError(.unsupportedStatistics, "\(type.shortName) has no statistics")
        }
    }
}
