import ArgumentParser
import Foundation
import MCP
import VitalsCore
import VitalsMCP
import VitalsStore

struct McpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the store to an assistant as a Model Context Protocol server (stdio).",
        discussion: """
            Speaks MCP (JSON-RPC) on standard input and output; an MCP client starts it. Its tools are \
            read-only: list_holdings, day_summary, statistics, samples, trends, workouts, sleep_nights and \
            streak. Statistics are Apple Health's (sources merged by priority, sleep as the union of asleep \
            stages), the same figures `vitals stats` prints. Dates in answers are in --tz. Nothing but the \
            protocol is written to standard output; errors go to standard error.
            """)

    @OptionGroup var store: StoreOptions

    func run() async throws {
        try await runReportingErrors {
            let path = store.databasePath
            guard FileManager.default.fileExists(atPath: path) else {
                throw VitalsError(.notFound, "no store at \(path); `vitals import` or `vitals demo` makes one",
                                  at: InputLocation(field: "--db"))
            }
            let calendar = try store.calendar()
            let toolbox = HealthToolbox(reader: try store.open(), calendar: calendar)
            let server = HealthMCPServer(toolbox: toolbox, version: VitalsVersion.number)
            try await server.run(transport: StdioTransport())
        }
    }
}
