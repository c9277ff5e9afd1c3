import Foundation
import VitalsCore
import VitalsStore

/// What the Today page shows for one day, read through the scope's reader.
struct TodayData: Sendable {
    var day: LocalDate
    var range: DateRange
    /// Whether the store holds no samples at all (the page then says how to get data in).
    var isEmptyStore: Bool
    var steps = Reading.none
    /// Metres.
    var distance = Reading.none
    /// Kilocalories.
    var activeEnergy = Reading.none
    /// Minutes.
    var exercise = Reading.none
    /// Minutes (move-time rings), read only when the day's goal is in minutes.
    var moveTime = Reading.none
    /// Hours with a stand: the activity summary's, else from stand-hour samples.
    var standHours = Reading.none
    /// Minutes.
    var mindful = Reading.none
    /// Beats per minute, the day's average.
    var restingHeartRate = Reading.none
    /// Milliseconds (SDNN), the day's average.
    var heartRateVariability = Reading.none
    var night: Night
    /// The day's activity summary (its goals), if one was imported.
    var summary: ActivitySummary?
    var workouts: [Sample] = []
    /// Every source, in priority order.
    var sources: [Source] = []

    /// Reads `day` for the Today page.
    static func load(_ queries: DashboardQueries, day: LocalDate) async throws -> TodayData {
        let range = day.range(in: queries.calendar)
        let sources = try await queries.reader.sources(for: nil)
        let nothing = Night(window: queries.nightWindow(endingOn: day), asleep: .none, inBed: .none)
        var data = TodayData(day: day, range: range, isEmptyStore: sources.isEmpty, night: nothing, sources: sources)
        guard !data.isEmptyStore else { return data }
        data.night = try await queries.night(endingOn: day)
        data.steps = try await queries.total(.stepCount, .sum, over: range)
        data.distance = try await queries.total(.distanceWalkingRunning, .sum, over: range)
        data.activeEnergy = try await queries.total(.activeEnergyBurned, .sum, over: range)
        data.exercise = try await queries.total(.appleExerciseTime, .sum, over: range)
        data.mindful = try await queries.total(.mindfulSession, .duration, over: range)
        data.restingHeartRate = try await queries.total(.restingHeartRate, .average, over: range)
        data.heartRateVariability = try await queries.total(.heartRateVariabilitySDNN, .average, over: range)
        data.summary = try await queries.reader.activitySummaries(in: day...day).first
        if data.summary?.moveTimeGoal != nil, data.summary?.activeEnergyBurnedGoal == nil {
            data.moveTime = try await queries.total(.appleMoveTime, .sum, over: range)
        }
        if let stood = data.summary?.standHours {
            data.standHours = Reading(value: stood)
        } else {
            data.standHours = try await queries.standHours(in: range)
        }
        data.workouts = try await queries.workouts(startingIn: range)
        return data
    }

    /// The move goal in kilocalories (summaries exported in kJ are converted).
    var moveGoalKilocalories: Double? {
        guard let goal = summary?.activeEnergyBurnedGoal else { return nil }
        return summary?.activeEnergyBurnedUnit?.lowercased() == "kj" ? goal / 4.184 : goal
    }
}
