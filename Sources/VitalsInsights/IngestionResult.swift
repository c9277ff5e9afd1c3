import Foundation
import VitalsCore

/// App records made from store samples, with what was skipped and what could not be read.
public struct IngestionResult<Record: Sendable>: Sendable {
    /// The records: when ingesting, only the new ones; when previewing, all of them.
    public var records: [Record]
    /// UUIDs of samples in the range that were ingested before (skipped when ingesting).
    public var alreadyIngested: Set<UUID>
    /// Types the user did not allow reading; their samples are missing from ``records``.
    public var unreadableTypes: Set<SampleType>

    /// Creates a result.
    public init(records: [Record], alreadyIngested: Set<UUID> = [], unreadableTypes: Set<SampleType> = []) {
        self.records = records
        self.alreadyIngested = alreadyIngested
        self.unreadableTypes = unreadableTypes
    }
}
