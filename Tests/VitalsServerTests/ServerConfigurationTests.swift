import Foundation
import Testing
import VitalsCore
import VitalsServer
import VitalsServerStorage

/// The server's configuration checks itself and reads its own environment; the database is
/// found from flags and the environment in one place.
@Suite("Server: configuration defaults, validation, environment")
struct ServerConfigurationTests {
    @Test("The defaults are valid")
    func defaultsValid() throws {
        try ServerConfiguration().validate()
    }

    /// One change out of range for each setting.
    static let outOfRange: [(ServerConfiguration.Setting, @Sendable (inout ServerConfiguration) -> Void)] = [
        (ServerConfiguration.Setting.port, { (c: inout ServerConfiguration) in c.port = 70000 }),
        (.maximumBodyBytes, { $0.maximumBodyBytes = 0 }),
        (.maximumIngestBytes, { $0.maximumIngestBytes = -1 }),
        (.maximumImportBytes, { $0.maximumImportBytes = 0 }),
        (.dashboardSessionLifetime, { $0.dashboardSessionLifetime = 60 }),
        (.corsOrigins, { $0.corsOrigins = ["https://ok.example.com", "https://app.example.com/path"] }),
        (.rateLimitPerSecond, { $0.rateLimitPerSecond = .infinity }),
        (.rateLimitBurst, { $0.rateLimitBurst = 0 }),
        (.clientTimeout, { $0.clientTimeout = 0 }),
        (.maximumHeaderBytes, { $0.maximumHeaderBytes = 512 }),
        (.maximumHeaderCount, { $0.maximumHeaderCount = 9 }),
        (.maximumConcurrentLargeBodies, { $0.maximumConcurrentLargeBodies = 0 }),
        (.largeBodyBytes, { $0.largeBodyBytes = 0 }),
        (.tokenCacheSeconds, { $0.tokenCacheSeconds = -1 }),
        (.ingestLogRetentionDays, { $0.ingestLogRetentionDays = 0 }),
        (.metricsToken, { $0.metricsToken = "short-token" }),
    ]

    @Test("Each setting out of range is refused, naming the setting and not its value", arguments: outOfRange)
    func refused(setting: ServerConfiguration.Setting, change: @Sendable (inout ServerConfiguration) -> Void) {
        var configuration = ServerConfiguration()
        change(&configuration)
        do {
            try configuration.validate()
            Issue.record("\(setting) was accepted")
        } catch {
            #expect(error.code == .invalidInput && error.location?.field == setting.rawValue)
            #expect(!error.message.contains("short-token") && !error.message.contains("70000"))
        }
    }

    @Test("Every setting the validation names is tried out of range above")
    func everySettingTried() {
        #expect(Set(Self.outOfRange.map(\.0)) == Set(ServerConfiguration.Setting.allCases))
    }

    @Test("The environment fills an unset metrics token; a set one wins, an empty variable is unset")
    func environment() {
        var configuration = ServerConfiguration()
        configuration.read(environment: ["VITALS_METRICS_TOKEN": "from-the-environment-0123"])
        #expect(configuration.metricsToken == "from-the-environment-0123")
        configuration.metricsToken = "from-the-flag-0123456789"
        configuration.read(environment: ["VITALS_METRICS_TOKEN": "from-the-environment-0123"])
        #expect(configuration.metricsToken == "from-the-flag-0123456789")
        var empty = ServerConfiguration()
        empty.read(environment: ["VITALS_METRICS_TOKEN": ""])
        #expect(empty.metricsToken == nil)
    }

    @Test("The database: a flag, else $VITALS_POSTGRES_URL, else $VITALS_SERVER_DB, else the default path")
    func database() {
        let both = ["VITALS_POSTGRES_URL": "postgres://u:pw@db/vitals", "VITALS_SERVER_DB": "/srv/server.sqlite"]
        #expect(
            ServerDatabase.resolve(sqlitePath: "/a.sqlite", postgresURL: nil, environment: both, home: "/h")
                == .sqlite(path: "/a.sqlite"))
        #expect(
            ServerDatabase.resolve(sqlitePath: nil, postgresURL: "postgres://x/y", environment: both, home: "/h")
                == .postgres(url: "postgres://x/y"))
        #expect(
            ServerDatabase.resolve(sqlitePath: nil, postgresURL: nil, environment: both, home: "/h")
                == .postgres(url: "postgres://u:pw@db/vitals"))
        #expect(
            ServerDatabase.resolve(
                sqlitePath: nil, postgresURL: nil,
                environment: ["VITALS_SERVER_DB": "/srv/server.sqlite", "VITALS_POSTGRES_URL": ""],
                home: "/h") == .sqlite(path: "/srv/server.sqlite"))
        #expect(
            ServerDatabase.resolve(sqlitePath: nil, postgresURL: nil, environment: [:], home: "/h")
                == .sqlite(path: "/h/.local/share/vitals/server.sqlite"))
        #expect(ServerDatabase.sqlitePath(nil, environment: both, home: "/h") == "/srv/server.sqlite")
        #expect(ServerDatabase.postgresURL(nil, environment: [:]) == nil)
        #expect(
            ServerDatabase.postgres(url: "postgres://u:pw@db/vitals").label == "PostgreSQL postgres://u:***@db/vitals")
        #expect(ServerDatabase.sqlite(path: "/a.sqlite").label == "SQLite /a.sqlite")
    }
}
