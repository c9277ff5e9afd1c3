import Foundation
import VitalsCore

/// Dietary-calorie records with macros from food correlations.
///
/// A food correlation holding an energy sample is one record with the correlation's UUID and
/// its members' macros; an energy sample in no correlation is a record without macros. Macro
/// types the user did not allow reading are left `nil` and listed as unreadable; without food
/// correlations every energy sample is a record of its own.
public struct DietaryQuery: RecordQuery {
    public typealias Record = DietaryCalorieRecord

    /// Creates the query.
    public init() {}

    public func records(
        from: Date, to: Date, store: any HealthStore
    ) async throws -> QueryResult<[DietaryCalorieRecord]> {
        guard store.isAvailable else { return QueryResult([]) }
        let predicate = predicate(from: from, to: to)
        let energy = try await store.samples(of: .dietaryEnergyConsumed, matching: predicate)
        var unreadable = energy.unreadableTypes
        guard !unreadable.contains(.dietaryEnergyConsumed) else { return QueryResult([], unreadableTypes: unreadable) }
        let foods = try await store.samples(of: .food, matching: predicate)
        unreadable.formUnion(foods.unreadableTypes)
        var readableMacros = Set<SampleType>()
        for type in DietaryCalorieRecord.macroTypes {
            if try await store.authorizationStatus(for: type, access: .read) == .sharingAuthorized {
                readableMacros.insert(type)
            } else {
                unreadable.insert(type)
            }
        }
        let app = store.appSource
        var records: [DietaryCalorieRecord] = []
        var members = Set<UUID>()
        for food in foods.value {
            guard let record = DietaryCalorieRecord(food: food, app: app, readableMacros: readableMacros) else {
                continue
            }
            records.append(record)
            members.formUnion((food.members ?? []).map(\.uuid))
        }
        for sample in energy.value where !members.contains(sample.uuid) {
            if let record = DietaryCalorieRecord(energy: sample, app: app) { records.append(record) }
        }
        records.sort { ($0.start, $0.id.uuidString) < ($1.start, $1.id.uuidString) }
        return QueryResult(
            records, staleBecause: energy.staleBecause ?? foods.staleBecause, unreadableTypes: unreadable)
    }
}
