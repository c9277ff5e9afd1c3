import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle
import VitalsDashboard
import VitalsServerStorage

/// Builds the Hummingbird application of `vitals serve`.
public enum ServerApplication {
    /// The application and the routes it registered.
    ///
    /// - Parameters:
    ///   - repository: where data lives; a repository that is also a `Service` (PostgreSQL's
    ///     connection pool, SQLite's background checkpoints) runs and shuts down with the server,
    ///     as does the queue importing uploaded exports (``ImportJobQueue``).
    ///   - onServerRunning: called with the bound port once the server listens.
    public static func make(
        configuration: ServerConfiguration, repository: any HealthRepository,
        logger: Logger = Logger(label: "vitals.server"),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    )
        -> (application: some ApplicationProtocol, routes: [RegisteredRoute])
    {
        let (router, routes, imports) = build(configuration: configuration, repository: repository, logger: logger)
        var services: [any Service] = []
        // A PostgreSQL pool, or SQLite's background checkpoints, run and stop with the server.
        if let service = repository as? any Service { services.append(service) }
        // Uploaded exports are imported while the server runs. Services stop in reverse order:
        // the server first (uploads in flight finish), then the imports (the running one is
        // cancelled and rolled back), then the database.
        services.append(imports)
        let http1 = HTTP1Channel.Configuration(
            idleTimeout: .milliseconds(Int64(configuration.clientTimeout * 1000)),
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: configuration.maximumHeaderBytes,
                maxHeaderListSize: configuration.maximumHeaderBytes,
                maxHeaderFieldCount: configuration.maximumHeaderCount))
        var application = Application(
            router: router,
            server: .http1(configuration: http1),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "vitals"),
            services: services,
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
        // Migrations run once the services (a PostgreSQL pool) are up, before the first request.
        application.beforeServerStarts { try await repository.migrate() }
        return (application, routes)
    }

    /// The router alone (for route checks): nothing imports the exports uploaded to it, they stay queued.
    public static func makeRouter(
        configuration: ServerConfiguration, repository: any HealthRepository
    )
        -> (router: Router<VitalsRequestContext>, routes: [RegisteredRoute])
    {
        let (router, routes, _) = build(
            configuration: configuration, repository: repository,
            logger: Logger(label: "vitals.server"))
        return (router, routes)
    }

    /// The dashboard's routes (`GET /`, `GET /day/{date}`, sign-in...), as `vitals serve` mounts
    /// them: for tests that try every page.
    public static func dashboardRoutes(
        configuration: ServerConfiguration, repository: any HealthRepository
    )
        -> [RegisteredRoute]
    {
        let recorder = RouteRecorder(router: Router(context: VitalsRequestContext.self))
        ServerDashboard(repository: repository, configuration: configuration).register(on: recorder)
        return recorder.routes
    }

    /// The router, its routes, and the queue of uploaded exports its import routes feed (a
    /// service to run beside the server).
    static func build(
        configuration: ServerConfiguration, repository: any HealthRepository, logger: Logger
    )
        -> (router: Router<VitalsRequestContext>, routes: [RegisteredRoute], imports: ImportJobQueue)
    {
        let router = Router(context: VitalsRequestContext.self)
        let metrics = ServerMetrics()
        // Outermost, so every answer has the headers, errors and 404s included.
        router.add(middleware: SecurityHeadersMiddleware())
        if !configuration.corsOrigins.isEmpty {
            router.add(middleware: CORSOriginsMiddleware(origins: Set(configuration.corsOrigins)))
        }
        router.add(middleware: RequestMetricsMiddleware(factory: metrics.factory))
        router.add(
            middleware: LargeBodyGate(
                limit: configuration.maximumConcurrentLargeBodies,
                threshold: configuration.largeBodyBytes))
        let known = KnownRoutes()
        router.add(middleware: JSONErrorMiddleware(routes: known))
        let recorder = RouteRecorder(router: router)
        var service = HealthService(repository: repository, now: configuration.now)
        service.ingestLogRetentionDays = configuration.ingestLogRetentionDays
        let directory = configuration.importDirectory ?? ImportJobQueue.defaultDirectory(for: repository)
        let imports = ImportJobQueue(service: service, directory: directory, logger: logger)
        ServerRoutes(service: service, configuration: configuration, metrics: metrics, imports: imports)
            .register(on: recorder)
        // The dashboard's routes are not the API's: registered beside the recorder, so the
        // OpenAPI document (checked against the recorded routes) stays the API's.
        let pages = RouteRecorder(router: router)
        if configuration.dashboardEnabled {
            ServerDashboard(service: service, configuration: configuration).register(on: pages)
        }
        known.set(recorder.routes + pages.routes)
        return (router, recorder.routes, imports)
    }
}
