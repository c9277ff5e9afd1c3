/// The time spans a write transaction inserted samples into, per type (a type's `Key`), coalesced as they come.
///
/// ``SampleWriter`` notes every inserted sample here and, when it finishes, deletes the cached
/// days these spans touch (``DailyStatisticsCache/invalidate(_:)``). Samples closer than
/// ``gap`` join one span: a gap shorter than any day holds no whole day, so coalescing never
/// invalidates a day no sample touches. Noting is O(1) for samples in time order (imports,
/// syncs); a type whose spans pile up (samples in random order) collapses to one span
/// from its earliest to its latest sample, which invalidates more but never less.
package struct WrittenSpans<Key: Hashable & Sendable>: Sendable {
    /// Samples at most this far apart (seconds) share a span.
    package static var gap: Double { 6 * 3600 }
    /// Spans kept per type before they collapse into one.
    package static var limit: Int { 1024 }

    private var spans: [Key: [(lower: Double, upper: Double)]] = [:]
    private var current: (typeID: Key, lower: Double, upper: Double)?

    /// No spans yet.
    package init() {}

    /// Notes a sample of `typeID` over `[start, end]` (seconds since 1970).
    package mutating func note(typeID: Key, start: Double, end: Double) {
        if let run = current, run.typeID == typeID, start <= run.upper + Self.gap, end >= run.lower - Self.gap {
            current = (typeID, min(run.lower, start), max(run.upper, end))
            return
        }
        flush()
        current = (typeID, start, end)
    }

    /// Every span noted, and forgets them.
    package mutating func take() -> [(typeID: Key, lower: Double, upper: Double)] {
        flush()
        defer { spans = [:] }
        return spans.flatMap { typeID, list in list.map { (typeID: typeID, lower: $0.lower, upper: $0.upper) } }
    }

    private mutating func flush() {
        guard let run = current else { return }
        current = nil
        var list = spans.removeValue(forKey: run.typeID) ?? []
        if let last = list.last, run.lower <= last.upper + Self.gap, run.upper >= last.lower - Self.gap {
            list[list.count - 1] = (min(last.lower, run.lower), max(last.upper, run.upper))
        } else {
            list.append((run.lower, run.upper))
        }
        if list.count > Self.limit {
            list = [(list.map(\.lower).min()!, list.map(\.upper).max()!)]
        }
        spans[run.typeID] = list
    }
}
