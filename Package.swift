// swift-tools-version:6.1
import PackageDescription

/// Settings every Vitals target shares: Swift 6 language mode and explicit `any`.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Vitals",
    platforms: [.macOS(.v14), .iOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "VitalsCore", targets: ["VitalsCore"]),
        .library(name: "VitalsStore", targets: ["VitalsStore"]),
        .library(name: "VitalsImport", targets: ["VitalsImport"]),
        .executable(name: "vitals", targets: ["vitals"]),
        .executable(name: "vitals-bench", targets: ["vitals-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .target(name: "VitalsCore", swiftSettings: strict),
        .target(name: "CSQLiteSetup", dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")]),
        .target(
            name: "VitalsStore",
            dependencies: [
                "VitalsCore", "CSQLiteSetup", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
        .target(
            name: "VitalsImport",
            dependencies: ["VitalsCore", "VitalsStore", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: strict),
        .executableTarget(
            name: "vitals",
            dependencies: [
                "VitalsCore", "VitalsStore", "VitalsImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "vitals-bench",
            dependencies: ["VitalsCore", "VitalsStore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict),
        .testTarget(name: "VitalsCoreTests", dependencies: ["VitalsCore"], swiftSettings: strict),
        .testTarget(
            name: "VitalsStoreTests",
            dependencies: ["VitalsCore", "VitalsStore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict),
        .testTarget(
            name: "VitalsImportTests",
            dependencies: ["VitalsCore", "VitalsStore", "VitalsImport",
                           .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(name: "VitalsCLITests", dependencies: ["vitals"], swiftSettings: strict),
    ]
)
