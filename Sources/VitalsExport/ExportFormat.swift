import Foundation

/// What an export writes: FHIR R4 Bulk Data NDJSON, tidy CSV, or the round-trip JSON Lines.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    /// FHIR R4 (4.0.1) Bulk Data NDJSON: `Patient.ndjson`, `Device.ndjson`, `Observation.ndjson`.
    case fhir
    /// One tidy CSV per type (`start,end,value,unit,source,device,uuid,zone`) and a daily CSV per type.
    case csv
    /// `samples.jsonl`, the shape `vitals samples --json` prints and `vitals add --jsonl` reads back.
    case jsonl
}
