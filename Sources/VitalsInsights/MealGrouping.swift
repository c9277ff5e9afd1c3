import Foundation
import VitalsCore

/// Groups one day's nutrition items into meals by time window.
///
/// Items are placed by their start on the local wall clock of ``calendar`` (``MealType``'s
/// half-open windows); items of other local days are ignored; all items of one window become
/// one ``NutritionLog`` (all snacks of the day too), with summed energy and macros and a
/// confidence of n / (n + 1) for n items: 0.5, 0.67, 0.75, 0.8...
public struct MealGrouping: Sendable {
    /// Days and wall-clock times are this calendar's.
    public var calendar: Calendar

    /// Creates a grouping in `calendar`'s time zone.
    public init(calendar: Calendar) {
        self.calendar = calendar
    }

    /// The confidence of a meal made of `count` items: 0 for none, rising towards 1.
    public static func confidence(sampleCount count: Int) -> Double {
        count <= 0 ? 0 : Double(count) / Double(count + 1)
    }

    /// The meals of `day`, in the order breakfast, lunch, dinner, snack; empty when nothing was eaten.
    public func meals(from items: [NutritionItem], on day: LocalDate) -> [NutritionLog] {
        let range = day.range(in: calendar)
        let todays = items.filter { range.contains($0.date) }
            .sorted { ($0.date, $0.uuid.uuidString) < ($1.date, $1.uuid.uuidString) }
        let byMeal = Dictionary(grouping: todays) { MealType(date: $0.date, calendar: calendar) }
        return MealType.allCases.compactMap { meal in
            byMeal[meal].map { NutritionLog(ingesting: $0, as: meal, on: day) }
        }
    }
}
