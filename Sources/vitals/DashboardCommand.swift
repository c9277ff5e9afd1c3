import ArgumentParser
import Foundation
import VitalsCore
import VitalsDashboard

struct DashboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "Serve a web dashboard of the store on this computer (127.0.0.1 only) until stopped.",
        discussion: """
            Pages: / (today: rings, steps, distance, active energy, exercise, last night's sleep, \
            resting heart rate, HRV, workouts, mindful minutes) and /day/YYYY-MM-DD (hourly steps, \
            heart rate with its hourly range, sleep stages, workouts with their routes). Numbers are \
            the ones `vitals stats` prints for the same store and --tz: sources merged, days midnight \
            to midnight in the zone.

            It listens on 127.0.0.1 only (the pages have no sign-in), prints `dashboard on \
            http://127.0.0.1:PORT/` once listening and tries to open that URL in a browser unless \
            --no-open. SIGINT and SIGTERM stop it gracefully.
            """)

    @OptionGroup var store: StoreOptions

    @OptionGroup var serving: DashboardServeOptions

    func run() async throws {
        try await runReportingErrors {
            let database = try store.open()
            var configuration = DashboardConfiguration()
            configuration.gettingStarted = [
                "vitals import export.zip --db \(Self.quoted(store.databasePath))",
                "vitals demo --dashboard",
            ]
            try await serving.serve(database, configuration: configuration)
        }
    }

    /// `path` as one shell word.
    static func quoted(_ path: String) -> String {
        path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+~".contains($0) }
            ? path
            : "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
