import ArgumentParser
import Foundation
import Logging
import VitalsCore
import VitalsDashboard
import VitalsStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--port` and `--no-open`, shared by `vitals dashboard` and `vitals demo --dashboard`, and the
/// serving they configure.
struct DashboardServeOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Dashboard TCP port on 127.0.0.1; 0 picks a free one.",
            valueName: "port"))
    var port = 8090

    @Flag(
        name: .long, help: "Do not open the dashboard in a browser (by default xdg-open, or open on macOS, is tried).")
    var noOpen = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
    }

    /// Serves `store`'s dashboard on loopback until SIGINT or SIGTERM, printing its URL once it listens.
    func serve(_ store: SQLiteHealthStore, configuration: DashboardConfiguration) async throws {
        var logger = Logger(label: "vitals.dashboard") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .notice
        let open = !noOpen
        let application = DashboardApplication.make(
            store: store, configuration: configuration, port: port, logger: logger,
            onServerRunning: { port in
                let url = "http://\(DashboardApplication.host):\(port)/"
                fflush(nil)  // what was printed before (the demo's summary) comes first
                // Unbuffered, so a script reading the pipe sees it at once.
                FileHandle.standardOutput.write(Data("dashboard on \(url) (Ctrl-C stops it)\n".utf8))
                if open { Browser.open(url) }
            })
        do {
            try await application.runService()
        } catch {
            throw ServeCommand.located(error, label: store.path)
        }
    }
}
