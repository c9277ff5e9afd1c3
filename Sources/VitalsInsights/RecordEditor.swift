import Foundation
import VitalsCore

/// Adds, edits and deletes this app's own records; other sources' records are read-only.
///
/// Every change is validated before the store is touched, and an edit is one store
/// transaction (``HealthStore/replace(_:with:)``): invalid values, read-only records and
/// failed writes all leave the store as it was. Edits save the record under a new UUID, as
/// HealthKit treats samples as immutable; the returned record carries it.
public struct RecordEditor: Sendable {
    /// The store records live in; its `appSource` decides what is local.
    public let store: any HealthStore

    /// Creates an editor on `store`.
    public init(store: any HealthStore) {
        self.store = store
    }

    /// Validates `record` and saves it as a new record of this app (under `record.id`).
    @discardableResult
    public func add<Record: HealthRecord>(_ record: Record) async throws -> Record {
        let valid = try record.validated()
        try await store.save(valid.sample(uuid: valid.id, source: store.appSource))
        return try await self.record(withID: valid.id) as? Record ?? valid
    }

    /// The record with this UUID, of any kind and origin; a correlation member's UUID finds its food record.
    /// Macros of types the user did not allow reading are left `nil`.
    public func record(withID id: UUID) async throws -> any HealthRecord {
        try await record(withID: id, allMacros: false)
    }

    /// The record `id`; with `allMacros`, macros of every type (an edit must keep what it cannot show).
    private func record(withID id: UUID, allMacros: Bool) async throws -> any HealthRecord {
        guard let sample = try await store.sample(withUUID: id) else {
            throw VitalsError(.notFound, "no record has UUID \(id.uuidString)", at: InputLocation(field: "uuid"))
        }
        let app = store.appSource
        var readableMacros = Set<SampleType>()
        for type in DietaryCalorieRecord.macroTypes {
            if allMacros {
                readableMacros.insert(type)
            } else if try await store.authorizationStatus(for: type, access: .read) == .sharingAuthorized {
                readableMacros.insert(type)
            }
        }
        switch sample.type {
        case .bodyMass:
            if let record = WeightRecord(sample: sample, app: app) { return record }
        case .basalEnergyBurned:
            if let record = RestingEnergyRecord(sample: sample, app: app) { return record }
        case .activeEnergyBurned:
            if let record = ActiveEnergyRecord(sample: sample, app: app) { return record }
        case .food:
            if let record = DietaryCalorieRecord(food: sample, app: app, readableMacros: readableMacros) {
                return record
            }
        case .dietaryEnergyConsumed:
            if let food = try await foodCorrelation(containing: sample),
                let record = DietaryCalorieRecord(food: food, app: app, readableMacros: readableMacros)
            {
                return record
            }
            if let record = DietaryCalorieRecord(energy: sample, app: app) { return record }
        default:
            break
        }
        throw VitalsError(
            .unknownType,
            "\(id.uuidString) is a \(sample.type.shortName) sample, not a weight, dietary, "
                + "resting or active energy record", at: InputLocation(field: "uuid"))
    }

    /// Applies `change` to this app's record `id` and returns the edited record, saved under `newID`.
    ///
    /// Throws `.readOnly` for another source's record, `.invalidValue`/`.invalidDateRange` naming
    /// the field for values out of range, `.notFound` for an unknown UUID; the store is unchanged then.
    public func edit(_ id: UUID, applying change: RecordChange, newID: UUID = UUID()) async throws -> any HealthRecord {
        guard !change.isEmpty else {
            throw VitalsError(
                .invalidInput, "the edit changes nothing; give a value, macro, start, end or activity",
                at: InputLocation(field: "value"))
        }
        let record = try await editableRecord(withID: id)
        return try await replace(record, applying: change, newID: newID)
    }

    /// Deletes this app's record `id` (a food record with its members); other sources' records throw `.readOnly`.
    public func delete(_ id: UUID) async throws {
        let record = try await editableRecord(withID: id)
        _ = try await store.delete([record.id])
    }

    private func replace<Record: HealthRecord>(
        _ record: Record, applying change: RecordChange,
        newID: UUID
    ) async throws -> any HealthRecord {
        let edited = try record.applying(change).validated()
        try await store.replace(record.id, with: edited.sample(uuid: newID, source: record.source))
        return try await self.record(withID: newID)
    }

    private func editableRecord(withID id: UUID) async throws -> any HealthRecord {
        let record = try await record(withID: id, allMacros: true)
        guard record.origin.isEditable else {
            throw VitalsError(
                .readOnly,
                "record \(record.id.uuidString) comes from '\(record.source.name)', a read-only "
                    + "source; only records this app wrote can be edited or deleted",
                at: InputLocation(field: "uuid"))
        }
        return record
    }

    /// The food correlation holding `member`, if any (correlations share their members' times).
    private func foodCorrelation(containing member: Sample) async throws -> Sample? {
        let around = SamplePredicate(start: member.start, end: max(member.end, member.start + 1))
        let foods = try await store.samples(of: .food, matching: around)
        return foods.value.first { $0.members?.contains { $0.uuid == member.uuid } ?? false }
    }
}
