import Foundation
import VitalsCore

/// Turns store workouts and nutrition samples into the app's workout sessions and meals, stores
/// them, once each.
///
/// The preview methods map everything in a range and mark what was ingested before; the ingest
/// methods map only samples not yet ingested (by UUID, kept in the ``IngestionLedger`` across
/// runs), store them in the ``AppRecordStore`` and then record them as ingested. Records have
/// stable ids (``RecordIdentity``) and applying them is idempotent, so a run interrupted
/// between the two steps stores nothing twice when run again; a record deleted from the record
/// store stays deleted, as the ledger remembers its samples. Types the user did not allow
/// reading are skipped and listed in the result.
public struct HealthIngestor: Sendable {
    /// The ledger kind for workouts.
    public static let workoutKind = IngestedRecordKind.workout.rawValue
    /// The ledger kind for nutrition items.
    public static let mealKind = IngestedRecordKind.meal.rawValue

    /// Where samples are read.
    public let store: any HealthStore
    /// Where ingested UUIDs are remembered (the same SQLite file for `SQLiteHealthStore`).
    public let ledger: any IngestionLedger
    /// Where sessions and meals are stored.
    public let records: any AppRecordStore
    /// Days and meal windows are this calendar's.
    public let calendar: Calendar
    /// The clock for ingestion and sync times.
    public let now: @Sendable () -> Date

    /// Creates an ingestor.
    public init(
        store: any HealthStore, ledger: any IngestionLedger, records: any AppRecordStore, calendar: Calendar,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.ledger = ledger
        self.records = records
        self.calendar = calendar
        self.now = now
    }

    /// Every workout starting in `range` as a session; `alreadyIngested` marks those ingested before.
    public func workoutSessions(in range: DateRange) async throws -> IngestionResult<WorkoutSession> {
        let (sessions, unreadable) = try await readSessions(in: range)
        let done = try await ledger.ingestedUUIDs(among: sessions.compactMap(\.healthKitUUID), kind: Self.workoutKind)
        return IngestionResult(records: sessions, alreadyIngested: done, unreadableTypes: unreadable)
    }

    /// The sessions of workouts in `range` not ingested before, now stored and recorded as ingested.
    public func ingestWorkouts(in range: DateRange) async throws -> IngestionResult<WorkoutSession> {
        guard store.isAvailable else { return IngestionResult(records: []) }
        let (sessions, unreadable) = try await readSessions(in: range)
        let done = try await ledger.ingestedUUIDs(among: sessions.compactMap(\.healthKitUUID), kind: Self.workoutKind)
        let fresh = sessions.filter { $0.healthKitUUID.map { !done.contains($0) } ?? false }
        let at = now()
        _ = try await records.applyIngestedSessions(fresh, at: at)
        let claimed = try await ledger.recordIngestion(
            fresh.compactMap { session in
                session.healthKitUUID.map {
                    IngestionEntry(sampleUUID: $0, kind: Self.workoutKind, recordID: session.id, ingestedAt: at)
                }
            })
        let skipped = done.union(fresh.compactMap(\.healthKitUUID).filter { !claimed.contains($0) })
        return IngestionResult(
            records: fresh.filter { $0.healthKitUUID.map(claimed.contains) ?? false },
            alreadyIngested: skipped, unreadableTypes: unreadable)
    }

    /// The meals of `day` from every nutrition item; `alreadyIngested` marks items ingested before.
    public func meals(on day: LocalDate) async throws -> IngestionResult<NutritionLog> {
        let (items, unreadable) = try await readItems(on: day)
        let done = try await ledger.ingestedUUIDs(among: items.map(\.uuid), kind: Self.mealKind)
        return IngestionResult(
            records: MealGrouping(calendar: calendar).meals(from: items, on: day),
            alreadyIngested: done, unreadableTypes: unreadable)
    }

    /// The meals of `day` made of items not ingested before, now added to the day's stored meals
    /// and recorded as ingested.
    public func ingestMeals(on day: LocalDate) async throws -> IngestionResult<NutritionLog> {
        guard store.isAvailable else { return IngestionResult(records: []) }
        let (items, unreadable) = try await readItems(on: day)
        let done = try await ledger.ingestedUUIDs(among: items.map(\.uuid), kind: Self.mealKind)
        let fresh = items.filter { !done.contains($0.uuid) }
        let grouping = MealGrouping(calendar: calendar)
        let meals = grouping.meals(from: fresh, on: day)
        let at = now()
        _ = try await records.applyIngestedMeals(meals, at: at)
        let claimed = try await ledger.recordIngestion(
            meals.flatMap { meal in
                meal.itemUUIDs.map {
                    IngestionEntry(sampleUUID: $0, kind: Self.mealKind, recordID: meal.id, ingestedAt: at)
                }
            })
        let skipped = done.union(fresh.map(\.uuid).filter { !claimed.contains($0) })
        // Another run may have claimed some items meanwhile: this run's meals are what it claimed
        // (the ids are the same, one per meal type and day).
        let mine =
            claimed.count == meals.reduce(0, { $0 + $1.sampleCount })
            ? meals : grouping.meals(from: fresh.filter { claimed.contains($0.uuid) }, on: day)
        return IngestionResult(records: mine, alreadyIngested: skipped, unreadableTypes: unreadable)
    }

    /// When `kind` was last ingested; `nil` before the first run.
    public func lastSync(of kind: IngestedRecordKind) async throws -> Date? {
        try await records.lastSync(of: kind)
    }

    private func readSessions(in range: DateRange) async throws -> ([WorkoutSession], Set<SampleType>) {
        guard store.isAvailable else { return ([], []) }
        let result = try await store.samples(of: .workout, matching: SamplePredicate(range, options: .strictStartDate))
        return (result.value.compactMap { WorkoutSession(workout: $0) }, result.unreadableTypes)
    }

    /// The day's nutrition items: food correlations, and nutrient samples in no correlation.
    private func readItems(on day: LocalDate) async throws -> ([NutritionItem], Set<SampleType>) {
        guard store.isAvailable else { return ([], []) }
        return try await NutritionItem.items(on: day, calendar: calendar, reader: store)
    }
}
