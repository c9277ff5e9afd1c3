import Foundation
import GRDB
import Testing
import VitalsTestSupport

/// `kill -9` of `vitals serve` while clients write: after a restart every answered write is
/// there and the database is intact.
@Suite("Crash safety: kill -9", .mayBlock)
struct CrashSafetyTests {
    /// The day of write `index`, from 2020-01-01.
    static func day(_ index: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(
            byAdding: .day, value: index, to: calendar.date(from: DateComponents(year: 2020, month: 1, day: 1))!)!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// Sends SIGKILL to `process` `seconds` after now, timed on a thread of its own (a task's
    /// sleep can wake late in a full run, when the process may have ended), and says how it ended.
    /// Kills `process` with SIGKILL once `path` exists and is not empty (its write has begun),
    /// polling every 10 ms for at most 120 s; says how it ended (not killed when it ended first).
    static func kill(_ process: ChildProcess, onceWriting path: String) async throws -> ChildProcess.Termination {
        try await blocking {
            let deadline = Date(timeIntervalSinceNow: 120)
            while process.isRunning, Date() < deadline {
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                if size > 0 { break }
                Thread.sleep(forTimeInterval: 0.01)
            }
            process.send(SIGKILL)
            return process.waitUntilExit()
        }
    }

    static func kill(_ process: ChildProcess, after seconds: Double) async throws -> ChildProcess.Termination {
        try await blocking {
            Thread.sleep(forTimeInterval: seconds)
            process.send(SIGKILL)
            return process.waitUntilExit()
        }
    }

    @Test(
        "kill -9 of vitals serve under four concurrent writers: every acknowledged write survives; integrity_check ok")
    func serveKilled() async throws {
        let cli = try CLIRunner()
        let database = cli.directory.appendingPathComponent("server.sqlite").path
        let added = try await cli.run(["user", "add", "ada", "--tz", "UTC", "--json", "--db", database])
        let token = try #require(
            (try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["token"]
                as? String)
        let server = try ServeCommandTests.Server(arguments: ["--db", database, "--rate-limit", "0"])
        let (process, port) = (server.process, server.port)
        let writers = 4
        let acknowledged = Locked<[Int: Int]>([:])
        let started = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) { process.send(SIGKILL) }
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            var index = writer
            while Date().timeIntervalSince(started) < 10 {
                let steps = 1000 + index
                guard
                    let reply = try? HTTP.request(
                        port: port, "POST", "/api/v1/health/daily", token: token,
                        body: #"{"date":"\#(Self.day(index))","steps":\#(steps)}"#),
                    reply.status == 200
                else { break }
                acknowledged.withLock { $0[index] = steps }
                index += writers
            }
        }
        #expect(process.waitUntilExit() == .signal(SIGKILL))
        let written = acknowledged.withLock { $0 }
        try #require(written.count > 20, "the writers got going before the kill: \(written.count) writes")

        let check = try DatabaseQueue(path: database)
        #expect(try await check.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
        try check.close()
        // Reading back well over a burst's worth of days: without the rate limit.
        let restarted = try ServeCommandTests.Server(arguments: ["--db", database, "--rate-limit", "0"])
        defer { _ = restarted.stop() }
        var missing: [Int] = []
        for (index, steps) in written.sorted(by: { $0.key < $1.key }) {
            let reply = try HTTP.request(port: restarted.port, "GET", "/api/health/\(Self.day(index))", token: token)
            if !(reply.status == 200 && reply.body.contains(#""steps":\#(steps)"#)) {
                if missing.isEmpty {
                    Issue.record(
                        "first missing \(index) (\(Self.day(index))): \(reply.status) \(reply.body.prefix(300))")
                }
                missing.append(index)
            }
        }
        #expect(
            missing.isEmpty, "\(missing.count) of \(written.count) acknowledged writes are gone: \(missing.prefix(10))")
    }
}

extension CrashSafetyTests {
    /// An Apple Health export of `count` minutes of steps from 2020-01-01, one record each.
    static func export(minutes count: Int, offset: Int = 0) -> String {
        var text =
            #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<HealthData locale=\"en_US\">\n"
            + #" <ExportDate value="2024-06-03 09:00:00 +0000"/>"# + "\n"
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        let origin = Date(timeIntervalSince1970: 1_577_836_800)
        for minute in offset..<(offset + count) {
            let start = formatter.string(from: origin + Double(minute) * 60)
            let end = formatter.string(from: origin + Double(minute + 1) * 60)
            text +=
                #" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" "#
                + #"creationDate="\#(end)" startDate="\#(start)" endDate="\#(end)" value="\#(minute % 97)"/>"# + "\n"
        }
        return text + "</HealthData>\n"
    }

