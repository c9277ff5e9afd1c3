import Foundation
import VitalsCore

/// How a mirrored sample names the app's record it copies (``MirroredRecordEditor``).
extension Sample {
    /// HealthKit's key for the app's own identity of a sample (`HKMetadataKeySyncIdentifier`), a
    /// string: a mirrored copy holds the local record's UUID under it.
    public static let syncIdentifierKey = "HKMetadataKeySyncIdentifier"
    /// HealthKit's key for the version of a sample saved with a sync identifier (`HKMetadataKeySyncVersion`), a number.
    public static let syncVersionKey = "HKMetadataKeySyncVersion"

    /// The UUID of the local record this sample is the mirrored copy of: its sync identifier when
    /// that is a UUID (as ``MirroredRecordEditor`` writes it); `nil` for any other sample.
    public var mirroredRecordID: UUID? {
        guard case .string(let identifier)? = metadata[Self.syncIdentifierKey] else { return nil }
        return UUID(uuidString: identifier)
    }
}
