import Foundation
import VitalsCore
import VitalsInsights

/// A day's meals on the Day page's ``HourAxis``: each meal window as a shaded band, each meal as a
/// dot at its first item's time whose area is its energy, labelled with its kilocalories.
///
/// Breakfast, lunch and dinner share the upper row, the day's snacks (one meal, as ``MealGrouping``
/// adds them up) the lower one; a meal eaten over a while has a line from its first to its last
/// item, and each later snack a small dot of its own. Every dot carries a `<title>` (meal, times, energy, macros) and `data-mark` (the meal) /
/// `data-start` / `data-value` (its kilocalories exactly); the list under the chart (``MealList``,
/// `id="meal-list"`) is its text alternative.
struct MealChart: Sendable {
    var meals: [NutritionLog]
    var day: LocalDate
    var axis: HourAxis

    static let height = 162.0, top = 8.0, bottom = 22.0
    /// The rows' centres: meals in their windows, then snacks.
    static let mealRow = 60.0, snackRow = 120.0
    /// The largest dot's radius; the smallest is `minimumRadius`.
    static let maximumRadius = 14.0, minimumRadius = 4.0

    private var calendar: Calendar { axis.calendar }

    func render() -> HTML {
        let plotBottom = Self.height - Self.bottom
        let largest = max(1, meals.map(\.kilocalories).max() ?? 0)
        let total = meals.map(\.kilocalories).reduce(0, +)
        let count = meals.count == 1 ? "1 meal" : "\(meals.count) meals"
        return Tag.figure(.class("chart meal-chart"), .data("chart", "meals"), .data("hours", String(axis.hours.count)))
        {
            Tag.svg(
                .viewBox(width: HourAxis.width, height: Self.height), .role("img"),
                .ariaLabelledBy("meals-chart-title"),
                .ariaDescribedBy("meal-list")
            ) {
                Tag.title(.id("meals-chart-title")) {
                    "Meals over the day, \(axis.hours.count) hours: \(count), \(DisplayFormat.number(total)) kcal"
                }
                for meal in MealType.allCases { band(meal, bottom: plotBottom) }
                Tag.text(.class("tick"), .x(HourAxis.left - 4), .y(Self.mealRow + 4), .textAnchor("end")) { "Meals" }
                Tag.text(.class("tick"), .x(HourAxis.left - 4), .y(Self.snackRow + 4), .textAnchor("end")) { "Snacks" }
                Tag.line(
                    .class("axis"), .x1(HourAxis.left), .y1(plotBottom), .x2(HourAxis.width - HourAxis.right),
                    .y2(plotBottom))
                axis.ticks(y: Self.height - 6)
                for meal in meals { mark(meal, largest: largest) }
            }
            Tag.figcaption {
                "Meals at their times (a dot's area is its energy, in kcal); shaded: the breakfast, lunch and dinner windows"
            }
        }
    }

    /// The shaded window of `meal` with its name at the top; nothing for snacks.
    private func band(_ meal: MealType, bottom: Double) -> HTML {
        guard let window = meal.window, let start = time(window.lowerBound), let end = time(window.upperBound) else {
            return .empty
        }
        let left = axis.x(start), right = axis.x(end)
        return HTML {
            Tag.rect(
                .class("meal-window window-\(meal.rawValue)"), .x(left), .y(Self.top), .width(right - left),
                .height(bottom - Self.top), .data("window", meal.rawValue),
                .data("start", DisplayFormat.instant(start, in: calendar)),
                .data("end", DisplayFormat.instant(end, in: calendar)))
            Tag.text(.class("tick window-label"), .x((left + right) / 2), .y(Self.top + 13), .textAnchor("middle")) {
                meal.title
            }
        }
    }

    /// The dot of `meal` (area in proportion to its energy), its span and its label: above the dot,
    /// below it for lunch, so that a breakfast late in its window and an early lunch keep their labels apart.
    private func mark(_ meal: NutritionLog, largest: Double) -> HTML {
        let row = meal.mealType == .snack ? Self.snackRow : Self.mealRow
        let x = axis.x(meal.start)
        let radius =
            Self.minimumRadius + (Self.maximumRadius - Self.minimumRadius)
            * (max(0, meal.kilocalories) / largest).squareRoot()
        let below = meal.mealType == .lunch
        let labelY = below ? row + Self.maximumRadius + 13 : row - Self.maximumRadius - 5
        return HTML {
            if meal.mealType != .snack && meal.end > meal.start {
                Tag.line(.class("meal-span"), .x1(x), .y1(row), .x2(axis.x(meal.end)), .y2(row))
            }
            // Snacks are the day's other times, one meal: a small dot for each later one, not a line across the day.
            if meal.mealType == .snack {
                for item in meal.items.dropFirst() {
                    Tag.circle(.class("meal-item"), .cx(axis.x(item.date)), .cy(row), .r(3))
                }
            }
            Tag.circle(
                .class("meal-dot meal-\(meal.mealType.rawValue)"), .cx(x), .cy(row), .r(radius),
                .data("mark", meal.mealType.rawValue), .data("start", DisplayFormat.instant(meal.start, in: calendar)),
                .data("value", DisplayFormat.exact(meal.kilocalories))
            ) {
                Tag.title {
                    "\(meal.title) \(MealList.times(meal, in: calendar)): \(MealList.facts(meal).joined(separator: ", "))"
                }
            }
            Tag.text(.class("tick meal-label"), .x(x), .y(labelY), .textAnchor("middle")) {
                DisplayFormat.number(meal.kilocalories)
            }
        }
    }

    /// The instant `minute` minutes after midnight names on the day's wall clock.
    private func time(_ minute: Int) -> Date? {
        calendar.date(
            from: DateComponents(year: day.year, month: day.month, day: day.day, hour: minute / 60, minute: minute % 60)
        )
    }
}
