import Foundation
import VitalsCore

/// Keeps the app's own workout sessions (with their rows) and meals, entered by hand or ingested
/// from the health store: lists, saves and deletes them, and applies a batch of ingested records.
///
/// Applying ingested records is idempotent: records carry stable ids
/// (``RecordIdentity``), a session already stored is left as it is (edits made since survive),
/// and a meal only grows by items it does not hold yet. Each apply also records the kind's
/// last sync time, whether or not anything was new.
public protocol AppRecordStore: Sendable {
    /// Sessions starting in `range` (every session when `nil`), oldest first.
    func workoutSessions(in range: DateRange?) async throws -> [WorkoutSession]

    /// The session `id`, or `nil` when there is none.
    func workoutSession(id: UUID) async throws -> WorkoutSession?

    /// Stores `session` with its rows, replacing a stored session with the same id and its rows.
    func saveWorkoutSession(_ session: WorkoutSession) async throws

    /// Deletes session `id` and its rows; `false` when there was none.
    func deleteWorkoutSession(id: UUID) async throws -> Bool

    /// Meals of `days` (every meal when `nil`), by day and then breakfast, lunch, dinner, snack.
    func nutritionLogs(on days: ClosedRange<LocalDate>?) async throws -> [NutritionLog]

    /// The meal `id`, or `nil` when there is none.
    func nutritionLog(id: UUID) async throws -> NutritionLog?

    /// Stores `meal` with its items, replacing a stored meal with the same id.
    func saveNutritionLog(_ meal: NutritionLog) async throws

    /// Deletes meal `id` and its items; `false` when there was none.
    func deleteNutritionLog(id: UUID) async throws -> Bool

    /// Stores ingested sessions whose ids are not stored yet, in one transaction, and records
    /// `date` as the last workout sync; returns the ids that were new.
    func applyIngestedSessions(_ sessions: [WorkoutSession], at date: Date) async throws -> Set<UUID>

    /// Adds ingested meals' items not stored yet to their meals (creating a meal the first time;
    /// its totals, times and confidence become its items'), in one transaction, and records
    /// `date` as the last meal sync; returns the item UUIDs that were new.
    func applyIngestedMeals(_ meals: [NutritionLog], at date: Date) async throws -> Set<UUID>

    /// When `kind` was last synced from the health store; `nil` before the first sync.
    func lastSync(of kind: IngestedRecordKind) async throws -> Date?
}
