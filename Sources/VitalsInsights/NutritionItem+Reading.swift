import Foundation
import VitalsCore

extension NutritionItem {
    /// The nutrition items of `day` through any reader (a store, a server user's view, the
    /// dashboard's scope): food correlations, and nutrient samples in no correlation, starting in
    /// the day's half-open range in `calendar`; and the types that may not be read.
    ///
    /// The one read `vitals meals` (through ``HealthIngestor``) and the dashboard's Day page
    /// group into meals, so both show the same meals.
    public static func items(
        on day: LocalDate, calendar: Calendar, reader store: any HealthReader
    ) async throws
        -> (items: [NutritionItem], unreadable: Set<SampleType>)
    {
        let predicate = SamplePredicate(day.range(in: calendar), options: .strictStartDate)
        var unreadable = Set<SampleType>()
        var loose: [Sample] = []
        for type in nutrientTypes {
            let result = try await store.samples(of: type, matching: predicate)
            unreadable.formUnion(result.unreadableTypes)
            loose += result.value
        }
        let readable = Set(nutrientTypes).subtracting(unreadable)
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
