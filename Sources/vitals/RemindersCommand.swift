import ArgumentParser
import Foundation
import VitalsCore
import VitalsInsights
import VitalsStore

struct RemindersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders",
        abstract: "Reverse smart reminders: nudges that logging the activity cancels for the day.",
        discussion: """
            A reminder names an activity (mindfulness, workout, noalc), a daily window in local time \
            (--tz) and weekdays. `vitals log` of that activity cancels today's pending occurrence; \
            other activities and other days keep theirs.
            """,
        subcommands: [Add.self, List.self, Due.self, Remove.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a reminder.")

        @OptionGroup var store: StoreOptions
        @Option(name: .long, help: ArgumentHelp("mindfulness, workout or noalc.", valueName: "activity"))
        var activity: String
        @Option(name: .long, help: ArgumentHelp("Start of the daily window, HH:MM local time.", valueName: "time"))
        var from: String
        @Option(
            name: .long, help: ArgumentHelp("End of the window (exclusive), HH:MM, up to 24:00.", valueName: "time"))
        var to: String
        @Option(
            name: .long,
            help: ArgumentHelp(
                "Days of the week: mon,tue,... or daily, weekdays, weekends.", valueName: "days"))
        var days = "daily"
        @Flag(name: .long, help: "Print the reminder as JSON.")
        var json = false

        func run() async throws {
            try await runReportingErrors {
                let reminder = try InsightsArguments.located("--activity") { try TrackedActivity(name: activity) }
                let start = try InsightsArguments.located("--from") {
                    try Reminder.minute(parsing: from, field: "from")
                }
                let end = try InsightsArguments.located("--to") { try Reminder.minute(parsing: to, field: "to") }
                let weekdays = try InsightsArguments.located("--days") { try Weekday.parseList(days) }
                let value = try InsightsArguments.located("--to") {
                    try Reminder(activity: reminder, startMinute: start, endMinute: end, weekdays: weekdays)
                }
                let database = try store.open()
                try await RemindersCommand.rules(database, store).add(value)
                if json {
                    Output.json(RemindersCommand.json(value))
                } else {
                    print("added \(RemindersCommand.describe(value)) (\(value.id.uuidString))")
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List reminders with their status on a day (default today).")

        @OptionGroup var store: StoreOptions
        @Option(
            name: .long, help: ArgumentHelp("The day whose status to show (default today in --tz).", valueName: "date"))
        var date: String?
        @Flag(name: .long, help: "Print a JSON array of reminders, each with its status that day.")
        var json = false

        func run() async throws {
            try await runReportingErrors {
                let day = try date.map { try store.date($0, option: "--date") } ?? Date()
                let database = try store.open()
                let rules = try RemindersCommand.rules(database, store)
                let occurrences = try await rules.occurrences(on: day)
                let all = try await rules.scheduler.reminders()
                let rows = all.map { reminder -> (Reminder, String) in
                    let status = occurrences.first { $0.reminder.id == reminder.id }?.status.rawValue ?? "not scheduled"
                    return (reminder, status)
                }
                if json {
                    Output.json(
                        rows.map { reminder, status -> [String: Any] in
                            var object = RemindersCommand.json(reminder)
                            object["status"] = status
                            return object
                        })
                } else if rows.isEmpty {
                    print("no reminders")
                } else {
                    Output.table(
                        ["id", "activity", "window", "days", "status"],
                        rows.map { reminder, status in
                            [
                                reminder.id.uuidString, reminder.activity.rawValue, RemindersCommand.window(reminder),
                                RemindersCommand.days(reminder), status,
                            ]
                        })
                }
            }
        }
    }

    struct Due: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "due", abstract: "List pending reminders whose window holds now (or --at).")

        @OptionGroup var store: StoreOptions
        @Option(name: .long, help: ArgumentHelp("The moment to check instead of now.", valueName: "date"))
        var at: String?
        @Flag(name: .long, help: "Mark the listed reminders delivered, so they are not due again today.")
        var deliver = false
        @Flag(name: .long, help: "Print a JSON array of due reminders.")
        var json = false

        func run() async throws {
            try await runReportingErrors {
                let moment = try at.map { try store.date($0, option: "--at") } ?? Date()
                let database = try store.open()
                let rules = try RemindersCommand.rules(database, store)
                let due: [ReminderOccurrence]
                if deliver {
                    due = try await rules.deliverDue(at: moment)
                } else {
                    due = try await rules.due(at: moment)
                }
                if json {
                    Output.json(
                        due.map { occurrence -> [String: Any] in
                            var object = RemindersCommand.json(occurrence.reminder)
                            object["day"] = occurrence.day.description
                            object["status"] = occurrence.status.rawValue
                            return object
                        })
                } else if due.isEmpty {
                    print("nothing due")
                } else {
                    for occurrence in due {
                        print(
                            "\(RemindersCommand.describe(occurrence.reminder)): \(occurrence.status.rawValue) (\(occurrence.reminder.id.uuidString))"
                        )
                    }
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Delete a reminder by id.")

        @OptionGroup var store: StoreOptions
        @Argument(help: ArgumentHelp("The reminder's id (from `vitals reminders list`).", valueName: "id"))
        var id: String

        func run() async throws {
            try await runReportingErrors {
                guard let uuid = UUID(uuidString: id) else {
                    throw ValidationError("<id>: '\(id)' is not a reminder id (a UUID)")
                }
                guard try await SQLiteReminderStore(try store.open()).removeReminder(id: uuid) else {
                    throw VitalsError(.notFound, "no reminder has this id", at: InputLocation(field: "id"))
                }
                print("removed \(uuid.uuidString)")
            }
        }
    }

    /// The reminder rules over the store, in `--tz`.
    static func rules(_ database: SQLiteHealthStore, _ options: StoreOptions) throws -> SmartReminders {
        let calendar = try options.calendar()
        let reminders = try SQLiteReminderStore(database)
        return SmartReminders(
            scheduler: StoreReminderScheduler(store: reminders, calendar: calendar), calendar: calendar)
    }

    static func window(_ reminder: Reminder) -> String {
        "\(Reminder.clockText(reminder.startMinute))-\(Reminder.clockText(reminder.endMinute))"
    }

    static func days(_ reminder: Reminder) -> String {
        if reminder.weekdays.count == 7 { return "daily" }
        let order: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
        return order.filter { reminder.weekdays.contains($0) }.map(\.shortName).joined(separator: ",")
    }

    static func describe(_ reminder: Reminder) -> String {
        "\(reminder.activity) \(window(reminder)) \(days(reminder))"
    }

    static func json(_ reminder: Reminder) -> [String: Any] {
        [
            "id": reminder.id.uuidString, "activity": reminder.activity.rawValue,
            "from": Reminder.clockText(reminder.startMinute), "to": Reminder.clockText(reminder.endMinute),
            "days": days(reminder).split(separator: ",").map(String.init),
        ]
    }
}
