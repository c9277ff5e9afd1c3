import Foundation
import VitalsCore
import VitalsInsights

/// What the Day page shows for one day, read through the scope's reader.
struct DayData: Sendable {
    var day: LocalDate
    var range: DateRange
    var isEmptyStore: Bool
    /// The day's steps, merged, as one total.
    var steps = Reading.none
    /// One bucket per hour of the day in its zone: 23 or 25 on a DST change.
    var hourlySteps: [Statistics] = []
    var stepsUnreadable = false
    /// Hourly average, minimum and maximum.
    var heartRate: [Statistics] = []
    var heartRateUnreadable = false
    var night: Night
    /// The night's sleep samples in time order.
    var sleep: [Sample] = []
    var workouts: [WorkoutList.Entry] = []
    /// The day's meals in their windows, as `vitals meals --preview` groups them.
    var meals: [NutritionLog] = []
    /// Nutrient types that may not be read.
    var mealsUnreadable: Set<SampleType> = []

    /// Reads `day` for the Day page.
    static func load(_ queries: DashboardQueries, day: LocalDate) async throws -> DayData {
        let range = day.range(in: queries.calendar)
        let empty = try await queries.isEmpty()
        let nothing = Night(window: queries.nightWindow(endingOn: day), asleep: .none, inBed: .none)
        var data = DayData(day: day, range: range, isEmptyStore: empty, night: nothing)
        guard !empty else { return data }
        data.steps = try await queries.total(.stepCount, .sum, over: range)
        let steps = try await queries.hourly(.stepCount, .sum, over: range)
        (data.hourlySteps, data.stepsUnreadable) = (steps.buckets, steps.isUnreadable)
        let heart = try await queries.hourly(.heartRate, [.average, .minimum, .maximum], over: range)
        (data.heartRate, data.heartRateUnreadable) = (heart.buckets, heart.isUnreadable)
        data.night = try await queries.night(endingOn: day)
        data.sleep = try await queries.sleepSamples(endingOn: day)
        for workout in try await queries.workouts(startingIn: range) {
            let routes = try await queries.reader.routes(ofWorkout: workout.uuid)
            data.workouts.append(WorkoutList.Entry(sample: workout, routes: routes))
        }
        let nutrition = try await NutritionItem.items(on: day, calendar: queries.calendar, reader: queries.reader)
        data.meals = MealGrouping(calendar: queries.calendar).meals(from: nutrition.items, on: day)
        data.mealsUnreadable = nutrition.unreadable
        return data
    }
}
