import Foundation
import Testing
import VitalsCore
import VitalsInsights

@Suite("Seed 004: meal time windows and nutrition grouping")
struct MealGroupingTests {
    let calendar = InsightsFixture.calendar
    let day = try! LocalDate(parsing: "2025-10-14")

    func meal(_ time: String) -> MealType { MealType(date: berlin(time), calendar: calendar) }

    @Test("Meal Type Breakfast: 05:00 to 09:59") func breakfast() {
        for time in ["05:00", "06:30", "09:00", "09:59"] { #expect(meal(time) == .breakfast, "\(time)") }
    }

    @Test("Meal Type Lunch: 11:00 to 13:59") func lunch() {
        for time in ["11:00", "12:15", "13:59"] { #expect(meal(time) == .lunch, "\(time)") }
    }

    @Test("Meal Type Dinner: 17:00 to 20:59") func dinner() {
        for time in ["17:00", "19:30", "20:59"] { #expect(meal(time) == .dinner, "\(time)") }
    }

    @Test("Meal Type Snack: every other time") func snack() {
        for time in ["00:00", "04:59", "10:30", "14:30", "16:59", "21:30", "23:59"] {
            #expect(meal(time) == .snack, "\(time)")
        }
    }

    @Test(
        "Meal windows at exact boundaries are half-open",
        arguments: [
            ("05:00", MealType.breakfast), ("10:00", .snack), ("11:00", .lunch), ("14:00", .snack),
            ("17:00", .dinner), ("21:00", .snack),
        ])
    func boundaries(time: String, expected: MealType) {
        #expect(meal(time) == expected)
        #expect(MealType(date: berlin(time) - 1, calendar: calendar) != expected)
    }

    @Test("Meal Type From Date: the wall clock of the calendar's zone decides")
    func fromDate() {
        let instant = at("2025-10-14T08:30:00Z")  // 10:30 in Berlin, 08:30 in UTC
        #expect(MealType(date: instant, calendar: calendar) == .snack)
        #expect(MealType(date: instant, calendar: Calendar.gregorian(in: .gmt)) == .breakfast)
    }

    @Test("Group Nutrition Empty Input: no items, no meals") func empty() {
        #expect(MealGrouping(calendar: calendar).meals(from: [], on: day).isEmpty)
    }

    @Test("Group Nutrition By Time Window: one meal per window, in meal order")
    func byWindow() {
        let items = [
            NutritionItem(date: berlin("19:00"), kilocalories: 700),
            NutritionItem(date: berlin("07:30"), kilocalories: 400),
            NutritionItem(date: berlin("12:00"), kilocalories: 600),
            NutritionItem(date: berlin("15:30"), kilocalories: 150),
        ]
        let meals = MealGrouping(calendar: calendar).meals(from: items, on: day)
        #expect(meals.map(\.mealType) == [.breakfast, .lunch, .dinner, .snack])
        #expect(meals.map(\.kilocalories) == [400, 600, 700, 150])
        #expect(meals.allSatisfy { $0.day == day && $0.sampleCount == 1 })
    }

    @Test("Group Nutrition Aggregation: items in one window add up; macros stay nil when never recorded")
    func aggregation() {
        let items = [
            NutritionItem(date: berlin("12:05"), kilocalories: 500, protein: 20),
            NutritionItem(date: berlin("12:40"), kilocalories: 150, protein: 5, fat: 8),
            NutritionItem(date: berlin("13:10"), protein: 10),
        ]
        let meals = MealGrouping(calendar: calendar).meals(from: items, on: day)
        let lunch = try! #require(meals.first)
        #expect(meals.count == 1 && lunch.mealType == .lunch)
        #expect(lunch.kilocalories == 650 && lunch.protein == 35 && lunch.fat == 8 && lunch.carbohydrates == nil)
        #expect(lunch.start == berlin("12:05") && lunch.end == berlin("13:10"))
        #expect(lunch.itemUUIDs == items.map(\.uuid))
    }

    @Test("Group Nutrition Filters Other Days: items of the day before and after are ignored")
    func otherDays() {
        let items = [
            NutritionItem(date: berlin("23:30", day: "2025-10-13"), kilocalories: 300),
            NutritionItem(date: berlin("00:00"), kilocalories: 100),
            NutritionItem(date: berlin("23:59"), kilocalories: 50),
            NutritionItem(date: berlin("00:00", day: "2025-10-15"), kilocalories: 999),
        ]
        let meals = MealGrouping(calendar: calendar).meals(from: items, on: day)
        #expect(meals.map(\.mealType) == [.snack])
        #expect(meals.first?.kilocalories == 150 && meals.first?.sampleCount == 2)
    }

    @Test("Meal Group Confidence: grows with the sample count")
    func confidence() {
        let values = (0...6).map { MealGrouping.confidence(sampleCount: $0) }
        #expect(values[0] == 0 && values[1] == 0.5)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
        #expect(values.allSatisfy { $0 < 1 })
        let items =
            (0..<3).map { NutritionItem(date: berlin("18:0\($0)"), kilocalories: 100) }
            + [NutritionItem(date: berlin("08:00"), kilocalories: 300)]
        let meals = MealGrouping(calendar: calendar).meals(from: items, on: day)
        #expect(meals.map(\.confidence) == [0.5, 0.75])
    }

    @Test("Meal Grouping Dinner: three dinner samples become one dinner")
    func mealGroupingDinner() {
        let items = [
            NutritionItem(date: berlin("17:00"), kilocalories: 300, protein: 25, carbohydrates: 10, fat: 12),
            NutritionItem(date: berlin("18:45"), kilocalories: 450, carbohydrates: 60),
            NutritionItem(date: berlin("20:59"), kilocalories: 120, fat: 6),
            NutritionItem(date: berlin("21:00"), kilocalories: 90),
        ]
        let meals = MealGrouping(calendar: calendar).meals(from: items, on: day)
        let dinner = try! #require(meals.first { $0.mealType == .dinner })
        #expect(dinner.sampleCount == 3 && dinner.kilocalories == 870)
        #expect(dinner.protein == 25 && dinner.carbohydrates == 70 && dinner.fat == 18)
        #expect(dinner.title == "Dinner")
        #expect(meals.first { $0.mealType == .snack }?.kilocalories == 90)
    }

    @Test("Meal windows follow the wall clock on a DST day")
    func dstDay() throws {
        let dst = try LocalDate(parsing: "2025-10-26")  // Berlin falls back at 03:00
        let items = [
            NutritionItem(date: at("2025-10-26T07:30:00+01:00"), kilocalories: 300),
            NutritionItem(date: at("2025-10-26T02:30:00+02:00"), kilocalories: 50),
        ]
        let meals = MealGrouping(calendar: calendar).meals(from: items, on: dst)
        #expect(meals.map(\.mealType) == [.breakfast, .snack])
    }
}
