import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import VitalsCore
import VitalsServer
import VitalsServerStorage
import VitalsStore
import VitalsTestSupport
import VitalsTesting

/// A logger that drops everything, so test output stays readable.
let quietLogger = Logger(label: "vitals.sync.tests", factory: { _ in SwiftLogNoOpLogHandler() })

/// A real `vitals serve` application on a loopback port, on a temporary SQLite repository.
struct LiveServer: Sendable {
    let port: Int
    let repository: SQLiteRepository

    var url: String { "http://127.0.0.1:\(port)" }

    /// A new user and its API token.
    func user(
        _ name: String, timeZone: String = Fixture.zone.identifier
    ) async throws -> (user: ServerUser, token: String) {
        let token = TokenHasher.newToken()
        let user = try await repository.addUser(
            name: name, timeZone: timeZone, tokenHash: TokenHasher.hash(token),
            at: Fixture.start)
        return (user, token)
    }
}

/// Runs `body` against a real server on 127.0.0.1 (port 0), whose clock is `clock`; shuts it down after.
func withLiveServer(clock: TestClock, _ body: @Sendable (LiveServer) async throws -> Void) async throws {
    let path = TestFolder.path("vitals-sync-server", suffix: ".sqlite")
    let repository = try SQLiteRepository(path: path)
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.now = { clock.now }
    let (ports, portContinuation) = AsyncStream<Int>.makeStream()
    let (application, _) = ServerApplication.make(
        configuration: configuration, repository: repository, logger: quietLogger,
        onServerRunning: { portContinuation.yield($0) })
    try await running(application, ports: ports) { port in
        try await body(LiveServer(port: port, repository: repository))
    }
    try await repository.close()
    DurableFile.remove(path)
}

/// Runs a Hummingbird application in a `ServiceGroup` while `body` runs with its port, then
/// shuts it down gracefully (also when `body` throws).
func running(
    _ application: some ApplicationProtocol, ports: AsyncStream<Int>,
    _ body: @Sendable (Int) async throws -> Void
) async throws {
    let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [application], logger: quietLogger))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw TestFailure("the server never reported its port") }
        do {
            try await body(port)
        } catch {
            await group.triggerGracefulShutdown()
            try? await tasks.waitForAll()
            throw error
        }
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
    }
}

/// A failure of the test setup itself.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
