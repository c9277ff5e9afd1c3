public import VitalsCore

/// The metadata keys Health Auto Export samples carry that the rest of Vitals reads.
public enum HealthAutoExportMetadata {
    /// Marks sleep samples laid out from an aggregated night's totals (`true`).
    public static let aggregatedNight = HealthAutoExportReader.aggregatedKey

    /// The keys Vitals sets, which an item's own `metadata` member cannot.
    static let reservedKeys: Set<String> = [
        aggregatedNight, ReportedTotal.periodKey, ReportedTotal.receivedKey, HealthAutoExportReader.standHoursKey,
    ]

    /// What a stored metadata text (`MetadataJSON`) of a sample that ``replacesOverlapping(type:metadata:)``
    /// contains, one of these (for reading stored samples in SQL).
    public static let replacingMarkers = ["\"\(aggregatedNight)\":true", ReportedTotal.jsonMarker]

    /// Whether a sample of `type` with `metadata` is a part of an aggregated night or a reported
    /// total, which a later report of the night or period replaces (``VitalsCore/ArrivalRule``).
    public static func replacesOverlapping(type: SampleType, metadata: Metadata) -> Bool {
        replacesOverlapping(type: type.identifier, metadata: metadata)
    }

    /// ``replacesOverlapping(type:metadata:)`` for a type's identifier.
    public static func replacesOverlapping(type identifier: String, metadata: Metadata) -> Bool {
        guard !metadata.isEmpty else { return false }
        return ReportedTotal.isReported(metadata)
            || (identifier == sleepIdentifier && metadata[aggregatedNight] == .bool(true))
    }

    private static let sleepIdentifier = SampleType.sleepAnalysis.identifier
}
