// swift-tools-version:6.2
import PackageDescription

/// Settings every Vitals target shares: Swift 6 language mode and explicit `any`.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// What `VitalsHealthKit` builds on. On Apple platforms `import HealthKit` is Apple's framework.
var healthKitAdapterDependencies: [Target.Dependency] = [
    "VitalsCore", "VitalsSync", .product(name: "Logging", package: "swift-log"),
]
/// Linux only: a `HealthKit` module declaring the subset of Apple's API the adapter uses, with a
/// scriptable in-memory database, and the adapter's tests against it. Apple platforms never see it.
var linuxHealthKitTargets: [Target] = []
#if os(Linux)
healthKitAdapterDependencies.append("HealthKit")
linuxHealthKitTargets = [
    .target(name: "HealthKit", dependencies: ["VitalsCore"], swiftSettings: strict),
    .testTarget(
        name: "VitalsHealthKitTests",
        dependencies: [
            "VitalsCore", "VitalsStore", "VitalsSync", "VitalsInsights", "VitalsHealthKit", "HealthKit",
            "VitalsTestSupport", "VitalsTesting", .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: strict),
]
#endif

let package = Package(
    name: "Vitals",
    // Mutex and Atomic (Synchronization) need macOS 15, iOS 18, watchOS 11; `nonisolated(nonsending)`
    // needs the Swift 6.2 tools.
    platforms: [.macOS(.v15), .iOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "VitalsCore", targets: ["VitalsCore"]),
        .library(name: "VitalsStore", targets: ["VitalsStore"]),
        .library(name: "VitalsImport", targets: ["VitalsImport"]),
        .library(name: "VitalsContract", targets: ["VitalsContract"]),
        .library(name: "VitalsSync", targets: ["VitalsSync"]),
        .library(name: "VitalsServer", targets: ["VitalsServer"]),
        .library(name: "VitalsServerStorage", targets: ["VitalsServerStorage"]),
        .library(name: "VitalsPostgres", targets: ["VitalsPostgres"]),
        .library(name: "VitalsInsights", targets: ["VitalsInsights"]),
        .library(name: "VitalsHealthKit", targets: ["VitalsHealthKit"]),
        .library(name: "VitalsDashboard", targets: ["VitalsDashboard"]),
        .library(name: "VitalsExport", targets: ["VitalsExport"]),
        .library(name: "VitalsMCP", targets: ["VitalsMCP"]),
        .library(name: "VitalsTesting", targets: ["VitalsTesting"]),
        .executable(name: "vitals", targets: ["vitals"]),
        .executable(name: "vitals-bench", targets: ["vitals-bench"]),
        .executable(name: "vitals-fuzz", targets: ["vitals-fuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: [
        .target(name: "VitalsCore", swiftSettings: strict),
        // zlib for reading export.zip entries in pull mode (VitalsImport's ZipEntryReader).
        .systemLibrary(name: "VitalsZlib"),
        .target(name: "CSQLiteSetup", dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")]),
        .target(
            name: "VitalsStore",
            dependencies: [
                // VitalsInsights: the SQLite store also keeps the tables of insights' own records
                // (reminders, workout sessions, meals, the mirror outbox) in its file.
                "VitalsCore", "VitalsInsights", "CSQLiteSetup", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: strict + [.enableUpcomingFeature("InternalImportsByDefault")]),
        .target(
            name: "VitalsImport",
            dependencies: ["VitalsCore", "VitalsStore", "VitalsZlib"],
            swiftSettings: strict + [.enableUpcomingFeature("InternalImportsByDefault")]),
        .target(
            name: "VitalsInsights",
            // Written over the read and store protocols only: no database. Logging for the failures
            // the non-throwing record queries log instead of throwing.
            dependencies: ["VitalsCore", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict),
        .target(
            name: "VitalsHealthKit",
            dependencies: healthKitAdapterDependencies,
            swiftSettings: strict,
            linkerSettings: [.linkedFramework("HealthKit", .when(platforms: [.iOS, .macOS, .watchOS]))]),
        // Data out: FHIR R4 NDJSON, tidy CSV and JSON Lines, written once over the read protocol (HealthReader),
        // with the insights' scores as FHIR Observations; the CLI and the server import it, it imports neither.
        .target(name: "VitalsExport", dependencies: ["VitalsCore", "VitalsInsights"], swiftSettings: strict),
        // Model Context Protocol tools over the read protocol (ActivityReader): a local store or a
        // server user read through its HTTP API; VitalsInsights for streaks and the day's sleep window.
        .target(
            name: "VitalsMCP",
            dependencies: [
                "VitalsCore", "VitalsInsights", .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // What the sync client and the server both speak: the day record, requests, answers, snapshots.
        .target(name: "VitalsContract", dependencies: ["VitalsCore"], swiftSettings: strict),
        .target(
            name: "VitalsSync",
            dependencies: [
                "VitalsCore", "VitalsContract",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict + [.enableUpcomingFeature("InternalImportsByDefault")]),
        // The server's storage: the repository's roles (HealthRepository), the one write sequence
        // (HealthWrite over a HealthWriteTransaction) and its SQLite implementation. Never
        // Hummingbird, never PostgresNIO: the HTTP server and the PostgreSQL repository build on it.
        .target(
            name: "VitalsServerStorage",
            dependencies: [
                // VitalsImport for the arrival rule's Health Auto Export markers (HealthAutoExportMetadata).
                "VitalsCore", "VitalsContract", "VitalsStore", "VitalsImport",
                .product(name: "GRDB", package: "GRDB.swift"),
                // ServiceLifecycle: the SQLite repository runs its WAL checkpoints as a Service.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict),
        // The PostgreSQL repository, and beside it the copy of a SQLite server database into one
        // (`vitals migrate`, which reads SQLite through GRDB) and `vitals backup --postgres`.
        // Never Hummingbird: the `vitals` executable hands the repository to the server.
        .target(
            name: "VitalsPostgres",
            dependencies: [
                "VitalsCore", "VitalsContract", "VitalsStore", "VitalsServerStorage",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // Crypto for the migration's per-user checksums (MigrationChecksum).
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .target(
            name: "VitalsServer",
            dependencies: [
                // Never VitalsSync: the server does not link the HTTP client (AsyncHTTPClient).
                // Never VitalsPostgres: it serves any HealthRepository it is handed (`vitals serve` builds it).
                // VitalsDashboard: the server mounts the web dashboard at `/` for signed-in users.
                // VitalsInsights: `GET /api/me/insights` runs the engine over the user's read view.
                "VitalsCore", "VitalsContract", "VitalsStore", "VitalsServerStorage", "VitalsImport", "VitalsInsights",
                "VitalsDashboard",
                "VitalsExport",
                .product(name: "Hummingbird", package: "hummingbird"),
                // HummingbirdCore for the HTTP/1 channel's client timeout and header limits.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // The web dashboard: pages over the read protocol (ActivityReader), for a local store or a
        // server user. Never VitalsServer: the server mounts the dashboard, not the other way round.
        .target(
            name: "VitalsDashboard",
            dependencies: [
                // VitalsInsights for the Calendar's streak marks (the query `vitals streak` runs) and the Records page
                // (seed 002's record queries and RecordEditor); never the other way round.
                // VitalsContract for seed 001's daily snapshots, which the Today page shows where no sample gives a figure.
                "VitalsCore", "VitalsInsights", "VitalsContract",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "vitals",
            dependencies: [
                "VitalsCore", "VitalsContract", "VitalsStore", "VitalsImport", "VitalsSync", "VitalsServer",
                "VitalsInsights",
                "VitalsServerStorage", "VitalsPostgres", "VitalsDashboard", "VitalsExport", "VitalsMCP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "vitals-bench",
            dependencies: [
                "VitalsCore", "VitalsStore", "VitalsImport", "VitalsServer", "VitalsServerStorage", "VitalsPostgres",
                "VitalsInsights", "VitalsDashboard", "VitalsExport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict),
        // libFuzzer targets for the parsers (scripts/fuzz.sh); a plain build replays corpus files.
        .executableTarget(name: "vitals-fuzz", dependencies: ["VitalsCore", "VitalsImport"], swiftSettings: strict),
        .testTarget(
            name: "VitalsFuzzTests", dependencies: ["vitals-fuzz", "VitalsCore", "VitalsImport"], swiftSettings: strict),
        .testTarget(
            name: "VitalsCoreTests", dependencies: ["VitalsCore", "VitalsTestSupport", "VitalsTesting"],
            swiftSettings: strict),
        // Reads ARCHITECTURE.md, Package.swift and the sources: the import rules, kept true.
        .testTarget(name: "VitalsArchitectureTests", swiftSettings: strict),
        .testTarget(
            name: "VitalsMCPTests",
            dependencies: [
                "VitalsCore", "VitalsStore", "VitalsInsights", "VitalsMCP", "VitalsTestSupport", "VitalsTesting",
                .product(name: "MCP", package: "swift-sdk"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "VitalsExportTests",
            dependencies: [
                "VitalsCore", "VitalsStore", "VitalsImport", "VitalsExport", "VitalsInsights", "VitalsTestSupport",
                "VitalsTesting",
            ],
            exclude: ["Python"], swiftSettings: strict),
        .testTarget(
            name: "VitalsStoreTests",
            dependencies: [
                "VitalsCore", "VitalsStore", "VitalsInsights", "VitalsTestSupport", "VitalsTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "VitalsImportTests",
            dependencies: [
                "VitalsCore", "VitalsStore", "VitalsImport", "VitalsTestSupport", "VitalsTesting",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "VitalsServerTests",
            dependencies: [
                "VitalsCore", "VitalsContract", "VitalsStore", "VitalsServer", "VitalsServerStorage", "VitalsPostgres",
                "VitalsDashboard", "VitalsTestSupport", "VitalsTesting", "VitalsExport", "VitalsImport",
                "VitalsInsights",
                // VitalsSync for RemoteHealthReader, read against live servers on both databases here.
                "VitalsSync",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // schemathesis's hooks, read from the source tree when it runs.
            exclude: ["Schemathesis"],
            swiftSettings: strict),
        .testTarget(
            name: "VitalsInsightsTests",
            dependencies: [
                "VitalsCore", "VitalsStore", "VitalsInsights", "VitalsTestSupport", "VitalsTesting",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "VitalsDashboardTests",
            dependencies: [
                "VitalsCore", "VitalsStore", "VitalsInsights", "VitalsDashboard", "VitalsTestSupport", "VitalsTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strict),
        // What an app's own tests can use too: a clock moved by hand, a seeded generator, a store on a
        // device without health data, a phone's automation replayed, small Apple Health exports.
        .target(name: "VitalsTesting", dependencies: ["VitalsCore"], swiftSettings: strict),
        // Helpers only this package's test targets share: child processes without Foundation's
        // Process, temporary folders, captured logs, fixtures by their path here, reading pages'
        // data- attributes, and the `.mayBlock` trait.
        .target(
            name: "VitalsTestSupport",
            dependencies: [
                "VitalsTesting", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/VitalsTestSupport",
            swiftSettings: strict),
        .testTarget(
            name: "VitalsCLITests",
            dependencies: ["vitals", "VitalsTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["__Snapshots__", "MCP"],
            swiftSettings: strict),
        .testTarget(
            name: "VitalsSyncTests",
            dependencies: [
                "VitalsCore", "VitalsContract", "VitalsStore", "VitalsSync", "VitalsServer", "VitalsServerStorage",
                "VitalsInsights", "VitalsTestSupport", "VitalsTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
    ] + linuxHealthKitTargets
)
