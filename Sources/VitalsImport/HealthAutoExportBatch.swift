import VitalsCore

/// What one Health Auto Export document yields: validated samples and what was left out.
///
/// Every sample has passed `Sample.validated()` (values in their type's canonical unit) and has a
/// UUID derived from its content, so parsing the same document again gives the same UUIDs.
/// Nothing is dropped silently: metrics, items and workout fields that are not imported are
/// listed in ``skipped`` with a reason and a count.
public struct HealthAutoExportBatch: Sendable {
    /// The samples, in document order: metrics first, then workouts.
    public var samples: [Sample]
    /// Metrics, items and fields that were recognised as input but not imported.
    public var skipped: [SkippedMetric]

    /// Creates a batch.
    public init(samples: [Sample] = [], skipped: [SkippedMetric] = []) {
        self.samples = samples
        self.skipped = skipped
    }
}

/// A part of a Health Auto Export document that was not imported, and why.
public struct SkippedMetric: Sendable, Hashable {
    /// The metric name (`apple_stand_hour`), workout field (`workouts.route`) or data section
    /// (`data.ecg`) that was left out.
    public var name: String
    /// Why it was left out, for people.
    public var reason: String
    /// How many data items (or fields) were left out.
    public var count: Int

    /// Creates a report line.
    public init(name: String, reason: String, count: Int) {
        self.name = name
        self.reason = reason
        self.count = count
    }
}

/// Collects skipped parts, merging repeats of the same name and reason, in first-seen order.
struct HealthAutoExportSkipList {
    private var entries: [SkippedMetric] = []
    private var index: [String: Int] = [:]

    /// Records `count` items of `name` left out for `reason`.
    mutating func add(_ name: String, _ reason: String, count: Int = 1) {
        let key = name + "\u{1F}" + reason
        if let position = index[key] {
            entries[position].count += count
        } else {
            index[key] = entries.count
            entries.append(SkippedMetric(name: name, reason: reason, count: count))
        }
    }

    /// The report, in the order parts were first seen.
    var all: [SkippedMetric] { entries }
}
