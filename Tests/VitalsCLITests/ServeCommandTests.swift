import Foundation
import Testing
import VitalsTestSupport

@Suite("vitals serve and vitals user", .mayBlock)
struct ServeCommandTests {
    /// A `vitals serve` process on a free port, stopped with SIGTERM.
    final class Server {
        let process: ChildProcess
        let port: Int

        /// Starts `vitals serve`; its log goes to `log` when given.
        init(arguments: [String], log: String? = nil) throws {
            process = try ChildProcess(
                CLIRunner.executable.path, ["serve", "--port", "0"] + arguments,
                environment: ProcessInfo.processInfo.environment, stdout: .pipe,
                stderr: log.map { .file($0) } ?? .null)
            var seen = ""
            while process.isRunning, !seen.contains("\n") {
                guard let chunk = process.standardOutput?.availableData, !chunk.isEmpty else { break }
                seen += String(decoding: chunk, as: UTF8.self)
            }
            guard let range = seen.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression),
                let port = Int(seen[range].split(separator: ":").last ?? "")
            else {
                process.send(SIGTERM)
                _ = process.waitUntilExit()
                throw HTTPFailure("vitals serve did not say where it listens: \(seen)")
            }
            self.port = port
        }

        /// SIGTERM, then the exit status once it shut down.
        func stop() -> Int32 {
            process.send(SIGTERM)
            return process.waitUntilExit().status
        }
    }

    @Test("user add prints a token once; serve answers it over a real socket; SIGTERM shuts down cleanly")
    func endToEnd() async throws {
        let cli = try CLIRunner()
        let database = cli.directory.appendingPathComponent("server.sqlite").path
        let added = try await cli.run(["user", "add", "ada", "--tz", "Europe/Berlin", "--json", "--db", database])
        #expect(added.status == 0, "\(added.stderr)")
        let user = try #require(try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
        let token = try #require(user["token"] as? String)
        #expect(token.hasPrefix("vt_") && user["timeZone"] as? String == "Europe/Berlin")
        #expect(try await cli.run(["user", "add", "ada", "--db", database]).status == 73)
        let badZone = try await cli.run(["user", "add", "bob", "--tz", "Mars/Olympus", "--db", database])
        #expect(badZone.status == 64 && badZone.stderr.contains("--tz"))

        let server = try Server(arguments: ["--db", database])
        let daily = try HTTP.request(
            port: server.port, "POST", "/api/v1/health/daily", token: token,
            body: #"{"date":"2025-11-16","steps":8500,"sleep_minutes":420}"#)
        #expect(daily.status == 200)
        #expect(daily.body.contains(#""recordsUpserted":1"#))
        let day = try HTTP.request(port: server.port, "GET", "/api/health/2025-11-16", token: token)
        #expect(day.status == 200 && day.body.contains(#""steps":8500"#))
        #expect(try HTTP.request(port: server.port, "GET", "/api/health/today").status == 401)

        let rotated = try await cli.run(["user", "token", "ada", "--json", "--db", database])
        #expect(rotated.status == 0)
        let newToken = try #require(
            (try JSONSerialization.jsonObject(with: Data(rotated.stdout.utf8)) as? [String: Any])?["token"] as? String)
        #expect(newToken != token)
        #expect(try HTTP.request(port: server.port, "GET", "/api/health/2025-11-16", token: newToken).status == 200)
        let listed = try await cli.run(["user", "list", "--json", "--db", database])
        #expect(listed.stdout.contains(#""name":"ada""#) && !listed.stdout.contains("vt_"))
        #expect(server.stop() == 0)
    }

    @Test(
        "serve refuses a --cors-origin that is not an origin, a short --metrics-token (or $VITALS_METRICS_TOKEN) and no PostgreSQL write batch, naming the flag"
    )
    func corsOriginChecked() async throws {
        let cli = try CLIRunner()
        let database = cli.directory.appendingPathComponent("server.sqlite").path
        for bad in ["app.example.com", "https://app.example.com/path", "ftp://app.example.com", "https://"] {
            let refused = try await cli.run(["serve", "--cors-origin", bad, "--db", database])
            #expect(refused.status == 64 && refused.stderr.contains("--cors-origin"), "\(bad): \(refused.stderr)")
        }
        let short = try await cli.run(["serve", "--metrics-token", "guessable", "--db", database])
        #expect(short.status == 64 && short.stderr.contains("--metrics-token"), "\(short.stderr)")
        let shortInEnvironment = try await cli.run(
            ["serve", "--db", database, "--port", "0"],
            environment: ["VITALS_METRICS_TOKEN": "guessable"])
        #expect(
            shortInEnvironment.status != 0 && !shortInEnvironment.stdout.contains("listening")
                && shortInEnvironment.stderr.contains("$VITALS_METRICS_TOKEN must be at least 16 characters")
                && !shortInEnvironment.stderr.contains("guessable"), "\(shortInEnvironment.stderr)")
        for flag in ["--postgres-write-batch", "--postgres-write-runners"] {
            let none = try await cli.run(["serve", flag, "0", "--db", database])
            #expect(none.status == 64 && none.stderr.contains(flag), "\(flag): \(none.stderr)")
        }
    }

    @Test("serve --event-loop-threads runs exactly that many event-loop threads and still answers; 0 is refused")
    func eventLoopThreads() async throws {
        let cli = try CLIRunner()
        let database = cli.directory.appendingPathComponent("server.sqlite").path
        for count in [1, 3] {
            let server = try Server(arguments: ["--db", database, "--event-loop-threads", "\(count)"])
            #expect(try HTTP.request(port: server.port, "GET", "/health").status == 200)
            #if os(Linux)
            #expect(try Self.eventLoopThreadCount(pid: server.process.pid) == count)
            #endif
            #expect(server.stop() == 0)
        }
        let none = try await cli.run(["serve", "--db", database, "--event-loop-threads", "0"])
        #expect(none.status == 64 && none.stderr.contains("--event-loop-threads"), "\(none.stderr)")
    }

    /// How many of a process's threads are SwiftNIO event loops (`NIO-SGLTN-...`, `NIO-ELT-...`), from Linux's /proc.
    static func eventLoopThreadCount(pid: pid_t) throws -> Int {
        let tasks = "/proc/\(pid)/task"
        return try FileManager.default.contentsOfDirectory(atPath: tasks).filter { task in
            let name = (try? String(contentsOfFile: "\(tasks)/\(task)/comm", encoding: .utf8)) ?? ""
            return name.hasPrefix("NIO-")
        }.count
    }

    @Test("serve mounts the dashboard at / (sign-in first) unless --no-dashboard; its flags are checked")
    func dashboard() async throws {
        let cli = try CLIRunner()
        let database = cli.directory.appendingPathComponent("server.sqlite").path
        let server = try Server(arguments: ["--db", database, "--dashboard-session-hours", "2"])
        let page = try HTTP.request(port: server.port, "GET", "/")
        #expect(page.status == 303)
        let signIn = try HTTP.request(port: server.port, "GET", "/sign-in")
        #expect(signIn.status == 200 && signIn.body.contains(#"name="token""#))
        #expect(server.stop() == 0)

        let apiOnly = try Server(arguments: ["--db", database, "--no-dashboard"])
        #expect(try HTTP.request(port: apiOnly.port, "GET", "/").status == 404)
        #expect(try HTTP.request(port: apiOnly.port, "GET", "/sign-in").status == 404)
        #expect(try HTTP.request(port: apiOnly.port, "GET", "/health").status == 200)
        #expect(apiOnly.stop() == 0)
        let bad = try await cli.run(["serve", "--db", database, "--dashboard-session-hours", "0"])
        #expect(bad.status == 64 && bad.stderr.contains("--dashboard-session-hours"))
    }

    @Test("serve rejects a port in use and conflicting database options with clear exit codes")
    func badArguments() async throws {
        let cli = try CLIRunner()
        let both = try await cli.run(["serve", "--db", "x.sqlite", "--postgres", "postgres://127.0.0.1/x"])
        #expect(both.status == 64 && both.stderr.contains("exclusive"))
        let badPort = try await cli.run(["serve", "--port", "70000"])
        #expect(badPort.status == 64)
        let database = cli.directory.appendingPathComponent("server.sqlite").path
        let first = try Server(arguments: ["--db", database])
        let taken = try await cli.run(["serve", "--port", String(first.port), "--db", database])
        #expect(taken.status == 69, "\(taken.stderr)")
        #expect(first.stop() == 0)
    }
}

