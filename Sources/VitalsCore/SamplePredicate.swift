import Foundation

/// How a sample query's dates match (`HKQueryOptions`).
public struct SampleQueryOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The sample must start inside `[start, end)`.
    public static let strictStartDate = SampleQueryOptions(rawValue: 1)
    /// The sample must end inside `[start, end)`.
    public static let strictEndDate = SampleQueryOptions(rawValue: 2)
}

/// Which samples a query returns: a date window with HealthKit's options, and sources.
///
/// Matching is exactly HealthKit's `predicateForSamples(withStart:end:options:)`:
/// - no option: `sample.end >= start && sample.start < end`;
/// - `.strictStartDate`: `start <= sample.start < end`;
/// - `.strictEndDate`: `start <= sample.end < end`;
/// - both: both conditions.
/// A `nil` start or end leaves that side open.
public struct SamplePredicate: Sendable, Hashable {
    /// The window's inclusive start, or `nil` for no lower bound.
    public var start: Date?
    /// The window's exclusive end, or `nil` for no upper bound.
    public var end: Date?
    /// Strict start and/or end matching.
    public var options: SampleQueryOptions
    /// Which sources count.
    public var sources: SourceFilter

    /// Creates a predicate.
    public init(
        start: Date? = nil, end: Date? = nil, options: SampleQueryOptions = [],
        sources: SourceFilter = .all
    ) {
        self.start = start
        self.end = end
        self.options = options
        self.sources = sources
    }

    /// A predicate over a half-open range.
    public init(_ range: DateRange, options: SampleQueryOptions = [], sources: SourceFilter = .all) {
        self.init(start: range.start, end: range.end, options: options, sources: sources)
    }

    /// Whether a sample spanning `[sampleStart, sampleEnd]` matches the date part.
    public func matchesDates(start sampleStart: Date, end sampleEnd: Date) -> Bool {
        let lower = start ?? .distantPast
        let upper = end ?? .distantFuture
        if options.isEmpty {
            return sampleEnd >= lower && sampleStart < upper
        }
        if options.contains(.strictStartDate), !(lower <= sampleStart && sampleStart < upper) {
            return false
        }
        if options.contains(.strictEndDate), !(lower <= sampleEnd && sampleEnd < upper) {
            return false
        }
        return true
    }

    /// Whether `sample` matches dates and source.
    public func matches(_ sample: Sample) -> Bool {
        sources.matches(sample.source) && matchesDates(start: sample.start, end: sample.end)
    }
}
