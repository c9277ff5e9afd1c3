import Foundation
import VitalsCore

/// One meal of one day: the nutrition items eaten in its time window, added up, with its own times
/// and title.
///
/// An ingested meal keeps its items, so a later ingest can add to it without counting an item
/// twice; a meal entered by hand has no items and the totals it was given.
public struct NutritionLog: Sendable, Hashable, Identifiable, Codable {
    /// The record's identity: for ingested meals ``RecordIdentity/meal(_:on:)``, stable across runs.
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
    /// The items added up, oldest first; empty for a meal entered by hand.
    public var items: [NutritionItem]
    /// How sure the grouping is that this is one real meal, from 0 to 1; grows with the item count.
    public var confidence: Double
    /// Ingested or entered by hand.
    public var source: NutritionSource

    /// Creates a meal; with no `items` (entered by hand) its confidence is 1.
    public init(
        id: UUID = UUID(), day: LocalDate, mealType: MealType, start: Date, end: Date, kilocalories: Double,
        protein: Double? = nil, carbohydrates: Double? = nil, fat: Double? = nil, items: [NutritionItem] = [],
        confidence: Double? = nil, source: NutritionSource = .manual
    ) {
        self.id = id
        self.day = day
        self.mealType = mealType
        self.start = start
        self.end = end
        self.kilocalories = kilocalories
        self.protein = protein
        self.carbohydrates = carbohydrates
        self.fat = fat
        self.items = items
        self.confidence = confidence ?? (items.isEmpty ? 1 : MealGrouping.confidence(sampleCount: items.count))
        self.source = source
    }

    /// The ingested meal `mealType` of `day` made of `items` (at least one), with totals, times and confidence.
    public init(ingesting items: [NutritionItem], as mealType: MealType, on day: LocalDate) {
        precondition(!items.isEmpty, "a meal is made of at least one item")
        let sorted = items.sorted { ($0.date, $0.uuid.uuidString) < ($1.date, $1.uuid.uuidString) }
        func total(_ value: (NutritionItem) -> Double?) -> Double? {
            let values = sorted.compactMap(value)
            return values.isEmpty ? nil : values.reduce(0, +)
        }
        self.init(
            id: RecordIdentity.meal(mealType, on: day), day: day, mealType: mealType,
            start: sorted[0].date, end: sorted[sorted.count - 1].date,
            kilocalories: total(\.kilocalories) ?? 0, protein: total(\.protein),
            carbohydrates: total(\.carbohydrates), fat: total(\.fat), items: sorted,
            confidence: MealGrouping.confidence(sampleCount: sorted.count), source: .healthKit)
    }

    /// The items' UUIDs (HealthKit UUIDs), oldest first.
    public var itemUUIDs: [UUID] { items.map(\.uuid) }

    /// How many items were added up.
    public var sampleCount: Int { items.count }

    /// A title like "Lunch" for the app's entry.
    public var title: String { mealType.title }
}
