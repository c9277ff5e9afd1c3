import Foundation
import Testing
import VitalsTestSupport

@Suite("vitals dashboard and vitals demo --dashboard", .mayBlock)
struct DashboardCommandTests {
    /// A dashboard process on a free port, found from the URL it prints.
    final class Dashboard {
        let process: ChildProcess
        let port: Int
        let banner: String

        init(arguments: [String]) throws {
            process = try ChildProcess(
                CLIRunner.executable.path, arguments + ["--port", "0", "--no-open"],
                environment: ProcessInfo.processInfo.environment, stdout: .pipe, stderr: .null)
            var seen = ""
            while process.isRunning, !seen.contains("dashboard on http") || !seen.hasSuffix("\n") {
                guard let chunk = process.standardOutput?.availableData, !chunk.isEmpty else { break }
                seen += String(decoding: chunk, as: UTF8.self)
            }
            banner = seen
            guard let range = seen.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression),
                let port = Int(seen[range].dropLast().split(separator: ":").last ?? "")
            else {
                process.send(SIGTERM)
                _ = process.waitUntilExit()
                throw HTTPFailure("the dashboard did not say where it listens: \(seen)")
            }
            self.port = port
        }

        /// SIGTERM, then the exit status once it shut down.
        func stop() -> Termination {
            process.send(SIGTERM)
            return process.waitUntilExit()
        }

        typealias Termination = ChildProcess.Termination
    }

    @Test("vitals dashboard answers on loopback, shows an empty store's help, and stops on SIGTERM with exit 0")
    func servesLocalStore() throws {
        let cli = try CLIRunner()
        let dashboard = try Dashboard(arguments: ["dashboard", "--db", cli.database, "--tz", "Europe/Berlin"])
        #expect(dashboard.banner.contains("dashboard on http://127.0.0.1:"))
        let today = try HTTP.request(port: dashboard.port, "GET", "/")
        #expect(today.status == 200)
        #expect(today.body.contains("No health data yet") && today.body.contains("vitals import export.zip --db"))
        let css = try HTTP.request(port: dashboard.port, "GET", "/assets/dashboard.css")
        #expect(css.status == 200 && css.body.contains("prefers-color-scheme"))
        #expect(try HTTP.request(port: dashboard.port, "GET", "/day/2025-11-16").status == 200)
        #expect(try HTTP.request(port: dashboard.port, "GET", "/day/not-a-day").status == 404)
        #expect(dashboard.stop() == .exit(0))
    }

    @Test("vitals demo --dashboard serves the example with its last day as today, and stops on SIGTERM")
    func servesDemo() throws {
        let cli = try CLIRunner()
        let store = cli.directory.appendingPathComponent("demo.sqlite").path
        let dashboard = try Dashboard(arguments: [
            "demo", "--dashboard", "--weeks", "1", "--tz", "Europe/Berlin", "--db", store,
        ])
        #expect(dashboard.banner.contains("Vitals demo: 1 weeks"))
        let today = try HTTP.request(port: dashboard.port, "GET", "/")
        #expect(today.status == 200)
        #expect(
            today.body.contains("Sunday 5 October 2025")
                && today.body.contains("data-metric=\"steps\" data-unit=\"count\" data-value="))
        let day = try HTTP.request(port: dashboard.port, "GET", "/day/2025-10-01")
        #expect(
            day.status == 200 && day.body.contains("data-bars=\"24\"") && day.body.contains("id=\"hypnogram-title\""))
        #expect(dashboard.stop() == .exit(0))
    }
}
