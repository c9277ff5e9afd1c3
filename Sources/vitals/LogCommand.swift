import ArgumentParser
import Foundation
import VitalsCore
import VitalsInsights
import VitalsStore

struct LogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log a meditation, a workout or the day's alcohol, tagged with the app's source.",
        discussion: "Logging an activity today cancels today's pending reminders for it (see `vitals reminders`).",
        subcommands: [Mindfulness.self, WorkoutLog.self, Alcohol.self])

    struct Mindfulness: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mindfulness", abstract: "Log a mindful session (logMindfulness(start:end:)).")

        @OptionGroup var store: StoreOptions
        @Option(name: .long, help: ArgumentHelp("When it started (ISO 8601 or YYYY-MM-DD).", valueName: "date"))
        var start: String
        @Option(name: .long, help: ArgumentHelp("When it ended.", valueName: "date"))
        var end: String
        @Flag(name: .long, help: "Print the saved sample as JSON.")
        var json = false

        func run() async throws {
            try await runReportingErrors {
                let logger = try ActivityLogger(store: try store.open())
                let logged = try await logger.logMindfulness(
                    start: try store.date(start, option: "--start"),
                    end: try store.date(end, option: "--end"))
                try printLogged(logged, json: json, store: store)
            }
        }
    }

    struct WorkoutLog: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "workout",
            abstract: "Log a workout with MET-based active energy (logWorkout(start:end:activity:)).",
            discussion: "Calories = MET of the activity × latest body mass (else 70 kg) × hours.")

        @OptionGroup var store: StoreOptions
        @Option(name: .long, help: ArgumentHelp("When it started.", valueName: "date"))
        var start: String
        @Option(name: .long, help: ArgumentHelp("When it ended.", valueName: "date"))
        var end: String
        @Option(name: .long, help: ArgumentHelp("HealthKit activity name (running, yoga, ...).", valueName: "name"))
        var activity = "highIntensityIntervalTraining"
        @Flag(name: .long, help: "Print the saved workout as JSON.")
        var json = false

        func run() async throws {
            try await runReportingErrors {
                guard let activityType = WorkoutActivityType(name: activity) else {
                    throw VitalsError(
                        .invalidInput, "'\(activity)' is not a HealthKit workout activity",
                        at: InputLocation(field: "--activity"))
                }
                let logger = try ActivityLogger(store: try store.open())
                let logged = try await logger.logWorkout(
                    start: try store.date(start, option: "--start"),
                    end: try store.date(end, option: "--end"),
                    activity: activityType)
                try printLogged(logged, json: json, store: store)
            }
        }
    }

    struct Alcohol: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "alcohol",
            abstract: "Log the day's NoAlc level (logAlcohol(drinks:date:)), stored at local midnight.",
            discussion: "Levels: none (0), moderate (4), heavy (6). Logging a day again replaces its level.")

        @OptionGroup var store: StoreOptions
        @Option(name: .long, help: ArgumentHelp("none, moderate or heavy (or 0, 4, 6).", valueName: "level"))
        var level: String
        @Option(name: .long, help: ArgumentHelp("The day (default: today in --tz).", valueName: "date"))
        var date: String?
        @Flag(name: .long, help: "Print the saved sample as JSON.")
        var json = false

        func run() async throws {
            try await runReportingErrors {
                guard let noAlc = NoAlcLevel(name: level) else {
                    throw VitalsError(
                        .invalidInput, "'\(level)' is not none, moderate or heavy",
                        at: InputLocation(field: "--level"))
                }
                let logger = try ActivityLogger(store: try store.open())
                let day = try date.map { try store.date($0, option: "--date") } ?? Date()
                let logged = try await logger.logAlcohol(drinks: noAlc, date: day)
                try printLogged(logged, json: json, store: store)
            }
        }
    }
}

/// Prints the logged sample (JSON: the sample's line), and on stderr the reminders it cancelled.
private func printLogged(_ logged: LoggedActivity, json: Bool, store: StoreOptions) throws {
    let zone = try store.zone()
    let sample = logged.sample
    for occurrence in logged.cancelledReminders {
        FileHandle.standardError.write(
            Data(
                "cancelled today's reminder \(RemindersCommand.describe(occurrence.reminder)) (\(occurrence.reminder.id.uuidString))\n"
                    .utf8))
    }
    if let failure = logged.reminderFailure {
        FileHandle.standardError.write(Data("warning: logged, but reminders were not cancelled: \(failure)\n".utf8))
    }
    if json {
        print(SampleJSON.line(for: sample, in: zone))
        return
    }
    var text = "logged \(sample.type.shortName) \(ISO8601.format(sample.start, in: zone))"
    if sample.end > sample.start { text += " – \(ISO8601.format(sample.end, in: zone))" }
    if let energy = sample.workout?.statistics(for: .activeEnergyBurned)?.sum {
        text += ", \(Output.number(energy, digits: 1)) kcal"
    }
    print(text + " (\(sample.uuid.uuidString))")
}
