import Foundation
import VitalsCore

/// One meal of one day: the nutrition items eaten in its time window, added up (seed 004's
/// `NutritionLog`, with the linked entry's date and title folded in).
public struct NutritionLog: Sendable, Hashable, Identifiable, Codable {
    /// The app record's identity (new for each grouping; the ledger keeps the ingested one).
    public var id: UUID
    /// The local day.
    public var day: LocalDate
    /// Breakfast, lunch, dinner or snack.
    public var mealType: MealType
    /// The first and last item's times.
    public var start: Date
    public var end: Date
    /// Total kilocalories (0 when no item recorded energy).
    public var kilocalories: Double
    /// Total grams of protein, carbohydrates and fat; `nil` when no item recorded that macro.
    public var protein: Double?
    public var carbohydrates: Double?
    public var fat: Double?
    /// The items' UUIDs (HealthKit UUIDs), oldest first.
    public var itemUUIDs: [UUID]
    /// How sure the grouping is that this is one real meal, from 0 to 1; grows with the item count.
    public var confidence: Double

    /// How many items were added up.
    public var sampleCount: Int { itemUUIDs.count }

    /// A title like "Lunch" for the app's entry.
    public var title: String { mealType.rawValue.prefix(1).uppercased() + mealType.rawValue.dropFirst() }
}
