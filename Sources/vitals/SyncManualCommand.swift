import ArgumentParser
import Foundation
import Logging
import VitalsContract
import VitalsCore
import VitalsSync

struct SyncManualCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual",
        abstract: "Send one day's values typed in by hand to a sync server, with source MANUAL (manual mode).",
        discussion: """
            For users who did not allow reading health data, or values no device recorded. The day \
            goes to the journey sync API (POST /api/health/sync) with source MANUAL, whatever \
            contract `vitals sync push` uses; the server keeps it in its own snapshot, verification \
            level SELF_REPORTED, beside device-verified data, and evaluates quests (those that \
            require verified data ignore it). Values not given stay unknown and leave what the \
            server stored for the day alone; give at least one. The store is not read.

            Limits (the server's, checked before sending): steps 0 to 1,000,000; minutes 0 to \
            1440; kcal 0 to 50,000; a workout 0 to 2880 minutes. Sending the same workout again \
            (same type and start) stores it once.

            Exit codes: 0 sent, 64 bad arguments or values, 65 the server rejected the data, \
            69 the server could not be reached or kept failing, 76 no such route, 77 the token \
            was refused.
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var target: SyncServerOptions

    @Option(name: .long, help: ArgumentHelp("The day, YYYY-MM-DD in --tz (default: today).", valueName: "date"))
    var date: String?

    @Option(name: .long, help: ArgumentHelp("Steps that day.", valueName: "n"))
    var steps: Int?

    @Option(name: .long, help: ArgumentHelp("Exercise minutes that day.", valueName: "minutes"))
    var exerciseMinutes: Int?

    @Option(name: .long, help: ArgumentHelp("Minutes asleep that day.", valueName: "minutes"))
    var sleepMinutes: Int?

    @Option(name: .long, help: ArgumentHelp("Active energy burned that day, kcal.", valueName: "kcal"))
    var activeCalories: Double?

    @Flag(
        name: .long, inversion: .prefixedNo,
        help: ArgumentHelp(
            "Whether the day's protein goal was logged (--no-protein-logged for no; default: unknown)."))
    var proteinLogged: Bool?

    @Option(
        name: .long, parsing: .singleValue,
        help: ArgumentHelp(
            "A workout: type=NAME,minutes=N[,start=HH:MM][,kcal=N][,distance=METRES]; repeat for more.",
            discussion:
                "NAME is a HealthKit activity name (running, traditionalStrengthTraining); start defaults to 12:00 in --tz.",
            valueName: "spec"))
    var workout: [String] = []

    @Flag(
        name: .long,
        help: """
            Print the result as one JSON object: {server, date, source, verificationLevel, workoutsSent, questsEvaluated, \
            questsCompleted, requests}.
            """)
    var json = false

    func validate() throws {
        guard
            steps != nil || exerciseMinutes != nil || sleepMinutes != nil || activeCalories != nil
                || proteinLogged != nil || !workout.isEmpty
        else {
            throw ValidationError(
                "give at least one value: --steps, --exercise-minutes, --sleep-minutes, "
                    + "--active-calories, --protein-logged or --workout")
        }
    }

    func run() async throws {
        try await runReportingErrors {
            let endpoint = try target.endpoint()
            let calendar = try store.calendar()
            let day =
                try date.map { try LocalDate(containing: store.date($0, option: "--date"), in: calendar) }
                ?? LocalDate(containing: Date(), in: calendar)
            var entry = ManualDayEntry(
                date: day, steps: steps, exerciseMinutes: exerciseMinutes, sleepMinutes: sleepMinutes,
                activeCalories: activeCalories, proteinLogged: proteinLogged)
            for (index, spec) in workout.enumerated() {
                entry.workouts.append(try Self.parseWorkout(spec, on: day, calendar: calendar, index: index))
            }
            var logger = Logger(label: "vitals.sync", factory: { StreamLogHandler.standardError(label: $0) })
            logger.logLevel = .notice
            var configuration = HealthSyncService.Configuration()
            configuration.calendar = calendar
            let service = HealthSyncService(
                store: try store.open(), endpoint: endpoint, contract: .journey,
                cursors: FileSyncCursorStore(path: FileSyncCursorStore.defaultPath(forStoreAt: store.databasePath)),
                configuration: configuration, logger: logger)
            let report: ManualSyncReport
            do {
                report = try await service.sendManual(entry)
            } catch let error as VitalsError {
                // A value the entry refused names its flag: a usage error (64), not the server's.
                guard let field = error.location?.field else { throw error }
                var located = error
                located.location = InputLocation(field: Self.flag(for: field))
                throw located
            }
            Self.show(report, json: json)
        }
    }

    /// The flag a field of ``ManualDayEntry`` comes from (`steps` → `--steps`, `workouts[1].type` → `--workout`).
    static func flag(for field: String) -> String {
        if field.hasPrefix("workouts") { return "--workout" }
        return "--"
            + field.reduce(into: "") { text, character in
                text += character.isUppercase ? "-" + character.lowercased() : String(character)
            }
    }

    /// Parses `type=running,minutes=45,start=07:30,kcal=350,distance=5000`.
    static func parseWorkout(_ spec: String, on day: LocalDate, calendar: Calendar, index: Int) throws -> SyncedWorkout
    {
        func invalid(_ message: String) -> VitalsError {
            VitalsError(.invalidInput, "workout \(index + 1): \(message)", at: InputLocation(field: "--workout"))
        }
        var fields: [String: String] = [:]
        for part in spec.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, ["type", "minutes", "start", "kcal", "distance"].contains(pair[0]) else {
                throw invalid("expected type=NAME,minutes=N[,start=HH:MM][,kcal=N][,distance=METRES]")
            }
            guard fields.updateValue(pair[1], forKey: pair[0]) == nil else {
                throw invalid("\(pair[0]) is given twice")
            }
        }
        guard let type = fields["type"], !type.isEmpty else { throw invalid("type is required") }
        guard let minutes = fields["minutes"].flatMap(Double.init), minutes.isFinite else {
            throw invalid("minutes is required, a number")
        }
        var hour = 12, minute = 0
        if let start = fields["start"] {
            let parts = start.split(separator: ":").compactMap { Int($0) }
            guard parts.count == 2, (0..<24).contains(parts[0]), (0..<60).contains(parts[1]) else {
                throw invalid("start is HH:MM")
            }
            (hour, minute) = (parts[0], parts[1])
        }
        func number(_ key: String) throws -> Double? {
            guard let text = fields[key] else { return nil }
            guard let value = Double(text), value.isFinite else { throw invalid("\(key) is a number") }
            return value
        }
        let start =
            calendar.date(byAdding: .minute, value: hour * 60 + minute, to: day.start(in: calendar))
            ?? day.start(in: calendar)
        return SyncedWorkout(
            type: type, durationMinutes: minutes, calories: try number("kcal"), distance: try number("distance"),
            startTime: start, endTime: start.addingTimeInterval(minutes * 60))
    }

    static func show(_ report: ManualSyncReport, json: Bool) {
        if json {
            Output.json(
                [
                    "server": report.server, "date": report.date.description, "source": report.source.rawValue,
                    "verificationLevel": report.verificationLevel.rawValue, "workoutsSent": report.workoutsSent,
                    "questsEvaluated": report.questsEvaluated, "questsCompleted": report.questsCompleted,
                    "requests": report.requests,
                ] as [String: Any])
        } else {
            var line =
                "sent \(report.date) to \(report.server) as \(report.source.rawValue) (\(report.verificationLevel.rawValue))"
            line += ": \(report.workoutsSent) workout\(report.workoutsSent == 1 ? "" : "s"), "
            line += "\(report.questsCompleted) quest\(report.questsCompleted == 1 ? "" : "s") completed"
            line += ", \(report.requests) request\(report.requests == 1 ? "" : "s")"
            print(line)
        }
    }
}
