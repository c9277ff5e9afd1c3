import VitalsCore

/// Where a record comes from: written by this app (editable) or by another source (read-only).
///
/// The app's own records (its `appSource` and the app's extensions) can be edited and deleted;
/// everything imported or written by other apps and devices is shown but never changed.
public enum RecordOrigin: String, Sendable, Hashable, Codable, CaseIterable {
    /// Written by this app.
    case local
    /// Imported or written by another app or device (HealthKit data).
    case external

    /// The origin of a sample from `source` in a store that writes as `app`.
    public init(source: Source, app: Source) {
        self = source.belongs(toApp: app.bundleIdentifier) ? .local : .external
    }

    /// Whether records of this origin may be edited or deleted here.
    public var isEditable: Bool { self == .local }
}
