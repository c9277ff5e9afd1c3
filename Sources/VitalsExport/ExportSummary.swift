import Foundation

/// What an export wrote: lines per file, samples per type, and the types without a standard code.
public struct ExportSummary: Sendable, Hashable, Codable {
    /// The format written.
    public var format: String
    /// Lines (resources, rows or samples) per file written.
    public var files: [String: Int] = [:]
    /// Samples read, by HealthKit type identifier.
    public var samples: [String: Int] = [:]
    /// FHIR only: types exported with the HealthKit coding alone, no LOINC code fitting them.
    public var withoutStandardCode: [String] = []
    /// Types read but not written in this format (food correlations: their members are their own types).
    public var notExported: [String] = []
    /// Types the reader would not let the export read.
    public var unreadable: [String] = []
    /// FHIR with insights only: the Observations of sleep scores and readiness written.
    public var insights: Int = 0

    /// An empty summary of `format`.
    public init(format: ExportFormat) { self.format = format.rawValue }

    /// Every sample counted, all types together.
    public var sampleCount: Int { samples.values.reduce(0, +) }

    /// Counts `count` samples of a type (types without samples stay out of the summary).
    mutating func count(_ count: Int, of identifier: String) {
        guard count > 0 else { return }
        samples[identifier, default: 0] += count
    }

    /// Sorts the lists, so equal exports give equal summaries.
    mutating func finish(unreadable types: Set<String>) {
        unreadable = types.sorted()
        withoutStandardCode = Set(withoutStandardCode).sorted()
        notExported = Set(notExported).sorted()
    }
}

/// How far an export is: types walked of those to walk, and samples written so far.
public struct ExportProgress: Sendable, Hashable {
    public var typesDone: Int
    public var typesTotal: Int
    public var samples: Int
}
