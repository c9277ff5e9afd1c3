import Foundation
import VitalsCore
import VitalsServer

extension ServeCommand {
    /// The defaults every option shows: the server's own.
    static let defaults = ServerConfiguration()

    /// The flag that sets each of the configuration's settings, for its errors.
    static let flags: [ServerConfiguration.Setting: String] = [
        .port: "--port", .maximumBodyBytes: "--max-body-bytes", .maximumIngestBytes: "--max-ingest-bytes",
        .maximumImportBytes: "--max-import-bytes", .dashboardSessionLifetime: "--dashboard-session-hours",
        .corsOrigins: "--cors-origin", .rateLimitPerSecond: "--rate-limit", .rateLimitBurst: "--rate-burst",
        .clientTimeout: "--client-timeout", .maximumHeaderBytes: "--max-header-bytes",
        .maximumHeaderCount: "--max-headers", .maximumConcurrentLargeBodies: "--max-large-bodies",
        .metricsToken: "--metrics-token",
    ]

    /// The configuration's first setting out of range, as its error; nil when all are valid.
    static func problem(in configuration: ServerConfiguration) -> VitalsError? {
        do {
            try configuration.validate()
            return nil
        } catch {
            return error
        }
    }

    /// The server's configuration from the flags, then `environment` for what they leave unset.
    func serverConfiguration(environment: [String: String]) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.maximumBodyBytes = maxBodyBytes
        configuration.maximumIngestBytes = maxIngestBytes
        configuration.maximumImportBytes = maxImportBytes
        configuration.importDirectory = importDir
        configuration.dashboardEnabled = !noDashboard
        configuration.dashboardSessionLifetime = TimeInterval(dashboardSessionHours) * 3600
        configuration.dashboardSecureCookies = dashboardSecureCookies
        configuration.corsOrigins = corsOrigins
        configuration.rateLimitPerSecond = rateLimit
        configuration.clientTimeout = clientTimeout
        configuration.maximumHeaderBytes = maxHeaderBytes
        configuration.maximumHeaderCount = maxHeaders
        configuration.maximumConcurrentLargeBodies = maxLargeBodies
        configuration.rateLimitBurst = rateBurst
        configuration.metricsToken = metricsToken
        configuration.read(environment: environment)
        return configuration
    }
}
