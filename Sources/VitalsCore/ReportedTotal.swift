import Foundation

/// A sample that is the phone's own total for a period: HealthKit's merged statistics for a
/// minute, an hour or a day, as Health Auto Export sends them when its automation aggregates.
///
/// Such a total already merges every source the phone has, so it never adds to samples of the
/// same type from another path (an export backfill, unaggregated payloads): statistics rank the
/// reported totals above every other source (``StatisticsSeries``, the stores' loaders), so
/// where one covers a period the samples it merged do not count again. The records a store or
/// server keeps of its own (the dashboard's, ``Source/vitalsDashboard``), which the phone's
/// totals cannot include, rank above the reports and still count.
public enum ReportedTotal {
    /// The metadata key marking a reported total; its value is the period (`minutes`, `hours`,
    /// `days`, `weeks`, `months`, `years`).
    public static let periodKey = "HAEAggregation"
    /// The metadata key of when the total was received (a date).
    public static let receivedKey = "HAEReceived"
    /// What a stored metadata text (`MetadataJSON`, keys sorted) of a reported total contains:
    /// the key followed by its colon, which no string value can be.
    public static let jsonMarker = "\"\(periodKey)\":"

    /// Whether `metadata` marks a reported total.
    public static func isReported(_ metadata: Metadata) -> Bool { metadata[periodKey] != nil }

    /// The bundle identifier of the statistics source standing for a source's reported totals
    /// (`separateBySource` lists them apart from the same source's samples).
    public static let sourceSuffix = "#reported"
}

extension Source {
    /// The source the dashboard writes a store-less scope's records as (a server user's).
    ///
    /// The Records page treats its samples as local (editable); a server, which keeps sources
    /// by name only, reads its name back as this source so they stay editable there.
    public static let vitalsDashboard = Source(name: "Vitals Dashboard", bundleIdentifier: "org.vitals.dashboard")
}
