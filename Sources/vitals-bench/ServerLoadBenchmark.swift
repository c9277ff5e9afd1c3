import AsyncHTTPClient
import Foundation
import VitalsPostgres
import VitalsServer
import VitalsServerStorage
import VitalsStore

/// The figure of the sync issue: `vitals serve` under load on loopback, SQLite then PostgreSQL.
///
/// Daily upserts: `dailyConnections` closed-loop workers, each with its own user, each request
/// a new day, for `seconds`; then every user's export is compared with the writes the server
/// accepted (lost, duplicated and unexpected rows are counted). Health Auto Export ingest: one
/// day of samples per request, each request a new user and day, at each connection count;
/// then every accepted user's export must hold exactly what the answer said was added.
/// With `servers` above one (PostgreSQL only), that many `vitals serve` processes share the
/// database and the Swift clients split the connections between them.
struct ServerLoadBenchmark {
    struct Options {
        var vitals = ".build/release/vitals"
        var postgres: String?
        var work = FileManager.default.temporaryDirectory.path
        var seconds = 30.0
        var dailyConnections = 64
        var haeConnections = [16, 64]
        var haeSeconds = 30.0
        /// Users made for the ingest runs; a run stops early (and says so) when they run out.
        var haeUsers = 70_000
        /// Which client drives the ingest runs: `wrk` (default, cheapest) or `swift`.
        var haeClient = "wrk"
        var wrkIngestScript = "Benchmarks/wrk-ingest.lua"
        /// The ingest URL's `aggregation` query (`none`, `minutes`, ...); nil sends none, so the
        /// server tells the payload's shape itself (its minute steps are then reported totals).
        var haeAggregation: String?
        /// Which clients drive the daily run: `swift` (exact per-request check), `wrk` (cheaper).
        var dailyClients = ["wrk", "swift"]
        var wrkScript = "Benchmarks/wrk-daily.lua"
        /// Seconds of GET /health from wrk before the daily runs (the baseline the daily wrk run is
        /// compared with, `daily_over_health`); 0 for none.
        var healthSeconds = 10.0
        var wrkHealthScript = "Benchmarks/wrk-health.lua"
        /// More `vitals serve` arguments (`--sqlite-sync normal`).
        var serveArguments: [String] = []
        var json = false
        /// `vitals serve` processes on the one database; above one, only the Swift clients run.
        var servers = 1
        /// Another load's meeting point: each measured phase starts when both have reached it.
        var barrier: PhaseBarrier?
    }

    let options: Options

