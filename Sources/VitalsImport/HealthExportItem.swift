public import Foundation
public import VitalsCore

/// One top-level element of an Apple Health export, as ``HealthExportStream`` hands it over.
///
/// Samples come with their content, source and metadata, workouts with their routes (GPX files
/// of the export already read), but without what only a local store keeps (HRV beats).
public enum HealthExportItem: Sendable {
    /// A quantity or category record (value in the type's canonical unit, a category's raw
    /// value) with its metadata, or a correlation with its members.
    case sample(Sample)
    /// A workout, with its events, statistics, activities and metadata, and its routes in the
    /// export's order (a route's index is its position there, as the local store numbers it).
    case workout(Sample, routes: [Route])
    /// A day's Activity rings.
    case activitySummary(ActivitySummary)
    /// An element that could not be read, and why (never its values), as ``ImportReport/skipped`` counts it.
    case skipped(element: String, reason: String)
    /// One characteristic of the `Me` element: its HealthKit identifier
    /// (`HKCharacteristicTypeIdentifierDateOfBirth`...) and value as written (`1990-05-20`, `HKBiologicalSexMale`).
    case characteristic(identifier: String, value: String)
    /// An element that is neither a sample, a workout, an activity summary nor a characteristic, by name.
    case other(element: String)
    /// The export's own date.
    case exportDate(Date)

    /// One route of a workout: its points (inline `<Location>`s or the GPX file's), or none
    /// when the export names a GPX file it does not contain.
    public struct Route: Sendable, Hashable {
        public var points: [RoutePoint]
        /// Whether the route's GPX file is missing from the export (then ``points`` is empty).
        public var fileMissing: Bool

        public init(points: [RoutePoint], fileMissing: Bool = false) {
            self.points = points
            self.fileMissing = fileMissing
        }
    }
}
