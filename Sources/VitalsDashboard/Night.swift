import VitalsCore

/// One night's sleep as Health counts it.
struct Night: Sendable, Hashable {
    /// `[noon the day before, noon)`.
    var window: DateRange
    /// Minutes asleep: the union of the asleep stages of every source.
    var asleep: Reading
    /// Minutes in bed: the union of every sleep-analysis interval.
    var inBed: Reading
}
