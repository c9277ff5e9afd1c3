import Foundation
import VitalsCore
import VitalsInsights

/// The Records page's numbers: each kind's records in the range, exactly as the record queries return them.
///
/// Read with ``UnifiedQuery`` over the kind's ``RecordQuery`` (what `vitals weight` and
/// `vitals nutrition` print): every source, de-duplicated, oldest first, each with its origin.
struct RecordsData: Sendable {
    /// One kind's records.
    struct Table: Sendable {
        var kind: RecordKind
        var records: [any HealthRecord]
        /// Types the user did not allow reading (the table says so rather than showing nothing).
        var unreadable: Set<SampleType>
    }

    var request: RecordsRequest
    var tables: [Table]
    /// Whether the scope can change local records (the page then shows the forms).
    var canWrite: Bool
    /// Whether the scope holds no samples at all (the page then says how to send data).
    var isEmptyStore = false

    /// The most rows a table shows (the newest); a longer list says so and how to narrow it.
    static let maximumRows = 500

    /// Reads `request`'s kinds from `store`.
    static func load(
        store: any HealthStore, request: RecordsRequest, calendar: Calendar, canWrite: Bool,
        isEmptyStore: Bool
    ) async throws -> RecordsData {
        let (start, end) = request.range(in: calendar)
        var tables: [Table] = []
        for kind in request.kinds {
            let (records, unreadable) = try await records(kind, from: start, to: end, store: store)
            tables.append(Table(kind: kind, records: records, unreadable: unreadable))
        }
        return RecordsData(request: request, tables: tables, canWrite: canWrite, isEmptyStore: isEmptyStore)
    }

    /// `kind`'s merged records starting in `[start, end)`, and what could not be read.
    static func records(
        _ kind: RecordKind, from start: Date, to end: Date,
        store: any HealthStore
    ) async throws -> ([any HealthRecord], Set<SampleType>) {
        switch kind {
        case .weight:
            let result = try await UnifiedQuery(WeightQuery()).fetch(from: start, to: end, store: store)
            return (result.value, result.unreadableTypes)
        case .dietaryCalorie:
            let result = try await UnifiedQuery(DietaryQuery()).fetch(from: start, to: end, store: store)
            return (result.value, result.unreadableTypes)
        case .activeEnergy:
            let result = try await UnifiedQuery(ActivityQuery()).fetch(from: start, to: end, store: store)
            return (result.value, result.unreadableTypes)
        case .restingEnergy:
            let result = try await UnifiedQuery(RestingQuery()).fetch(from: start, to: end, store: store)
            return (result.value, result.unreadableTypes)
        }
    }
}