    func run() async throws -> [String: Any] {
        let backend = options.postgres == nil ? "sqlite" : "postgresql"
        let sqlitePath = options.work + "/load-server-\(UUID().uuidString.prefix(8)).sqlite"
        // A run's SQLite file holds its ~70,000 users and every payload, most of a GB: it goes
        // when the run ends, or repeated runs fill the disk they measure.
        defer { DurableFile.remove(sqlitePath) }
        let databaseArguments =
            (options.postgres.map { ["--postgres", $0] } ?? ["--db", sqlitePath]) + options.serveArguments
        let dailyUsers = options.dailyConnections * options.dailyClients.count
        // No ingest runs (--hae-connections ""), no users for them.
        let ingestUsers = options.haeConnections.isEmpty ? 0 : options.haeUsers
        log("\(backend): creating \(dailyUsers) + \(ingestUsers) users")
        let users = try await makeUsers(count: dailyUsers + ingestUsers, sqlitePath: sqlitePath)
        let dailyTokens = Array(users.prefix(dailyUsers))
        let haeTokens = Array(users.dropFirst(dailyUsers))

        // The setup's writes (tens of MB for the users) would otherwise be flushed to disk by the
        // kernel during the first run, competing with the server's own commits.
        log("\(backend): flushing the setup's writes to disk")
        sync()
        var servers: [ServerProcess] = []
        defer { for server in servers { server.stop() } }
        for _ in 0..<options.servers {
            servers.append(try ServerProcess(vitals: options.vitals, arguments: databaseArguments))
        }
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(
            idleTimeout: .seconds(120),
            concurrentHTTP1ConnectionsPerHostSoftLimit: max(64, options.haeConnections.max() ?? 64))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let report = try await measure(
                client: client, servers: servers, backend: backend,
                dailyTokens: dailyTokens, haeTokens: haeTokens)
            try await client.shutdown()
            return report
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func measure(
        client: HTTPClient, servers: [ServerProcess], backend: String, dailyTokens: [String],
        haeTokens: [String]
    ) async throws -> [String: Any] {
        var report: [String: Any] = [
            "backend": backend, "servers": servers.count,
            "serveArguments": options.serveArguments.joined(separator: " "),
        ]
        let server = servers[0]
        if options.healthSeconds > 0 {
            try options.barrier?.wait("health")
            // The baseline of issue 38's figure: the same server's cheapest answer, in the same run.
            log(
                "\(backend): GET /health, \(options.dailyConnections) connections, \(Int(options.healthSeconds)) s, client wrk"
            )
            let outcome = try WrkProcess.run(
                threads: 2, connections: options.dailyConnections, seconds: options.healthSeconds,
                script: options.wrkHealthScript, baseURL: server.baseURL, scriptArguments: [],
                work: options.work
            ) { server.cpuSeconds }
            let accepted = outcome.result["accepted"] as? Int ?? 0
            let secondsRun = outcome.result["seconds"] as? Double ?? options.healthSeconds
            report["health"] = [
                "client": "wrk", "connections": options.dailyConnections, "accepted": accepted,
                "errors": (outcome.result["refused"] as? Int ?? 0) + (outcome.result["socket_errors"] as? Int ?? 0),
                "per_second": Double(accepted) / max(secondsRun, 1e-9),
                "p99_ms": Double(outcome.result["p99_us"] as? Int ?? 0) / 1000,
                "server_cpu_seconds": outcome.serverCPUSeconds,
            ].merging(outcome.host) { ours, _ in ours }
        }
        var dailyRuns: [[String: Any]] = []
        for (run, kind) in options.dailyClients.enumerated() {
            try options.barrier?.wait("daily-\(run)-\(kind)")
            // Each run gets its own users, so each check sees only its own writes.
            let tokens = Array(dailyTokens[(run * options.dailyConnections)..<((run + 1) * options.dailyConnections)])
            log(
                "\(backend): POST /api/v1/health/daily, \(options.dailyConnections) connections, \(Int(options.seconds)) s, client \(kind)"
            )
            var figures: [String: Any]
            if kind == "wrk" {
                figures = try await WrkDailyLoad(
                    script: options.wrkScript, work: options.work, connections: options.dailyConnections,
                    seconds: options.seconds
                ).run(client: client, baseURL: server.baseURL, tokens: tokens) { server.cpuSeconds }
            } else {
                figures = try await daily(client: client, servers: servers, tokens: tokens)
            }
            dailyRuns.append(figures)
        }
        report["daily"] = dailyRuns
        if let health = (report["health"] as? [String: Any])?["per_second"] as? Double, health > 0,
            let daily = dailyRuns.first(where: { $0["client"] as? String == "wrk" })?["per_second"] as? Double
        {
            report["daily_over_health"] = daily / health
        }
        var ingest: [[String: Any]] = []
        var next = 0
        for connections in options.haeConnections {
            try options.barrier?.wait("ingest-\(connections)")
            log(
                "\(backend): POST /api/v1/ingest/health-auto-export, \(connections) connections, \(Int(options.haeSeconds)) s, client \(options.haeClient)"
            )
            let tokens = Array(haeTokens.dropFirst(next))
            var figures: [String: Any]
            let used: Int
            if options.haeClient == "wrk" {
                (figures, used) = try await WrkIngestLoad(
                    script: options.wrkIngestScript, work: options.work,
                    connections: connections, seconds: options.haeSeconds, aggregation: options.haeAggregation
                )
                .run(client: client, baseURL: server.baseURL, tokens: tokens) { server.cpuSeconds }
            } else {
                (figures, used) = try await healthAutoExport(
                    client: client, servers: servers, tokens: tokens,
                    firstDay: next, connections: connections)
            }
            next += used
            ingest.append(figures)
        }
        report["ingest"] = ingest
        return report
    }

    /// Users with tokens, made in the database before the server starts.
    private func makeUsers(count: Int, sqlitePath: String) async throws -> [String] {
        let tokens = (0..<count).map { _ in TokenHasher.newToken() }
        let stamp = Date()
        let add: @Sendable (any HealthRepository) async throws -> Void = { repository in
            try await repository.migrate()
            try await withThrowingTaskGroup(of: Void.self) { group in
                let lanes = 8
                for lane in 0..<lanes {
                    group.addTask {
                        for index in stride(from: lane, to: tokens.count, by: lanes) {
                            _ = try await repository.addUser(
                                name: "load-\(index)", timeZone: "UTC",
                                tokenHash: TokenHasher.hash(tokens[index]), at: stamp)
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        if let url = options.postgres {
            try await PostgresRepository.withRepository(url: url) { try await add($0) }
        } else {
            let repository = try SQLiteRepository(path: sqlitePath)
            try await add(repository)
            try await repository.close()
        }
        return tokens
    }

    /// The daily run from the Swift client; worker `w` sends to server `w % servers.count`.
    private func daily(client: HTTPClient, servers: [ServerProcess], tokens: [String]) async throws -> [String: Any] {
        let urls = servers.map { $0.baseURL + "/api/v1/health/daily" }
        let server = servers[0]
        let cpuBefore = Self.cpuSeconds(of: servers)
        let watch = HostWatch(directory: options.work)
        let runner = LoadRunner(client: client, connections: tokens.count, seconds: options.seconds)
        let result = await runner.run { worker, iteration in
            let day = LoadPayloads.day(iteration)
            return .init(
                key: "\(worker) \(day)",
                request: LoadRunner.post(
                    urls[worker % urls.count], token: tokens[worker],
                    body: LoadPayloads.daily(day: day, seed: iteration)))
        }
        let cpu = Self.cpuSeconds(of: servers) - cpuBefore
        let host = watch.finish()
        log("checking every user's stored days against the accepted writes")
        var stored: [String] = []
        for (worker, token) in tokens.enumerated() {
            let export = try await LoadRunner.getJSON(client, server.baseURL + "/api/me/export", token: token)
            let snapshots = (export as? [String: Any])?["snapshots"] as? [[String: Any]] ?? []
            stored += snapshots.compactMap { $0["date"] as? String }.map { "\(worker) \($0)" }
        }
        let counts = Self.check(accepted: result.accepted.map(\.key), sent: result.sent, stored: stored)
        var figures = Self.figures(result, serverCPU: cpu)
        figures.merge(host) { ours, _ in ours }
        figures["client"] = "swift"
        figures["connections"] = tokens.count
        figures["check"] = counts
        return figures
    }

    /// The ingest run from the Swift client; worker `w` sends to server `w % servers.count`.
    private func healthAutoExport(
        client: HTTPClient, servers: [ServerProcess], tokens: [String], firstDay: Int,
        connections: Int
    ) async throws -> ([String: Any], used: Int) {
        let query = options.haeAggregation.map { "?aggregation=" + $0 } ?? ""
        let urls = servers.map { $0.baseURL + "/api/v1/ingest/health-auto-export" + query }
        let server = servers[0]
        let counter = Counter()
        let template = LoadPayloads.Template()
        let cpuBefore = Self.cpuSeconds(of: servers)
        let watch = HostWatch(directory: options.work)
        let runner = LoadRunner(client: client, connections: connections, seconds: options.haeSeconds)
        let result = await runner.run { worker, _ in
            let index = counter.next()
            guard index < tokens.count else { return nil }
            let day = LoadPayloads.day(firstDay + index)
            let body = template.body(day: day, workoutID: "load-\(firstDay + index)")
            return .init(
                key: "\(index) \(day)",
                request: LoadRunner.post(urls[worker % urls.count], token: tokens[index], body: body))
        }
        let cpu = Self.cpuSeconds(of: servers) - cpuBefore
        let host = watch.finish()
        log("checking each accepted payload's user holds exactly what was added")
        let keys = result.accepted
        let base = server.baseURL
        let checked = try await withThrowingTaskGroup(of: (ok: Bool, samples: Int).self) { group in
            var ok = 0, wrong = 0, samples = 0, position = 0
            func add() {
                guard position < keys.count else { return }
                let (key, body) = keys[position]
                position += 1
                group.addTask {
                    let parts = key.split(separator: " ")
                    let index = Int(parts[0])!, day = String(parts[1])
                    let answer = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
                    let export = try await LoadRunner.getJSON(client, base + "/api/me/export", token: tokens[index])
                    let object = export as? [String: Any] ?? [:]
                    let storedSamples = (object["samples"] as? [Any])?.count ?? -1
                    let storedWorkouts = (object["workouts"] as? [Any])?.count ?? -1
                    let days = ((object["snapshots"] as? [[String: Any]]) ?? []).compactMap { $0["date"] as? String }
                    let ok =
                        storedSamples == answer["samplesAdded"] as? Int
                        && storedWorkouts == answer["workoutsAdded"] as? Int
                        && storedWorkouts == 1 && days.contains(day)
                    return (ok, storedSamples)
                }
            }
            for _ in 0..<16 { add() }
            while let outcome = try await group.next() {
                if outcome.ok { ok += 1 } else { wrong += 1 }
                samples += max(0, outcome.samples)
                add()
            }
            return [
                "accepted payloads stored exactly": ok, "accepted payloads not as answered": wrong,
                "samples stored": samples,
            ]
        }
        var figures = Self.figures(result, serverCPU: cpu)
        figures.merge(host) { ours, _ in ours }
        figures["client"] = "swift"
        figures["connections"] = connections
        figures["check"] = checked
        if result.exhausted > 0 { figures["note"] = "ran out of prepared users; raise --hae-users" }
        return (figures, min(counter.value, tokens.count))
    }

    func log(_ text: String) {
        FileHandle.standardError.write(Data("[load] \(text)\n".utf8))
    }
}
