import Foundation
import VitalsCore
import VitalsStore
import VitalsTestSupport

/// A real SQLite store in a new temporary folder, writing as "Test App" (com.x.app), days in Berlin.
struct InsightsFixture {
    static let app = Source(name: "Test App", bundleIdentifier: "com.x.app")
    static let watch = Source(name: "Apple Watch", bundleIdentifier: "com.apple.health.watch")
    static let phone = Source(name: "iPhone", bundleIdentifier: "com.apple.health.phone")
    static let calendar = Calendar.gregorian(in: TimeZone(identifier: "Europe/Berlin")!)

    let directory: URL
    let path: String
    let store: SQLiteHealthStore

    init() throws {
        directory = TestFolder.url("vitals-insights")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("store.sqlite").path
        store = try SQLiteHealthStore(path: path, configuration: Self.configuration)
    }

    static var configuration: SQLiteHealthStore.Configuration {
        var configuration = SQLiteHealthStore.Configuration()
        configuration.appSource = app
        configuration.calendar = calendar
        configuration.cacheCapacity = 0
        return configuration
    }

    /// Opens the same file again, as the next run of the app would.
    func reopen() throws -> SQLiteHealthStore {
        try SQLiteHealthStore(path: path, configuration: Self.configuration)
    }
}

/// An instant from ISO 8601 text with an offset.
func at(_ text: String) -> Date { ISO8601.parse(text)! }

/// A Berlin wall-clock time on 2025-10-14 (UTC+2).
func berlin(_ time: String, day: String = "2025-10-14") -> Date { at("\(day)T\(time):00+02:00") }
