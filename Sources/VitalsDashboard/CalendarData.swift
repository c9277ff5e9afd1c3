import Foundation
import VitalsCore
import VitalsInsights

/// One day of a calendar: the figure's value and the activity marks.
struct CalendarDay: Sendable, Hashable {
    var day: LocalDate
    /// The figure's statistic for the day (night), `nil` when nothing was measured.
    var value: Double?
    /// Mindfulness and workout minutes and the NoAlc level, as `vitals calendar` reads them.
    var activity: DailyActivity?
    /// The activities whose goal the day met (NoAlc: logged alcohol-free).
    var met: Set<TrackedActivity> = []
    /// The quests completed on the day (a server user's), by title.
    var quests: [CompletedQuest] = []
}

/// What the Calendar page shows: a month or a year of one daily figure, each day's marks and the current streaks.
///
/// The marks are ``ActivityCalendar``'s months and the streaks ``StreakCounter``'s, over the
/// same ``DailyActivityQuery`` `vitals calendar` and `vitals streak` run (the scope's app's
/// samples, or every source with `sources=all`), so they show what those commands print.
/// Completed quests come from the scope's ``QuestReading`` (a server user's), on the day
/// whose data completed them.
struct CalendarData: Sendable {
    var request: CalendarRequest
    var today: LocalDate
    var isEmptyStore: Bool
    /// Whether the figure's type may not be read (its values are unknown, not zero).
    var isUnreadable = false
    var days: [CalendarDay] = []
    /// The goal the marks and streaks use.
    var goalMinutes: Double
    /// Activity types that may not be read (their marks are unknown).
    var unreadableActivities: Set<SampleType> = []
    /// Whether every source counted for the marks.
    var sourcesAreMixed = false
    /// The current streak of each activity as of now.
    var streaks: [Streak] = []
    /// Whether the scope has quests (a server user): the grid marks completed ones and the legend names the mark.
    var showsQuests = false

    /// Reads `request`, "now" being `now`.
    static func load(_ queries: DashboardQueries, request: CalendarRequest, now: Date) async throws -> CalendarData {
        let goal = request.goalMinutes ?? StreakCounter.defaultGoalMinutes
        var data = CalendarData(
            request: request, today: LocalDate(containing: now, in: queries.calendar),
            isEmptyStore: try await queries.isEmpty(), goalMinutes: goal)
        let range = request.days
        guard !data.isEmptyStore else {
            data.days = (0...range.lowerBound.days(to: range.upperBound)).map {
                CalendarDay(day: range.lowerBound.adding(days: $0))
            }
            return data
        }
        let figure = try await queries.buckets(
            request.metric, first: range.lowerBound, end: range.upperBound.adding(days: 1),
            interval: .day)
        data.isUnreadable = figure.isUnreadable
        data.days = figure.buckets.enumerated().map { index, bucket in
            CalendarDay(
                day: range.lowerBound.adding(days: index),
                value: figure.isUnreadable ? nil : bucket.value(for: request.metric.primary))
        }
        let query = DailyActivityQuery(
            calendar: queries.calendar,
            sources: request.allSources ? .all : queries.scope.activitySources)
        data.sourcesAreMixed = query.sources.mayMixSources
        let calendar = try ActivityCalendar(query: query, goalMinutes: goal)
        var month = try YearMonth(year: range.lowerBound.year, month: range.lowerBound.month)
        while month.firstDay <= range.upperBound {
            let marks = try await calendar.month(month, reader: queries.reader)
            data.unreadableActivities.formUnion(marks.unreadableTypes)
            for day in marks.days {
                let index = range.lowerBound.days(to: day.activity.day)
                guard data.days.indices.contains(index) else { continue }
                data.days[index].activity = day.activity
                data.days[index].met = day.met
            }
            month = month.next
        }
        if let quests = queries.scope.quests {
            data.showsQuests = true
            for quest in try await quests.completedQuests(from: range.lowerBound, through: range.upperBound) {
                let index = range.lowerBound.days(to: quest.day)
                guard data.days.indices.contains(index) else { continue }
                data.days[index].quests.append(quest)
            }
        }
        for activity in TrackedActivity.allCases {
            let counter = try StreakCounter(
                activity: activity, goalMinutes: activity.isMeasuredInMinutes ? goal : nil, query: query)
            data.streaks.append(try await counter.streak(now: now, reader: queries.reader))
        }
        return data
    }

    /// The shades of the days' values.
    var scale: HeatScale { HeatScale(days.compactMap(\.value), fromZero: request.metric.isAdditive) }

    /// The quests completed in the shown period, by day.
    var completedQuests: [CompletedQuest] { days.flatMap(\.quests) }

    /// Whether any day has a value.
    var hasData: Bool { days.contains { $0.value != nil } }
}
