import Foundation
import VitalsCore

/// What to export: a window of sample start dates, the types, the zone and who it is about.
public struct ExportRequest: Sendable {
    /// Samples that start in `[start, end)` are exported.
    public var range: DateRange
    /// The types to export; empty means every known type that has samples.
    public var types: [SampleType]
    /// The zone dates are written in when a sample does not name its own (`HKTimeZone`).
    public var zone: TimeZone
    /// The FHIR Patient every Observation references.
    public var patient: PatientDetails
    /// How many samples one read asks for at most: what bounds the memory an export uses.
    public var pageSize: Int
    /// FHIR only: also write each day's sleep score and readiness as Observations, with the
    /// CodeSystem of their codes (``FHIRExporter/codeSystemFile``). Off by default: they are
    /// computed, not recorded.
    public var insights: Bool

    /// The page size unless one is given.
    public static let defaultPageSize = 1024

    /// Creates a request.
    public init(
        range: DateRange, types: [SampleType] = [], zone: TimeZone, patient: PatientDetails = PatientDetails(),
        pageSize: Int = defaultPageSize, insights: Bool = false
    ) {
        self.range = range
        self.types = types
        self.zone = zone
        self.patient = patient
        self.pageSize = max(1, pageSize)
        self.insights = insights
    }

    /// The types an export walks, in a fixed order: the requested ones or every known sample type
    /// (quantities, categories, correlations, workouts).
    var exportedTypes: [SampleType] {
        let chosen =
            types.isEmpty
            ? SampleType.all.filter { [.quantity, .category, .correlation, .workout].contains($0.kind) } : types
        var seen: Set<SampleType> = []
        var ordered: [SampleType] = []
        for type in chosen where seen.insert(type).inserted { ordered.append(type) }
        return ordered
    }
}