    @Test(
        "kill -9 of vitals import mid-way leaves the store as it was (one transaction), intact; importing again completes"
    )
    func importKilled() async throws {
        let cli = try CLIRunner()
        let store = cli.directory.appendingPathComponent("store.sqlite").path
        let small = cli.directory.appendingPathComponent("small.xml")
        try Self.export(minutes: 100).write(to: small, atomically: true, encoding: .utf8)
        #expect(try await cli.run(["import", small.path, "--db", store]).status == 0)
        func count() throws -> Int {
            try DatabaseQueue(path: store).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM samples") ?? -1 }
        }
        #expect(try count() == 100)

        let large = cli.directory.appendingPathComponent("large.xml")
        try Self.export(minutes: 60_000, offset: 1000).write(to: large, atomically: true, encoding: .utf8)
        let process = try ChildProcess(
            CLIRunner.executable.path, ["import", large.path, "--db", store],
            environment: ProcessInfo.processInfo.environment, stdout: .null, stderr: .null)
        // Killed once its one transaction has begun writing (the import has the file to itself,
        // so it writes with a rollback journal, which exists from the first page changed); a
        // fixed delay was sometimes longer than the whole import.
        let ending = try await Self.kill(process, onceWriting: store + "-journal")
        try #require(ending == .signal(SIGKILL), "the import was still running when killed: it ended with \(ending)")

        let check = try DatabaseQueue(path: store)
        #expect(try await check.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
        try check.close()
        #expect(try count() == 100, "nothing of the killed import is stored")
        let again = try await cli.run(["import", large.path, "--db", store])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try count() == 60_100)
    }
}

/// A value behind a lock, for test threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

extension CrashSafetyTests {
    /// What a server holds for a user, as `GET /api/me/export` lists it: each day's HEALTHKIT
    /// steps and sleep, and each workout's external id (for counting duplicates).
    static func held(port: Int, token: String) throws -> (days: [String: String], workouts: [String]) {
        let reply = try HTTP.request(port: port, "GET", "/api/me/export", token: token)
        let export = try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])
        var days: [String: String] = [:]
        for snapshot in export["snapshots"] as? [[String: Any]] ?? [] {
            days["\(snapshot["date"] ?? "")/\(snapshot["source"] ?? "")"] =
                "\(snapshot["steps"] ?? "-")/\(snapshot["sleepMinutes"] ?? "-")"
        }
        let workouts = (export["workouts"] as? [[String: Any]] ?? []).map { "\($0["externalId"] ?? $0["id"] ?? "")" }
        return (days, workouts)
    }

    @Test(
        "kill -9 of vitals sync mid-way: the next sync resumes and the server ends up as after one clean sync, no workout twice"
    )
    func syncKilled() async throws {
        let cli = try CLIRunner()
        let store = cli.directory.appendingPathComponent("demo.sqlite").path
        #expect(try await cli.run(["demo", "--db", store, "--weeks", "20", "--tz", "UTC", "--json"]).status == 0)
        let database = cli.directory.appendingPathComponent("server.sqlite").path
        func token(_ name: String) async throws -> String {
            let added = try await cli.run(["user", "add", name, "--tz", "UTC", "--json", "--db", database])
            return try #require(
                (try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["token"]
                    as? String)
        }
        let killed = try await token("killed"), clean = try await token("clean")
        let server = try ServeCommandTests.Server(arguments: ["--db", database, "--rate-limit", "0"])
        defer { _ = server.stop() }
        let url = "http://127.0.0.1:\(server.port)"
        func sync(_ key: String, state: String) throws -> ChildProcess {
            var environment = ProcessInfo.processInfo.environment
            environment["VITALS_TOKEN"] = key
            return try ChildProcess(
                CLIRunner.executable.path,
                [
                    "sync", "--server", url, "--contract", "journey", "--days", "500",
                    "--db", store, "--tz", "UTC", "--state", state,
                ],
                environment: environment, stdout: .null, stderr: .null)
        }
        let interrupted = try sync(killed, state: cli.directory.appendingPathComponent("killed.json").path)
        try #require(
            try await Self.kill(interrupted, after: 1) == .signal(SIGKILL), "the sync was still running when killed")
        let partial = try Self.held(port: server.port, token: killed)
        #expect(
            try sync(killed, state: cli.directory.appendingPathComponent("killed.json").path).waitUntilExit()
                == .exit(0))
        #expect(
            try sync(clean, state: cli.directory.appendingPathComponent("clean.json").path).waitUntilExit() == .exit(0))

        let resumed = try Self.held(port: server.port, token: killed)
        let reference = try Self.held(port: server.port, token: clean)
        #expect(!reference.workouts.isEmpty && reference.days.count > 100)
        #expect(partial.days.count < reference.days.count, "the kill came mid-way: \(partial.days.count) days")
        #expect(resumed.days == reference.days)
        #expect(resumed.workouts.count == Set(resumed.workouts).count, "no workout stored twice")
        #expect(Set(resumed.workouts) == Set(reference.workouts))
    }
}
