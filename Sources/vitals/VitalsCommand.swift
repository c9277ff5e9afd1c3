import ArgumentParser
import Foundation

@main
struct VitalsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitals",
        abstract: "A HealthKit-faithful health data store on SQLite.",
        discussion: """
            Every command takes --db PATH (default $VITALS_DB, else ~/.local/share/vitals/vitals.sqlite) \
            and --tz ZONE (an IANA zone for reading and printing dates; default the system zone). \
            Dates are YYYY-MM-DD (local midnight in --tz) or ISO 8601 with an offset. \
            Commands that print data take --json.

            Exit codes: 0 success, 1 other failure, 64 bad arguments, 65 bad input data, \
            66 input file missing, 69 store unavailable, 73 duplicate sample, 74 database or I/O error, \
            76 not found, 77 not authorized, 78 written by a newer vitals (upgrade first), \
            130 interrupted (nothing stored).
            """,
        version: VitalsVersion.text,
        subcommands: [
            DemoCommand.self, ImportCommand.self, AddCommand.self, SamplesCommand.self, ExportCommand.self,
            StatsCommand.self,
            SourcesCommand.self, ChangesCommand.self, DeleteCommand.self, LogCommand.self,
            TypesCommand.self, ServeCommand.self, DashboardCommand.self, UserCommand.self, MigrateCommand.self,
            SyncCommand.self,
            CalendarCommand.self, StreakCommand.self, InsightsCommand.self, RemindersCommand.self,
            WeightCommand.self, NutritionCommand.self, EditCommand.self, WorkoutsCommand.self, MealsCommand.self,
            McpCommand.self, BackupCommand.self, RestoreCommand.self,
        ])
}
