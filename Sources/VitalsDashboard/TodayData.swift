import Foundation
import VitalsCore
import VitalsInsights

/// What the Today page shows for one day, read through the scope's reader.
struct TodayData: Sendable {
    var day: LocalDate
    var range: DateRange
    /// Whether the store holds no samples at all and the day no snapshot (the page then says how to get data in).
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
    /// Why workouts could not be read, if they could not.
    var workoutsAccess: ReadAccess?
    /// The day's NoAlc entry and the current NoAlc streak (see ``TodayNoAlc``).
    var noAlc = TodayNoAlc()
    /// Every source, in priority order.
    var sources: [Source] = []
    /// The unreadable types the page asked for and why, keyed by type.
    var unreadable: [SampleType: ReadAccess] = [:]
    /// Every type the page asked for.
    var asked: Set<SampleType> = []
    /// Whether the store cannot be used on this device at all.
    var isUnavailable = false
    /// Who sent the daily snapshot some figures come from, when some do.
    var snapshotSource: String?
    /// The insights of the night that ends today (the card); nil when the store has no samples.
    var insights: NightInsights?

    /// Reads `day` for the Today page, "now" being `now` (for the NoAlc streak).
    static func load(_ queries: DashboardQueries, day: LocalDate, now: Date) async throws -> TodayData {
        let range = day.range(in: queries.calendar)
        let nothing = Night(window: queries.nightWindow(endingOn: day), asleep: .none, inBed: .none)
        if let store = queries.reader as? any HealthStore, !store.isAvailable {
            return unavailable(day: day, range: range, night: nothing)
        }
        let sources = try await queries.reader.sources(for: nil)
        let snapshot = try await queries.scope.snapshots?.snapshot(on: day)
        var data = TodayData(
            day: day, range: range, isEmptyStore: sources.isEmpty && snapshot == nil, night: nothing,
            sources: sources)
        guard !data.isEmptyStore else { return data }
        data.night = try await queries.night(endingOn: day)
        data.note(.sleepAnalysis, data.night.asleep)
        data.steps = data.note(.stepCount, try await queries.total(.stepCount, .sum, over: range))
        data.distance = data.note(
            .distanceWalkingRunning, try await queries.total(.distanceWalkingRunning, .sum, over: range))
        data.activeEnergy = data.note(
            .activeEnergyBurned, try await queries.total(.activeEnergyBurned, .sum, over: range))
        data.exercise = data.note(.appleExerciseTime, try await queries.total(.appleExerciseTime, .sum, over: range))
        data.mindful = data.note(.mindfulSession, try await queries.total(.mindfulSession, .duration, over: range))
        data.restingHeartRate = data.note(
            .restingHeartRate, try await queries.total(.restingHeartRate, .average, over: range))
        data.heartRateVariability = data.note(
            .heartRateVariabilitySDNN,
            try await queries.total(.heartRateVariabilitySDNN, .average, over: range))
        data.summary = try await queries.reader.activitySummaries(in: day...day).first
        if data.summary?.moveTimeGoal != nil, data.summary?.activeEnergyBurnedGoal == nil {
            data.moveTime = data.note(.appleMoveTime, try await queries.total(.appleMoveTime, .sum, over: range))
        }
        if let stood = data.summary?.standHours {
            data.standHours = Reading(value: stood)
        } else {
            data.standHours = data.note(.appleStandHour, try await queries.standHours(in: range))
        }
        let workouts = try await queries.reader.samples(
            of: .workout, matching: SamplePredicate(range, options: .strictStartDate))
        data.asked.insert(.workout)
        if workouts.unreadableTypes.contains(.workout) {
            data.workoutsAccess = try await queries.access(to: .workout)
            data.unreadable[.workout] = data.workoutsAccess
        }
        data.workouts = workouts.value.sorted { $0.start < $1.start }
        data.noAlc = try await TodayNoAlc.load(queries, day: day, now: now)
        data.asked.insert(.numberOfAlcoholicBeverages)
        if let access = data.noAlc.access { data.unreadable[.numberOfAlcoholicBeverages] = access }
        if !sources.isEmpty {
            data.insights = try await InsightsEngine(reader: queries.reader, calendar: queries.calendar).night(day)
        }
        try await data.labelReportedTotals(queries)
        if let snapshot { data.fill(from: snapshot) }
        return data
    }

    /// The page of a store that cannot be used on this device: every figure says so.
    private static func unavailable(day: LocalDate, range: DateRange, night: Night) -> TodayData {
        let none = Reading.unreadable(.unavailable)
        var data = TodayData(
            day: day, range: range, isEmptyStore: false, steps: none, distance: none, activeEnergy: none,
            exercise: none, moveTime: none, standHours: none, mindful: none, restingHeartRate: none,
            heartRateVariability: none, night: Night(window: night.window, asleep: none, inBed: none))
        data.workoutsAccess = .unavailable
        data.noAlc.access = .unavailable
        data.isUnavailable = true
        return data
    }

    /// Records that the page asked for `type` and whether it could be read; returns `reading`.
    @discardableResult
    private mutating func note(_ type: SampleType, _ reading: Reading) -> Reading {
        asked.insert(type)
        if reading.isUnreadable { unreadable[type] = reading.access ?? .denied }
        return reading
    }

    /// The authorization state of the page's types together: authorized, partly, denied, not asked or unavailable.
    var authorization: AuthorizationState {
        if isUnavailable || unreadable.values.contains(.unavailable) { return .unavailable }
        var statuses: [SampleType: AuthorizationStatus] = [:]
        for type in asked {
            switch unreadable[type] {
            case nil: statuses[type] = .sharingAuthorized
            case .notDetermined?: statuses[type] = .notDetermined
            default: statuses[type] = .sharingDenied
            }
        }
        return AuthorizationState.aggregate(statuses)
    }

    /// The move goal in kilocalories (summaries exported in kJ are converted).
    var moveGoalKilocalories: Double? {
        guard let goal = summary?.activeEnergyBurnedGoal else { return nil }
        return summary?.activeEnergyBurnedUnit?.lowercased() == "kj" ? goal / 4.184 : goal
    }
}
