import ArgumentParser
import Foundation
import VitalsCore

extension UserCommand {
    /// `vitals user remove NAME --yes`: the user, their token and all their data, gone.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a user and erase all their data (cannot be undone).",
            discussion: """
                Erases the user's snapshots, samples, workouts, routes, activity summaries, quests and \
                ingest log, then the user and their token, in one transaction: all of it or nothing. \
                Their token stops working at once for new requests and within the server's token \
                cache lifetime (5 s) for clients that used it moments before. Export first \
                (GET /api/me/export) to keep a copy.
                """)

        @OptionGroup var database: ServerDatabaseOptions

        @Argument(help: ArgumentHelp("The user's name.", valueName: "name"))
        var name: String

        @Flag(name: .long, help: "Confirm: really erase the user and everything stored for them.")
        var yes = false

        @Flag(name: .long, help: "Print {\"name\", \"erased\": {counts per kind}} as JSON.")
        var json = false

        func validate() throws {
            guard yes else {
                throw ValidationError("removing \(name) erases the user and all their data; pass --yes to confirm")
            }
        }

        func run() async throws {
            try await runReportingErrors {
                let erased = try await database.withRepository { try await $0.removeUser(named: name) }
                let counts: [(String, Int)] = [
                    ("snapshots", erased.snapshots), ("samples", erased.samples), ("workouts", erased.workouts),
                    ("workoutSamples", erased.workoutSamples), ("routePoints", erased.routePoints),
                    ("activitySummaries", erased.activitySummaries), ("quests", erased.quests),
                    ("questCompletions", erased.questCompletions), ("ingests", erased.ingests),
                    ("characteristics", erased.characteristics), ("importJobs", erased.importJobs),
                    ("rawData", erased.rawData),
                ]
                if json {
                    Output.json(["name": name, "erased": Dictionary(uniqueKeysWithValues: counts)])
                } else {
                    print("removed \(name): " + counts.map { "\($1) \($0)" }.joined(separator: ", "))
                }
            }
        }
    }
}
