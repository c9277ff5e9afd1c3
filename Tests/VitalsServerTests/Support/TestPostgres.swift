import Foundation
import Logging
import PostgresNIO
import VitalsTestSupport

/// A throwaway PostgreSQL cluster for this test process: `initdb` into a temporary folder,
/// started on a free loopback port, stopped when the process exits.
///
/// Needs PostgreSQL's server binaries (Debian's `postgresql` package, which
/// `scripts/setup.sh` installs). Without them the tests that need it fail with a message saying so: they are
/// never skipped. As root, the cluster runs as the `postgres` user, since PostgreSQL refuses root.
actor TestPostgres {
    static let shared = TestPostgres()

    struct Cluster {
        let port: Int
        let folder: String
    }

    private var cluster: Cluster?
    private var counter = 0

    /// A new empty database on the shared cluster, as a connection URL.
    func newDatabase() async throws -> String {
        let cluster = try start()
        counter += 1
        let name = "vitals_test_\(getpid())_\(counter)"
        try await execute("CREATE DATABASE \(name)")
        return "postgres://postgres@127.0.0.1:\(cluster.port)/\(name)"
    }

    /// Runs one statement on the shared cluster as its superuser, in `database`.
    func execute(_ sql: String, database: String = "postgres") async throws {
        let cluster = try start()
        var configuration = try postgresConfiguration("postgres://postgres@127.0.0.1:\(cluster.port)/\(database)")
        configuration.options.maximumConnections = 1
        let client = PostgresClient(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            try await client.query(PostgresQuery(unsafeSQL: sql))
            group.cancelAll()
        }
    }

    private func postgresConfiguration(_ url: String) throws -> PostgresClient.Configuration {
        let parts = URLComponents(string: url)!
        return PostgresClient.Configuration(
            host: parts.host!, port: parts.port!, username: "postgres",
            password: nil, database: String(parts.path.dropFirst()), tls: .disable)
    }

    private func start() throws -> Cluster {
        if let cluster { return cluster }
        let bin = try Self.binaries()
        Self.stopAbandoned(pgCtl: "\(bin)/pg_ctl")
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("vitals-pg-\(getpid())-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let asRoot = getuid() == 0
        if asRoot { try Self.run("/bin/chown", ["-R", "postgres:postgres", folder]) }
        let data = folder + "/data"
        try Self.run(
            "\(bin)/initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"],
            asPostgres: asRoot)
        let port = try Self.freePort()
        // Swift Testing runs every test at once: dozens of test servers with up to 8 connections
        // each (SQLSTATE 53300 at 200). The lock table holds max_locks x max_connections locks in
        // all, which a test database's 16-partition migration needs plenty of (SQLSTATE 53200).
        try Self.run(
            "\(bin)/pg_ctl",
            [
                "-D", data, "-l", folder + "/server.log", "-w", "-t", "60",
                "-o",
                "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=1000 -c max_locks_per_transaction=256",
                "start",
            ], asPostgres: asRoot)
        TestPostgresShutdown.register(pgCtl: "\(bin)/pg_ctl", data: data, folder: folder, asPostgres: asRoot)
        let cluster = Cluster(port: port, folder: folder)
        self.cluster = cluster
        return cluster
    }

    /// Stops and removes the clusters of earlier test processes that are no longer running: a
    /// process killed (a hung run stopped with SIGKILL) never reaches its exit handler, and its
    /// PostgreSQL would run on.
    static func stopAbandoned(pgCtl: String) {
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix("vitals-pg-") {
            guard let pid = name.split(separator: "-").dropFirst(2).first.flatMap({ pid_t($0) }), pid != getpid()
            else { continue }
            // ESRCH: no such process. EPERM would mean it runs as another user: keep its cluster.
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            let folder = temporary.appendingPathComponent(name).path
            let stop = [pgCtl, "-D", folder + "/data", "-m", "immediate", "-w", "stop"]
            if FileManager.default.fileExists(atPath: folder + "/data/postmaster.pid") {
                if getuid() == 0 {
                    try? run("/usr/sbin/runuser", ["-u", "postgres", "--"] + stop)
                } else {
                    try? run(stop[0], Array(stop.dropFirst()))
                }
            }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// The newest installed PostgreSQL's bin folder.
    static func binaries() throws -> String {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap(Int.init).sorted()
        guard let newest = versions.last, FileManager.default.isExecutableFile(atPath: "\(root)/\(newest)/bin/initdb")
        else {
            throw TestSetupError(
                "PostgreSQL's server is not installed (no \(root)/*/bin/initdb): "
                    + "run `bash scripts/setup.sh` as root (or `apt-get install -y postgresql`)")
        }
        return "\(root)/\(newest)/bin"
    }

    /// A port nothing listens on right now, on 127.0.0.1.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(fd, pointer, length) == 0 else { return -1 }
                return getsockname(fd, pointer, &length)
            }
        }
        guard bound == 0 else { throw TestSetupError("cannot find a free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs a program and waits; throws with its output when it fails.
    ///
    /// Spawned and reaped with `posix_spawn` and `waitpid`, its output sent to a file:
    /// Foundation's `Process` can wait forever once `pg_ctl` leaves a daemon behind that
    /// inherited its descriptors.
    static func run(_ program: String, _ arguments: [String], asPostgres: Bool = false) throws {
        let argv =
            asPostgres ? ["/usr/sbin/runuser", "-u", "postgres", "--", program] + arguments : [program] + arguments
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-pg-run-\(UUID().uuidString).log"
        ).path
        defer { try? FileManager.default.removeItem(atPath: log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        SpawnActions.closeInherited(&actions)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard spawned == 0 else { throw TestSetupError("cannot start \(argv[0]): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        guard exited && code == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw TestSetupError("\(program) failed (status \(status)): \(text)")
        }
    }
}

/// Stops the cluster when the test process exits.
enum TestPostgresShutdown {
    nonisolated(unsafe) static var command: [String] = []
    nonisolated(unsafe) static var folder = ""

    static func register(pgCtl: String, data: String, folder: String, asPostgres: Bool) {
        let stop = [pgCtl, "-D", data, "-m", "immediate", "-w", "stop"]
        command = asPostgres ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + stop : stop
        self.folder = folder
        atexit {
            try? TestPostgres.run(TestPostgresShutdown.command[0], Array(TestPostgresShutdown.command.dropFirst()))
            try? FileManager.default.removeItem(atPath: TestPostgresShutdown.folder)
        }
    }
}

struct TestSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
