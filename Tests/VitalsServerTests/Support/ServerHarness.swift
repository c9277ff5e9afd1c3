import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
import VitalsCore
import VitalsPostgres
import VitalsServer
import VitalsServerStorage
import VitalsStore
import VitalsTestSupport
import VitalsTesting

/// The two databases every server test runs against.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres
    var testDescription: String { rawValue }

    /// A migrated repository on a fresh database (a temporary SQLite file, or a new PostgreSQL
    /// database on the test cluster). PostgreSQL's pool runs only inside the server's services.
    func makeRepository(logger: Logger = Logger(label: "vitals.postgres")) async throws -> any HealthRepository {
        switch self {
        case .sqlite:
            let path = TestFolder.path("vitals-server", suffix: ".sqlite")
            return try SQLiteRepository(path: path)
        case .postgres:
            return try PostgresRepository(
                url: try await TestPostgres.shared.newDatabase(), maximumConnections: 8, logger: logger)
        }
    }
}

extension ServerConfiguration {
    /// Noon UTC on 2025-11-16: "today" is 2025-11-16 in UTC and Europe/Berlin, 2025-11-16 in New York.
    static let fixedNow = Date(timeIntervalSince1970: 1_763_294_400)

    static var testing: ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.now = { fixedNow }
        // The test client keeps one connection for a whole test, which may pause longer than
        // the default 20 s on a busy machine; SlowClientTests sets its own.
        configuration.clientTimeout = 300
        return configuration
    }
}

/// What a server test gets: the client and a way to make users.
struct Harness: Sendable {
    let client: any TestClientProtocol
    let repository: any HealthRepository

    /// A new user and its token.
    func user(_ name: String, timeZone: String = "UTC") async throws -> (user: ServerUser, token: String) {
        let token = TokenHasher.newToken()
        let user = try await repository.addUser(
            name: name, timeZone: timeZone, tokenHash: TokenHasher.hash(token),
            at: ServerConfiguration.fixedNow)
        return (user, token)
    }

    /// Sends a request, with a bearer token and a JSON body when given.
    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json: String? = nil
    ) async throws -> Reply {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if json != nil { headers[.contentType] = "application/json" }
        let response = try await client.execute(
            uri: uri, method: method, headers: headers,
            body: json.map { ByteBuffer(string: $0) })
        return Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body))
    }
}

/// A response with its body parsed on demand.
struct Reply: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object (empty when it is not one).
    var object: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    var array: [[String: Any]] { (try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]] ?? [] }

    /// `error.field` of an error body.
    var errorField: String? { (object["error"] as? [String: Any])?["field"] as? String }
    var errorCode: String? { (object["error"] as? [String: Any])?["code"] as? String }
}

/// Runs `body` against a server on `backend` through Hummingbird's router test client, or
/// with `setup: .live` over a real socket on a free loopback port.
func withServer(
    _ backend: Backend, configuration: ServerConfiguration = .testing, setup: TestingSetup = .router,
    logger: Logger = Logger(label: "vitals.server"),
    _ body: @escaping @Sendable (Harness) async throws -> Void
) async throws {
    // A fresh repository and server per attempt (see retryingLiveTimeout).
    try await retryingLiveTimeout {
        let trace = StageTrace("\(backend)")
        trace.note("repository")
        let repository = try await backend.makeRepository(
            logger: trace.logger(wrapping: Logger(label: "vitals.postgres")))
        // The trace also notes each step of the service group's start and shutdown.
        let (application, _) = ServerApplication.make(
            configuration: configuration, repository: repository, logger: trace.logger(wrapping: logger))
        trace.note("starting")
        do {
            // The server's tasks on threads of their own: a test elsewhere in the run that keeps
            // Swift's shared threads busy does not hold up this server's answers.
            try await application.testOnOwnThreads(setup) { client in
                trace.note("body")
                try await body(Harness(client: TracingClient(client: client, trace: trace), repository: repository))
                trace.note("stopping")
            }
        } catch {
            // A failed fixture is not a hung one: the watchdog's report leaves it out.
            trace.note("failed: \(type(of: error))")
            try? await closeAndRemove(repository)
            trace.note("end")
            throw error
        }
        trace.note("closing")
        try await closeAndRemove(repository)
        trace.note("end")
    }
}

/// Closes a test server's repository and deletes its file when it is SQLite's.
func closeAndRemove(_ repository: any HealthRepository) async throws {
    try await repository.close()
    if let sqlite = repository as? SQLiteRepository { removeDatabaseFiles(sqlite.path) }
}

/// Deletes a temporary SQLite database with its WAL, shared-memory and lock files.
func removeDatabaseFiles(_ path: String) {
    DurableFile.remove(path)
}

extension Harness {
    /// `POST /api/health/sync`.
    func sync(_ token: String, _ json: String) async throws -> Reply {
        try await send(.post, "/api/health/sync", token: token, json: json)
    }

    /// `POST /api/v1/health/daily`.
    func daily(_ token: String, _ json: String) async throws -> Reply {
        try await send(.post, "/api/v1/health/daily", token: token, json: json)
    }

    /// `POST /api/v1/ingest/health-auto-export`.
    func ingest(_ token: String, _ json: String) async throws -> Reply {
        try await send(.post, "/api/v1/ingest/health-auto-export", token: token, json: json)
    }

    /// `GET /api/health/{date}` (or `today`).
    func day(_ token: String, _ date: String) async throws -> Reply {
        try await send(.get, "/api/health/\(date)", token: token)
    }

    /// Whether `GET /api/health/{date}` (or `today`) answers 200 with nothing stored for the day.
    func dayIsEmpty(_ token: String, _ date: String) async throws -> Bool {
        let reply = try await day(token, date)
        guard reply.status == .ok else { return false }
        return try reply.decode(DayReport.self).snapshots.isEmpty
    }

    /// `GET /api/me/export`, decoded; fails the test when the status is not 200.
    func export(_ token: String) async throws -> UserExport {
        let reply = try await send(.get, "/api/me/export", token: token)
        try #require(reply.status == .ok)
        return try reply.decode(UserExport.self)
    }

    /// `POST /api/quests` with the body given; returns the created quest's id.
    func quest(_ token: String, _ json: String) async throws -> String {
        let reply = try await send(.post, "/api/quests", token: token, json: json)
        try #require(reply.status == .created, "quest not created: \(reply.text)")
        return try #require(reply.object["id"] as? String)
    }
}

extension Reply {
    /// The body decoded with the server's date format.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: body)
    }

    var errorMessage: String? { (object["error"] as? [String: Any])?["message"] as? String }
    var errorByteOffset: Int? { ((object["error"] as? [String: Any])?["byteOffset"] as? NSNumber)?.intValue }
}

extension ServerConfiguration {
    /// ``testing``, but the clock starts at ``fixedNow`` and moves one second each time it is
    /// read, so a changed `updatedAt` shows that a write really changed a row.
    static var ticking: ServerConfiguration {
        let clock = SteppingClock(from: ServerConfiguration.fixedNow)
        var configuration = ServerConfiguration.testing
        configuration.now = { clock.next() }
        return configuration
    }
}

/// Every route the server registers (read from a router over a throwaway SQLite file).
func registeredRoutes() throws -> [RegisteredRoute] {
    let path = TestFolder.path("vitals-routes", suffix: ".sqlite")
    let repository = try SQLiteRepository(path: path)
    defer { removeDatabaseFiles(path) }
    return ServerApplication.makeRouter(configuration: .testing, repository: repository).routes
}
