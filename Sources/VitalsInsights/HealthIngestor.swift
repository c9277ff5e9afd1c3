import Foundation
import VitalsCore
import VitalsStore

/// Turns store workouts and nutrition samples into the app's workout sessions and meals, once
/// each (seed 004's HealthKit sync).
///
/// The preview methods map everything in a range and mark what was ingested before; the ingest
/// methods map only samples not yet ingested (by UUID, kept in the ``IngestionLedger`` across
/// runs) and record them, so running an ingest twice yields nothing the second time. Types the
/// user did not allow reading are skipped and listed in the result.
public struct HealthIngestor: Sendable {
    /// The ledger kind for workouts.
    public static let workoutKind = "workout"
    /// The ledger kind for nutrition items.
    public static let mealKind = "meal"

    /// Where samples are read.
    public let store: any HealthStore
    /// Where ingested UUIDs are remembered (the same SQLite file for `SQLiteHealthStore`).
    public let ledger: any IngestionLedger
    /// Days and meal windows are this calendar's.
    public let calendar: Calendar
    /// The clock for ingestion times.
    public let now: @Sendable () -> Date

    /// Creates an ingestor.
    public init(store: any HealthStore, ledger: any IngestionLedger, calendar: Calendar,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.ledger = ledger
        self.calendar = calendar
        self.now = now
    }

    /// Every workout starting in `range` as a session; `alreadyIngested` marks those ingested before.
    public func workoutSessions(in range: DateRange) async throws -> IngestionResult<WorkoutSession> {
        let (sessions, unreadable) = try await readSessions(in: range)
        let done = try await ledger.ingestedUUIDs(among: sessions.map(\.healthKitUUID), kind: Self.workoutKind)
        return IngestionResult(records: sessions, alreadyIngested: done, unreadableTypes: unreadable)
    }

    /// The sessions of workouts in `range` not ingested before, now recorded as ingested.
    public func ingestWorkouts(in range: DateRange) async throws -> IngestionResult<WorkoutSession> {
        let (sessions, unreadable) = try await readSessions(in: range)
        let done = try await ledger.ingestedUUIDs(among: sessions.map(\.healthKitUUID), kind: Self.workoutKind)
        let fresh = sessions.filter { !done.contains($0.healthKitUUID) }
        let at = now()
        let claimed = try await ledger.recordIngestion(fresh.map {
            IngestionEntry(sampleUUID: $0.healthKitUUID, kind: Self.workoutKind, recordID: $0.id, ingestedAt: at)
        })
        let skipped = done.union(fresh.map(\.healthKitUUID).filter { !claimed.contains($0) })
        return IngestionResult(records: fresh.filter { claimed.contains($0.healthKitUUID) }, alreadyIngested: skipped,
                               unreadableTypes: unreadable)
    }

    /// The meals of `day` from every nutrition item; `alreadyIngested` marks items ingested before.
    public func meals(on day: LocalDate) async throws -> IngestionResult<NutritionLog> {
        let (items, unreadable) = try await readItems(on: day)
        let done = try await ledger.ingestedUUIDs(among: items.map(\.uuid), kind: Self.mealKind)
        return IngestionResult(records: MealGrouping(calendar: calendar).meals(from: items, on: day),
                               alreadyIngested: done, unreadableTypes: unreadable)
    }

    /// The meals of `day` made of items not ingested before, now recorded as ingested.
    public func ingestMeals(on day: LocalDate) async throws -> IngestionResult<NutritionLog> {
        let (items, unreadable) = try await readItems(on: day)
        let done = try await ledger.ingestedUUIDs(among: items.map(\.uuid), kind: Self.mealKind)
        let fresh = items.filter { !done.contains($0.uuid) }
        let grouping = MealGrouping(calendar: calendar)
        let meals = grouping.meals(from: fresh, on: day)
        let at = now()
        let claimed = try await ledger.recordIngestion(meals.flatMap { meal in
            meal.itemUUIDs.map { IngestionEntry(sampleUUID: $0, kind: Self.mealKind, recordID: meal.id, ingestedAt: at) }
        })
        let skipped = done.union(fresh.map(\.uuid).filter { !claimed.contains($0) })
        guard claimed.count < meals.reduce(0, { $0 + $1.sampleCount }) else {
            return IngestionResult(records: meals, alreadyIngested: skipped, unreadableTypes: unreadable)
        }
        // Another run claimed some items meanwhile: the meals are what this run claimed, under the
        // ids recorded for them (one meal per type and day, so the type finds the id).
        let ids = Dictionary(uniqueKeysWithValues: meals.map { ($0.mealType, $0.id) })
        let regrouped = grouping.meals(from: fresh.filter { claimed.contains($0.uuid) }, on: day).map { meal in
            var copy = meal
            copy.id = ids[meal.mealType] ?? meal.id
            return copy
        }
        return IngestionResult(records: regrouped, alreadyIngested: skipped, unreadableTypes: unreadable)
    }

    private func readSessions(in range: DateRange) async throws -> ([WorkoutSession], Set<SampleType>) {
        guard store.isAvailable else { return ([], []) }
        let result = try await store.samples(of: .workout, matching: SamplePredicate(range, options: .strictStartDate))
        return (result.value.compactMap { WorkoutSession(workout: $0) }, result.unreadableTypes)
    }

    /// The day's nutrition items: food correlations, and nutrient samples in no correlation.
    private func readItems(on day: LocalDate) async throws -> ([NutritionItem], Set<SampleType>) {
        guard store.isAvailable else { return ([], []) }
        let predicate = SamplePredicate(day.range(in: calendar), options: .strictStartDate)
        var unreadable = Set<SampleType>()
        var loose: [Sample] = []
        for type in NutritionItem.nutrientTypes {
            let result = try await store.samples(of: type, matching: predicate)
            unreadable.formUnion(result.unreadableTypes)
            loose += result.value
        }
        let readable = Set(NutritionItem.nutrientTypes).subtracting(unreadable)
        let foods = try await store.samples(of: .food, matching: predicate)
        unreadable.formUnion(foods.unreadableTypes)
        var members = Set<UUID>()
        var items: [NutritionItem] = []
        for food in foods.value {
            members.formUnion((food.members ?? []).map(\.uuid))
            guard let item = NutritionItem(sample: food, readable: readable),
                  item.kilocalories != nil || item.protein != nil || item.carbohydrates != nil || item.fat != nil
            else { continue }
            items.append(item)
        }
        for sample in loose where !members.contains(sample.uuid) {
            if let item = NutritionItem(sample: sample, readable: readable) { items.append(item) }
        }
        return (items, unreadable)
    }
}
