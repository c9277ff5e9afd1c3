import Foundation
import VitalsCore

/// One top-level element of an Apple Health export, as ``HealthExportStream`` hands it over.
///
/// Samples come with their content and source but without what only a local store keeps
/// (HRV beats, workout routes, record metadata of plain records).
public enum HealthExportItem: Sendable {
    /// A quantity or category record (value in the type's canonical unit, a category's raw
    /// value), or a correlation with its members.
    case sample(Sample)
    /// A workout, with its events, statistics and activities.
    case workout(Sample)
    /// An element that could not be read, and why (never its values), as ``ImportReport/skipped`` counts it.
    case skipped(element: String, reason: String)
    /// An element that is neither a sample nor a workout (`ActivitySummary`, a `Me` characteristic), by name.
    case other(element: String)
    /// The export's own date.
    case exportDate(Date)
}
