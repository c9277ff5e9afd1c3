import Foundation
import Hummingbird
import Logging
import VitalsCore

/// The dashboard of one local store as an application of its own: what `vitals dashboard` runs.
///
/// Every request reads the same store in the store's calendar. It listens on loopback only
/// (`127.0.0.1`): the pages have no sign-in, so only this computer may see them.
public enum DashboardApplication {
    /// The only address a local dashboard listens on.
    public static let host = "127.0.0.1"

    /// The application serving `store`'s dashboard on `127.0.0.1:port` (0 picks a free port).
    ///
    /// - Parameter onServerRunning: called with the bound port once it listens.
    public static func make(
        store: some HealthStore & ActivityReader,
        configuration: DashboardConfiguration = DashboardConfiguration(),
        port: Int, logger: Logger,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    )
        -> some ApplicationProtocol
    {
        Application(
            router: makeRouter(store: store, configuration: configuration),
            configuration: .init(address: .hostname(host, port: port), serverName: "vitals-dashboard"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// The router alone, with the dashboard at its root.
    public static func makeRouter(
        store: some HealthStore & ActivityReader,
        configuration: DashboardConfiguration = DashboardConfiguration()
    )
        -> Router<BasicRequestContext>
    {
        let router = Router()
        router.add(middleware: SecurityHeadersMiddleware())
        let scope = DashboardScope(store: store)
        Dashboard<BasicRequestContext>(configuration: configuration) { _, _ in scope }.register(on: router)
        return router
    }
}
