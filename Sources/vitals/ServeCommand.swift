import ArgumentParser
import Foundation
import Logging
import VitalsCore
import VitalsServer
import VitalsServerStorage

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Run the sync server (journey sync and daily-metrics APIs, Health Auto Export ingest, quests) until stopped.",
        discussion: """
            Every /api route needs `Authorization: Bearer TOKEN`; create users and tokens with \
            `vitals user add NAME`. Data lives in one SQLite file by default (--db), or in \
            PostgreSQL (--postgres). Routes: GET /health, GET /metrics (Prometheus), \
            GET /openapi.json, POST /api/health/sync, GET /api/health/today, GET /api/health/YYYY-MM-DD, \
            POST /api/v1/health/daily, POST /api/v1/ingest/health-auto-export, POST/GET/DELETE \
            /api/quests, GET /api/me/export, DELETE /api/me/data, GET /api/me/ingests, \
            GET /api/me/ingests/summary, POST/GET /api/me/imports, GET /api/me/imports/ID, and the read \
            API: GET /api/v1/types, /api/v1/samples, /api/v1/statistics, /api/v1/sources, \
            /api/v1/activity-summaries, /api/v1/workouts/UUID/routes.

            The web dashboard is served at / (unless --no-dashboard): each user signs in at \
            /sign-in with their API token, once, and gets a session cookie (HttpOnly, \
            SameSite=Strict; Secure with --dashboard-secure-cookies or when a proxy sends \
            X-Forwarded-Proto: https). Sessions are kept in the database, so a restart keeps them and \
            every server on one database knows them; sign-out, the session's age passing \
            --dashboard-session-hours or a new token (`vitals user token`) ends them. \
            Behind a TLS reverse proxy, pass --dashboard-secure-cookies (the README shows nginx \
            and Caddy setups).

            POST /api/me/imports takes an Apple Health export.zip (or its export.xml) as the body, \
            writes it to --import-dir as it arrives, answers 202 with a job and imports it into the \
            token's user in the background, one upload at a time, as `vitals user import` does; poll \
            GET /api/me/imports/ID until its state is succeeded or failed.

            Once listening it prints `listening on http://HOST:PORT` on stdout (with the port \
            chosen when --port is 0). SIGINT and SIGTERM shut it down gracefully: requests in \
            flight finish, a running import is cancelled (nothing of it stored) and waiting uploads \
            are dropped (their jobs cancelled, their files deleted), then the database closes. \
            Health values are never logged.
            """)

    @OptionGroup var database: ServerDatabaseOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Address to listen on: 127.0.0.1 is loopback only, 0.0.0.0 every interface.", valueName: "address"))
    var host = Self.defaults.host

    @Option(name: .long, help: ArgumentHelp("TCP port; 0 picks a free one.", valueName: "port"))
    var port = Self.defaults.port

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Largest request body in bytes (5242880 is 5 MB); larger ones get 413.", valueName: "bytes"))
    var maxBodyBytes = Self.defaults.maximumBodyBytes

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Largest Health Auto Export ingest body in bytes (104857600 is 100 MB); larger ones get 413 before they are read.",
            valueName: "bytes"))
    var maxIngestBytes = Self.defaults.maximumIngestBytes

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Largest Apple Health export uploaded to POST /api/me/imports in bytes (4294967296 is 4 GB); larger ones get 413.",
            valueName: "bytes"))
    var maxImportBytes = Self.defaults.maximumImportBytes

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Folder uploaded exports are written to until their import ends (default: beside the SQLite database, DB-imports; with --postgres, vitals-imports in the system's temporary folder). At start the server deletes the uploads in it that a stopped server left behind; servers may share it.",
            valueName: "path"))
    var importDir: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "SQLite durability: full (default) flushes every commit to disk before answering; normal survives a crash of the server but may lose the last writes on a power loss.",
            valueName: "full|normal"))
    var sqliteSync = "full"

    @Flag(
        name: .long,
        help:
            "Do not serve the web dashboard (/, /day/..., /sign-in): only the API, /health, /metrics and /openapi.json."
    )
    var noDashboard = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How long a dashboard sign-in lasts, in hours (168 is 7 days); sessions are kept in the database and outlive a restart.",
            valueName: "hours"))
    var dashboardSessionHours = Int(Self.defaults.dashboardSessionLifetime / 3600)

    @Flag(
        name: .long,
        help:
            "Always mark dashboard cookies Secure (sent over HTTPS only): turn on behind a TLS reverse proxy. Without it they are Secure only when the proxy sends X-Forwarded-Proto: https."
    )
    var dashboardSecureCookies = Self.defaults.dashboardSecureCookies

    @Option(
        name: .customLong("cors-origin"),
        help: ArgumentHelp(
            "Let scripts of this web origin (https://app.example.com: scheme, host and port) call /api from a browser (CORS); repeat for several. Default: none, no CORS headers at all.",
            valueName: "origin"))
    var corsOrigins = Self.defaults.corsOrigins

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Requests a second each user's token may make, sustained; beyond it the API answers 429 with Retry-After. 0 turns the limit off. Each server counts its own: behind N servers a token gets N times this.",
            valueName: "requests"))
    var rateLimit = Self.defaults.rateLimitPerSecond

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How many requests a token may make at once after a quiet spell.", valueName: "requests"))
    var rateBurst = Self.defaults.rateLimitBurst

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds a connection may send nothing usable (an unfinished request head, a stalled body, an idle kept-alive connection) before it is closed; answers being written are never cut.",
            valueName: "seconds"))
    var clientTimeout = Self.defaults.clientTimeout

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Largest request head in bytes, all header fields together; a larger one closes the connection.",
            valueName: "bytes"))
    var maxHeaderBytes = Self.defaults.maximumHeaderBytes

    @Option(name: .long, help: ArgumentHelp("Most header fields in one request.", valueName: "count"))
    var maxHeaders = Self.defaults.maximumHeaderCount

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How many large request bodies (1 MiB or more, or chunked: backfills, export uploads) are read at once; more answer 503 with Retry-After before they are read.",
            valueName: "count"))
    var maxLargeBodies = Self.defaults.maximumConcurrentLargeBodies

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --postgres: at most this many concurrent writes share one transaction and commit.",
            valueName: "count"))
    var postgresWriteBatch = 64

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --postgres: at most this many such transactions run at once on the database, each on a connection, shared among the servers running on it: each of N servers runs at most this divided by N (at least 1), found through the database every 5 s. Fewer make larger batches.",
            valueName: "count"))
    var postgresWriteRunners = 4

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Threads that serve connections and database sockets (default: one per core). Several servers on one machine do better with the cores divided among them: two on two cores, 1 each.",
            valueName: "count"))
    var eventLoopThreads: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Require this token for GET /metrics (Authorization: Bearer TOKEN); users' API tokens never open it.",
            discussion:
                "Default: $VITALS_METRICS_TOKEN when set (keeps it out of the process list), else /metrics is open.",
            valueName: "token"))
    var metricsToken: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Log level on stderr: trace, debug, info, notice, warning, error or critical.",
            valueName: "level"))
    var logLevel = "notice"

    func validate() throws {
        guard (1...8760).contains(dashboardSessionHours) else {
            throw ValidationError("--dashboard-session-hours must be 1 to 8760 (a year)")
        }
        if let problem = Self.problem(in: serverConfiguration(environment: [:])) {
            let field = problem.location?.field ?? ""
            let flag = ServerConfiguration.Setting(rawValue: field).flatMap { Self.flags[$0] } ?? field
            throw ValidationError("\(flag) \(problem.message)")
        }
        guard postgresWriteBatch > 0, postgresWriteRunners > 0 else {
            throw ValidationError("--postgres-write-batch and --postgres-write-runners must be positive")
        }
        if let eventLoopThreads, !(1...256).contains(eventLoopThreads) {
            throw ValidationError("--event-loop-threads must be 1 to 256")
        }
        guard ["full", "normal"].contains(sqliteSync) else {
            throw ValidationError("--sqlite-sync must be full or normal")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical")
        }
    }

    func run() async throws {
        try await runReportingErrors {
            // Before anything networking starts: the threads are made on first use.
            if let eventLoopThreads { EventLoopThreads.use(eventLoopThreads) }
            let configuration = serverConfiguration(environment: ProcessInfo.processInfo.environment)
            // The flags were checked before; what fails now came from the environment.
            if let problem = Self.problem(in: configuration) {
                let field = problem.location?.field ?? ""
                let name =
                    field == ServerConfiguration.Setting.metricsToken.rawValue
                    ? "$" + ServerConfiguration.EnvironmentVariable.metricsToken : field
                throw VitalsError(.invalidInput, "\(name) \(problem.message)")
            }
            var logger = Logger(label: "vitals.server") { TextLogHandler(label: $0, destination: .standardError) }
            logger.logLevel = Logger.Level(rawValue: logLevel) ?? .notice
            var sqlite = SQLiteRepository.Configuration()
            sqlite.durableCommits = sqliteSync == "full"
            let repository = try database.makeRepository(
                sqlite: sqlite, postgresWrites: (batch: postgresWriteBatch, runners: postgresWriteRunners))
            let label = database.label
            let host = host
            let (application, _) = ServerApplication.make(
                configuration: configuration, repository: repository, logger: logger,
                onServerRunning: { port in
                    // Unbuffered, so a script reading the pipe sees it at once.
                    FileHandle.standardOutput.write(Data("listening on http://\(host):\(port) (\(label))\n".utf8))
                })
            do {
                try await application.runService()
            } catch {
                try? await repository.close()
                throw Self.located(error, label: label)
            }
            try await repository.close()
        }
    }

    /// A startup failure (a port in use, a database that cannot be reached) as a `VitalsError`.
    static func located(_ error: any Error, label: String) -> any Error {
        if error is VitalsError { return error }
        return VitalsError(.unavailable, "the server stopped: \(error)", at: InputLocation(file: label))
    }
}
