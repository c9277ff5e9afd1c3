import ArgumentParser

struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Push the store's days to a Vitals sync server, or send a day typed in by hand (manual mode).",
        discussion: """
            `vitals sync --server URL` runs `vitals sync push`: the store's daily metrics and \
            workouts, over the daily-metrics or the journey sync API. When the store may read none \
            of the synced types it runs in manual mode instead of failing (nothing is sent); \
            `vitals sync manual` then sends a day's typed-in values with source MANUAL.
            """,
        subcommands: [SyncPushCommand.self, SyncManualCommand.self], defaultSubcommand: SyncPushCommand.self)
}
