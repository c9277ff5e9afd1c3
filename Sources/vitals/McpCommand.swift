import ArgumentParser
import Foundation
import MCP
import VitalsCore
import VitalsMCP
import VitalsStore
import VitalsSync

struct McpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the store to an assistant as a Model Context Protocol server (stdio).",
        discussion: """
            Speaks MCP (JSON-RPC) on standard input and output; an MCP client starts it. Its tools are \
            read-only: list_holdings, day_summary, statistics, samples, trends, workouts, sleep_nights, \
            streak and insights (a day's sleep score, overnight vitals and readiness with their working). \
            Statistics are Apple Health's (sources merged by priority, sleep as the union of asleep \
            stages), the same figures `vitals stats` prints. Dates in answers are in --tz. Nothing but the \
            protocol is written to standard output; errors go to standard error.

            With --server it serves a server user's data instead, read through the server's read API \
            (/api/v1/types, samples, statistics, ...) with the user's token, never its database; days are \
            then the user's own zone unless --tz is given.
            """)

    @OptionGroup var store: StoreOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Read a `vitals serve` user's data from this server (http://127.0.0.1:8080) instead of --db.",
            valueName: "url"))
    var server: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The user's API token for --server (default: $VITALS_TOKEN).",
            discussion:
                "Prefer $VITALS_TOKEN: a token on the command line is visible to other users in the process list.",
            valueName: "token"))
    var token: String?

    func validate() throws {
        if server == nil, token != nil { throw ValidationError("--token needs --server") }
        if server != nil, resolvedToken == nil { throw ValidationError("--server needs --token or VITALS_TOKEN") }
        if server != nil, store.db != nil { throw ValidationError("give --db or --server, not both") }
    }

    /// `--token`, else `$VITALS_TOKEN`.
    private var resolvedToken: String? { SyncServerOptions.token(token) }

    func run() async throws {
        try await runReportingErrors {
            if let server {
                let reader: RemoteHealthReader
                do throws(VitalsError) {
                    reader = try RemoteHealthReader(server: server, token: resolvedToken ?? "")
                } catch {
                    var located = error
                    located.location = InputLocation(field: error.location?.field == "token" ? "--token" : "--server")
                    throw located
                }
                let zone: TimeZone
                if store.tz != nil {
                    zone = try store.zone()
                } else {
                    do {
                        zone = try await reader.userTimeZone()
                    } catch let error as RemoteReadError {
                        // 77 for a refused token, 69 for a server that did not answer (no flag location: not a usage error).
                        throw VitalsError(error.tokenRefused ? .authorizationDenied : .unavailable, error.description)
                    }
                }
                let toolbox = HealthToolbox(reader: reader, calendar: Calendar.gregorian(in: zone))
                let server = HealthMCPServer(toolbox: toolbox, version: VitalsVersion.number) { error in
                    (error as? RemoteReadError)?.description
                }
                try await server.run(transport: StdioTransport())
                return
            }
            let path = store.databasePath
            guard FileManager.default.fileExists(atPath: path) else {
                throw VitalsError(
                    .notFound, "no store at \(path); `vitals import` or `vitals demo` makes one",
                    at: InputLocation(field: "--db"))
            }
            let calendar = try store.calendar()
            let toolbox = HealthToolbox(reader: try store.open(), calendar: calendar)
            let server = HealthMCPServer(toolbox: toolbox, version: VitalsVersion.number)
            try await server.run(transport: StdioTransport())
        }
    }
}
