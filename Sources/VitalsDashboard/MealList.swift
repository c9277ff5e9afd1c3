import Foundation
import VitalsCore
import VitalsInsights

/// A day's meals in their time windows: a ``MealChart`` on the day's hour axis, and under it a list
/// with times, energy and macros per meal (the chart's text alternative).
///
/// The meals are ``MealGrouping``'s for the day's nutrition items, the grouping `vitals meals
/// --preview` prints; each entry's `data-` attributes hold its exact totals. A day without meals
/// says so, with no chart.
struct MealList: Sendable {
    var meals: [NutritionLog]
    /// Nutrient types that may not be read (their totals are missing, not zero).
    var unreadable: Set<SampleType>
    var day: LocalDate
    /// The Day page's hour axis, shared with the steps chart.
    var axis: HourAxis

    private var calendar: Calendar { axis.calendar }

    /// The window of `meal` on the wall clock, half-open (snacks are every other time): `05:00–10:00`.
    static func window(_ meal: MealType) -> String {
        guard let window = meal.window else { return "other times" }
        func clock(_ minute: Int) -> String {
            let hour = minute / 60, rest = minute % 60
            return (hour < 10 ? "0" : "") + "\(hour):" + (rest < 10 ? "0" : "") + "\(rest)"
        }
        return "\(clock(window.lowerBound))–\(clock(window.upperBound))"
    }

    /// `07:30` for one item, `07:30–08:10` for a meal eaten over a while.
    static func times(_ meal: NutritionLog, in calendar: Calendar) -> String {
        meal.start == meal.end
            ? DisplayFormat.clock(meal.start, in: calendar)
            : "\(DisplayFormat.clock(meal.start, in: calendar))–\(DisplayFormat.clock(meal.end, in: calendar))"
    }

    /// `["720 kcal", "38.0 g protein", ...]`: the energy and each macro recorded.
    static func facts(_ meal: NutritionLog) -> [String] {
        var facts = ["\(DisplayFormat.number(meal.kilocalories)) kcal"]
        for (name, grams) in macros(meal) {
            if let grams { facts.append("\(DisplayFormat.number(grams, digits: 1)) g \(name)") }
        }
        return facts
    }

    /// The macros as (short name, grams), in the list's order.
    private static func macros(_ meal: NutritionLog) -> [(name: String, grams: Double?)] {
        [("protein", meal.protein), ("carbs", meal.carbohydrates), ("fat", meal.fat)]
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
                MealChart(meals: meals, day: day, axis: axis).render()
                Tag.ol(.class("meals"), .id("meal-list")) {
                    for meal in meals { item(meal) }
                }
                Tag.p(.class("note")) {
                    "Windows: breakfast 05:00–10:00, lunch 11:00–14:00, dinner 17:00–21:00, snacks at any other time."
                }
            }
        }
    }

    private func item(_ meal: NutritionLog) -> HTML {
        var attributes: [Attribute] = [
            .class("meal meal-\(meal.mealType.rawValue)"), .data("meal", meal.mealType.rawValue),
            .data("kcal", DisplayFormat.exact(meal.kilocalories)),
            .data("items", String(meal.sampleCount)),
        ]
        for (key, grams) in zip(["protein", "carbohydrates", "fat"], Self.macros(meal).map(\.grams)) {
            if let grams { attributes.append(.data(key, DisplayFormat.exact(grams))) }
        }
        return Tag.li(attributes: attributes) {
            Tag.h3 { "\(meal.title) (\(Self.window(meal.mealType)))" }
            Tag.p {
                Tag.time(.datetime(DisplayFormat.instant(meal.start, in: calendar))) { Self.times(meal, in: calendar) }
                " · " + Self.facts(meal).joined(separator: " · ")
            }
            Tag.p(.class("note")) { meal.sampleCount == 1 ? "1 item" : "\(meal.sampleCount) items" }
        }
    }
}
