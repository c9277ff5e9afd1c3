import Foundation
import VitalsCore

/// This app's records and everyone else's in one list, de-duplicated, each labelled with its
/// source and origin.
///
/// Vitals keeps the app's own records and imported or HealthKit ones in the same store; they
/// differ by source (``RecordOrigin``). Merging removes three kinds of duplicate: the same UUID
/// seen twice (the same sample read from two stores); a record that is the mirrored copy of a
/// local record in the list (``HealthRecord/mirrorOf``: the sample ``MirroredRecordEditor`` saved
/// in HealthKit, which gave it a UUID of its own and the app's source, so it too reads as
/// local); and an external record with the same start, end and value as a local one (the
/// HealthKit copy of a record this app synced before it was linked). The local record stays in
/// both cases because it is the editable one. Two of the app's own records that are no copy of
/// each other both stay, however alike their times and values.
public struct UnifiedQuery<Query: RecordQuery>: Sendable {
    /// The record query both sides are read with.
    public var query: Query

    /// Creates a unified view of `query`.
    public init(_ query: Query) {
        self.query = query
    }

    /// The merged records starting in `[from, to)`, oldest first, with the types that could not be read.
    public func fetch(from: Date, to: Date, store: any HealthStore) async throws -> QueryResult<[Query.Record]> {
        try await fetch(from: from, to: to, stores: [store])
    }

    /// The merged records of several stores (the app's own and a HealthKit-backed one).
    public func fetch(from: Date, to: Date, stores: [any HealthStore]) async throws -> QueryResult<[Query.Record]> {
        var records: [Query.Record] = []
        var unreadable = Set<SampleType>()
        var stale: VitalsError?
        for store in stores {
            let result = try await query.records(from: from, to: to, store: store)
            records += result.value
            unreadable.formUnion(result.unreadableTypes)
            stale = stale ?? result.staleBecause
        }
        return QueryResult(Self.merge(records), staleBecause: stale, unreadableTypes: unreadable)
    }

    /// Merges records: one per UUID (local first), no mirrored copy of a local record in the
    /// list, no external copy of a local record, sorted by start (local before external at the
    /// same time), then UUID. Whichever store a record and its copy come from, and in whichever
    /// order, the local record is the one kept.
    public static func merge(_ records: [Query.Record]) -> [Query.Record] {
        let ordered = records.sorted { lhs, rhs in
            (lhs.start, lhs.origin == .local ? 0 : 1, lhs.id.uuidString)
                < (rhs.start, rhs.origin == .local ? 0 : 1, rhs.id.uuidString)
        }
        let localIDs = Set(records.lazy.filter { $0.origin == .local }.map(\.id))
        var seen = Set<UUID>()
        var localKeys = Set<CopyKey>()
        var merged: [Query.Record] = []
        for record in ordered where seen.insert(record.id).inserted {
            if let original = record.mirrorOf, original != record.id, localIDs.contains(original) { continue }
            let key = CopyKey(record)
            if record.origin == .local {
                localKeys.insert(key)
            } else if localKeys.contains(key) {
                continue
            }
            merged.append(record)
        }
        return merged
    }

    /// What makes an external record a copy of a local one: same times and value (to a millionth).
    private struct CopyKey: Hashable {
        let start: Date
        let end: Date
        let value: Int64

        init(_ record: Query.Record) {
            start = record.start
            end = record.end
            value = Int64((record.value * 1_000_000).rounded())
        }
    }
}