struct HTTPFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A minimal HTTP/1.1 client over a POSIX socket: one request, `Connection: close`.
enum HTTP {
    static func request(
        port: Int, _ method: String, _ path: String, token: String? = nil,
        body: String? = nil
    ) throws -> (status: Int, body: String) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HTTPFailure("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw HTTPFailure("cannot connect to port \(port)") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        let payload = Array((body ?? "").utf8)
        if body != nil { head += "Content-Type: application/json\r\n" }
        head += "Content-Length: \(payload.count)\r\n\r\n"
        let bytes = Array(head.utf8) + payload
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw HTTPFailure("send failed") }
            sent += count
        }
        // Read to the body's Content-Length when the answer has one (a peer such as chromedriver
        // keeps the connection open whatever the request asks), else to the end.
        var response = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var bodyStart: Int?
        var length: Int?
        while length.map({ response.count < bodyStart! + $0 }) ?? true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            response += buffer[0..<count]
            if bodyStart == nil, let end = response.firstRange(of: Array("\r\n\r\n".utf8)) {
                bodyStart = end.upperBound
                let head = String(decoding: response[..<end.lowerBound], as: UTF8.self).lowercased()
                length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
            }
        }
        let text = String(decoding: response, as: UTF8.self)
        guard let statusText = text.split(separator: " ", maxSplits: 2).dropFirst().first, let status = Int(statusText),
            let bodyStart
        else {
            throw HTTPFailure("not an HTTP response: \(text.prefix(200))")
        }
        return (status, String(decoding: response[bodyStart...], as: UTF8.self))
    }
}
