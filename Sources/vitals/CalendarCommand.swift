import ArgumentParser
import Foundation
import VitalsCore
import VitalsInsights
import VitalsStore

struct CalendarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Print a month grid of mindfulness, workouts and NoAlc, as the streaks count them.",
        discussion: """
            Each day shows three marks: M when the day's mindfulness minutes reach the goal, W when \
            its workout minutes do, and its NoAlc level (0 alcohol-free, 4, 6); '-' means not met or \
            not logged, '?' that the store may not read that type. Only this app's samples (and its \
            extensions') count unless --all-sources is given. The streak command uses the same query.
            """)

    @OptionGroup var store: StoreOptions
    @Option(name: .long, help: ArgumentHelp("The month, YYYY-MM (default: this month in --tz).", valueName: "month"))
    var month: String?
    @Option(name: .long, help: ArgumentHelp("Minutes a day needs for an M or W mark.", valueName: "n"))
    var goalMinutes: Double = StreakCounter.defaultGoalMinutes
    @Flag(
        name: .long, help: "Count samples from every source, not only this app's (the output says sources are mixed).")
    var allSources = false
    @Flag(name: .long, help: "Print the month as JSON.")
    var json = false

    func run() async throws {
        try await runReportingErrors {
            let calendar = try store.calendar()
            let month = try InsightsArguments.located("--month") {
                try self.month.map { try YearMonth(parsing: $0) } ?? YearMonth(containing: Date(), in: calendar)
            }
            let query = InsightsArguments.query(calendar: calendar, allSources: allSources)
            let activityCalendar = try InsightsArguments.located("--goal-minutes") {
                try ActivityCalendar(query: query, goalMinutes: goalMinutes)
            }
            let database = try store.open()
            let result = try await activityCalendar.month(month, store: database)
            if result.unreadableTypes.count == TrackedActivity.allCases.count {
                throw VitalsError(
                    .authorizationDenied, "reading \(InsightsArguments.names(result.unreadableTypes)) is not allowed")
            }
            if json {
                Output.json(Self.json(result, zone: calendar.timeZone))
            } else {
                print(Self.grid(result, zone: calendar.timeZone), terminator: "")
            }
            InsightsArguments.warn(unreadable: result.unreadableTypes, stale: result.staleBecause)
        }
    }

    static func json(_ result: CalendarMonth, zone: TimeZone) -> [String: Any] {
        [
            "month": result.month.description, "timeZone": zone.identifier, "goalMinutes": result.goalMinutes,
            "start": ISO8601.format(result.range.start, in: zone), "end": ISO8601.format(result.range.end, in: zone),
            "sourcesAreMixed": result.sourcesAreMixed, "sources": result.sources.map(\.name),
            "unreadableTypes": result.unreadableTypes.map(\.shortName).sorted(), "stale": result.staleBecause != nil,
            "days": result.days.map { day -> [String: Any] in
                let activity = day.activity
                return [
                    "date": activity.day.description, "weekday": day.weekday.shortName,
                    "mindfulnessMinutes": activity.mindfulnessMinutes.map { $0 as Any } ?? NSNull(),
                    "workoutMinutes": activity.workoutMinutes.map { $0 as Any } ?? NSNull(),
                    "noAlc": activity.noAlc.map { $0.rawValue as Any } ?? NSNull(),
                    "met": TrackedActivity.allCases.filter { day.met.contains($0) }.map(\.rawValue),
                ]
            },
        ]
    }

    static func grid(_ result: CalendarMonth, zone: TimeZone) -> String {
        let names = DateFormatter()
        names.locale = Locale(identifier: "en_US_POSIX")
        names.dateFormat = "LLLL yyyy"
        names.timeZone = zone
        let scope = result.sourcesAreMixed ? "all sources (mixed)" : "this app's samples"
        var text =
            "\(names.string(from: result.range.start)) · \(zone.identifier) · goal \(Output.number(result.goalMinutes)) min · \(scope)\n"
        let order: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
        text +=
            order.map { $0.shortName.capitalized.padding(toLength: 6, withPad: " ", startingAt: 0) }
            .joined(separator: " ").trimmingCharacters(in: .whitespaces) + "\n"
        var cells = Array(repeating: "      ", count: order.firstIndex(of: result.days.first?.weekday ?? .monday) ?? 0)
        for day in result.days { cells.append(cell(day, unreadable: result.unreadableTypes)) }
        while !cells.isEmpty {
            let week = cells.prefix(7)
            cells.removeFirst(week.count)
            text +=
                week.joined(separator: " ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
                + "\n"
        }
        text += "M mindfulness, W workout (goal met), 0/4/6 NoAlc level; - not met or not logged, ? not readable\n"
        return text
    }

    static func cell(_ day: CalendarMonth.Day, unreadable: Set<SampleType>) -> String {
        func mark(_ activity: TrackedActivity, _ letter: String) -> String {
            if unreadable.contains(activity.sampleType) { return "?" }
            return day.met.contains(activity) ? letter : "-"
        }
        let noAlc =
            unreadable.contains(TrackedActivity.noalc.sampleType)
            ? "?" : day.activity.noAlc.map { String($0.rawValue) } ?? "-"
        let number = String(day.activity.day.day)
        return (number.count == 1 ? " " : "") + number + " " + mark(.mindfulness, "M") + mark(.workout, "W") + noAlc
    }
}
