import VitalsCore

/// The metadata keys Health Auto Export samples carry that the rest of Vitals reads.
public enum HealthAutoExportMetadata {
    /// Marks sleep samples laid out from an aggregated night's totals (`true`).
    public static let aggregatedNight = HealthAutoExportReader.aggregatedKey

    /// Whether a sample of `type` with `metadata` is a part of an aggregated night, which a later
    /// report of the night replaces (``VitalsCore/ArrivalRule``).
    public static func isNightPart(type: SampleType, metadata: Metadata) -> Bool {
        type == .sleepAnalysis && metadata[aggregatedNight] == .bool(true)
    }
}
