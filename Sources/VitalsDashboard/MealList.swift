import Foundation
import VitalsCore
import VitalsInsights

/// A day's meals in their time windows (seed 004), as a list with times: energy and macros per meal.
///
/// The meals are ``MealGrouping``'s for the day's nutrition items, the grouping `vitals meals
/// --preview` prints; each entry's `data-` attributes hold its exact totals.
struct MealList: Sendable {
    var meals: [NutritionLog]
    /// Nutrient types that may not be read (their totals are missing, not zero).
    var unreadable: Set<SampleType>
    var calendar: Calendar

    /// The window of `meal` on the wall clock, half-open (snacks are every other time).
    static func window(_ meal: MealType) -> String {
        switch meal {
        case .breakfast: "05:00–10:00"
        case .lunch: "11:00–14:00"
        case .dinner: "17:00–21:00"
        case .snack: "other times"
        }
    }

    func render() -> HTML {
        Tag.section(.class("panel meals")) {
            Tag.h2 { "Meals" }
            if !unreadable.isEmpty {
                Tag.p(.class("muted"), .data("state", "unreadable")) {
                    "Vitals may not read \(unreadable.map(\.shortName).sorted().joined(separator: ", ")): allow it in Settings → Health → Data Access & Devices → Vitals; those totals are missing."
                }
            }
            if meals.isEmpty {
                Tag.p(.class("muted"), .data("state", "none")) { "No meals logged this day." }
            } else {
                Tag.ol(.class("meals")) {
                    for meal in meals { item(meal) }
                }
                Tag.p(.class("note")) {
                    "Windows: breakfast 05:00–10:00, lunch 11:00–14:00, dinner 17:00–21:00, snacks at any other time."
                }
            }
        }
    }

    private func item(_ meal: NutritionLog) -> HTML {
        var attributes: [Attribute] = [.class("meal meal-\(meal.mealType.rawValue)"), .data("meal", meal.mealType.rawValue),
                                       .data("kcal", DisplayFormat.exact(meal.kilocalories)),
                                       .data("items", String(meal.sampleCount))]
        var facts = ["\(DisplayFormat.number(meal.kilocalories)) kcal"]
        for (name, key, grams) in [("protein", "protein", meal.protein), ("carbs", "carbohydrates", meal.carbohydrates),
                                   ("fat", "fat", meal.fat)] {
            guard let grams else { continue }
            attributes.append(.data(key, DisplayFormat.exact(grams)))
            facts.append("\(DisplayFormat.number(grams, digits: 1)) g \(name)")
        }
        let times = meal.start == meal.end
            ? DisplayFormat.clock(meal.start, in: calendar)
            : "\(DisplayFormat.clock(meal.start, in: calendar))–\(DisplayFormat.clock(meal.end, in: calendar))"
        return Tag.li(attributes: attributes) {
            Tag.h3 { "\(meal.title) (\(Self.window(meal.mealType)))" }
            Tag.p {
                Tag.time(.datetime(DisplayFormat.instant(meal.start, in: calendar))) { times }
                " · " + facts.joined(separator: " · ")
            }
            Tag.p(.class("note")) { meal.sampleCount == 1 ? "1 item" : "\(meal.sampleCount) items" }
        }
    }
}
