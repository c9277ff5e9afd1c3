public import VitalsCore

/// What one Health Auto Export document yields: validated samples and what was left out.
///
/// Every sample has passed `Sample.validated()` (values in their type's canonical unit) and has a
/// UUID derived from its content, so parsing the same document again gives the same UUIDs.
/// Nothing is dropped silently: metrics, items and workout fields that are not imported are
/// listed in ``skipped`` with a reason and a count, and so is each item that could not be read
/// (with its JSON path), whose error is also in ``unreadable``.
public struct HealthAutoExportBatch: Sendable {
    /// The samples, in document order: metrics, workouts, then the other sections.
    public var samples: [Sample]
    /// Metrics, items and fields that were recognised as input but not imported, and items
    /// that could not be read (those with a ``SkippedMetric/path``).
    public var skipped: [SkippedMetric]
    /// The errors of the items that could not be read, in document order, located at their
    /// JSON paths; empty for a strict parse, which throws the first instead.
    public var unreadable: [VitalsError]

    /// Creates a batch.
    public init(samples: [Sample] = [], skipped: [SkippedMetric] = [], unreadable: [VitalsError] = []) {
        self.samples = samples
        self.skipped = skipped
        self.unreadable = unreadable
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
    /// For an item that could not be read: the exact JSON path of what was wrong
    /// (`data.metrics[3].data[17].qty`); nil for parts left out on purpose.
    public var path: String?

    /// Creates a report line.
    public init(name: String, reason: String, count: Int, path: String? = nil) {
        self.name = name
        self.reason = reason
        self.count = count
        self.path = path
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

    /// Records an item of `name` (`step_count`, `workouts`, `data.symptoms`) that could not be
    /// read, and `count` data items lost with it, at the path and with the message of `error`
    /// (messages never hold values).
    mutating func unreadable(_ name: String, _ error: VitalsError, count: Int = 1) {
        let path = error.location?.field ?? name
        entries.append(SkippedMetric(name: name, reason: "\(error.code): \(error.message)", count: count, path: path))
    }

    /// The report, in the order parts were first seen.
    var all: [SkippedMetric] { entries }
}
