import ArgumentParser
import Foundation
import VitalsContract
import VitalsCore
import VitalsInsights
import VitalsStore

struct InsightsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract:
            "Print a day's sleep score, overnight vitals, readiness, trends and factor effects, with their working.",
        discussion: """
            Every figure shows its parts, its inputs and the baseline it was held against; a figure \
            whose inputs are missing is left out with the reason, never shown as zero. The night of \
            a day is the one that ends on it. The formulas, windows and thresholds are in the \
            README ("Insights"): sleep score (duration 50, bedtime 30, interruptions 20 points), \
            overnight vitals against the 28 nights before, readiness (HRV 40%, resting heart rate \
            30%, sleep efficiency 30% as z-scores against 28 days), trends (the last 90 days \
            against the 365 before) and factor effects (alcohol, a workout from 19:00, mindful \
            minutes against the next night's sleep, at least 3 days each side).

            --correlate X,Y prints the correlation of two daily figures over the --days days \
            ending on --date instead (Pearson's r and the number of days; --lag 1 takes Y the \
            day after X). Figures: steps, activeEnergy, exerciseMinutes, restingHeartRate, hrv, \
            sleep, walkingSpeed, weight.

            Exit codes: 0 printed (also when figures are missing), 64 bad arguments, 66 the store \
            cannot be opened.
            """)

    @OptionGroup var store: StoreOptions

    @Option(
        name: .long,
        help: ArgumentHelp("The day, YYYY-MM-DD in --tz (default: today).", valueName: "date"))
    var date: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Two daily figures, X,Y: print their correlation instead.", valueName: "x,y"))
    var correlate: String?

    @Option(
        name: .long, help: ArgumentHelp("With --correlate: take Y this many days after X (0 or 1).", valueName: "n"))
    var lag = 0

    @Option(name: .long, help: ArgumentHelp("With --correlate: the days looked at, ending on --date.", valueName: "n"))
    var days = 90

    @Flag(name: .long, help: "Print JSON (the same document as GET /api/me/insights).")
    var json = false

    func validate() throws {
        guard (0...1).contains(lag) else { throw ValidationError("--lag must be 0 or 1") }
        guard (10...3660).contains(days) else { throw ValidationError("--days must be 10 to 3660") }
        if let correlate { _ = try Self.figures(correlate) }
    }

    /// The two figures of `--correlate X,Y`.
    static func figures(_ text: String) throws -> (DailyFigure, DailyFigure) {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let figures = names.compactMap { DailyFigure(rawValue: $0) }
        guard names.count == 2, figures.count == 2 else {
            let known = DailyFigure.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--correlate takes two figures separated by a comma, from: \(known)")
        }
        return (figures[0], figures[1])
    }

    func run() async throws {
        try await runReportingErrors {
            let calendar = try store.calendar()
            var day = LocalDate(containing: Date(), in: calendar)
            if let date {
                do throws(VitalsError) {
                    day = try LocalDate(parsing: date)
                } catch {
                    throw error.located(InputLocation(field: "--date"))
                }
            }
            let engine = InsightsEngine(reader: try store.open(), calendar: calendar)
            if let correlate {
                let (x, y) = try Self.figures(correlate)
                let result = try await engine.correlation(x, y, lag: lag, through: day, days: days)
                if json { print(try Self.encoded(result)) } else { print(InsightsText.correlation(result, x: x, y: y)) }
                return
            }
            let insights = try await engine.day(day)
            if json { print(try Self.encoded(insights)) } else { print(InsightsText.day(insights)) }
        }
    }

    /// One line of JSON as the server answers it: keys sorted, dates in ISO 8601 (``ReadAPI/encoder()``).
    static func encoded(_ value: some Encodable) throws -> String {
        String(decoding: try ReadAPI.encoder().encode(value), as: UTF8.self)
    }
}
