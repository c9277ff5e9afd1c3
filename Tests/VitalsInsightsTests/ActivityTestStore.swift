import Foundation
import VitalsCore
import VitalsInsights
import VitalsStore
import VitalsTestSupport

/// A real SQLite store in a new temporary folder, for the streak, calendar and reminder tests.
struct ActivityTestStore {
    /// The app the store logs as; its extensions share the prefix.
    static let app = Source(name: "Streaks", bundleIdentifier: "com.x.streaks")
    static let widget = Source(name: "Streaks Widget", bundleIdentifier: "com.x.streaks.widget")
    static let watch = Source(name: "Streaks Watch", bundleIdentifier: "com.x.streaks.watchkitapp")
    static let otherApp = Source(name: "Other Meditation", bundleIdentifier: "com.other.meditate")
    static let appleWatch = Source(name: "Apple Watch", bundleIdentifier: "com.apple.health.watch")

    let directory: URL
    let path: String
    let store: SQLiteHealthStore
    var calendar: Calendar { store.configuration.calendar }

    /// Opens a new store whose user lives in `zone`.
    init(zone: String = "Europe/Berlin", configure: (inout SQLiteHealthStore.Configuration) -> Void = { _ in }) throws {
        directory = TestFolder.url("vitals-insights")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("store.sqlite").path
        var configuration = SQLiteHealthStore.Configuration()
        configuration.appSource = Self.app
        configuration.calendar = Calendar.gregorian(in: TimeZone(identifier: zone)!)
        configure(&configuration)
        store = try SQLiteHealthStore(path: path, configuration: configuration)
    }

    /// The same file opened again, optionally as a user now in another zone.
    func reopen(
        zone: String? = nil, configure: (inout SQLiteHealthStore.Configuration) -> Void = { _ in }
    ) throws
        -> SQLiteHealthStore
    {
        var configuration = store.configuration
        if let zone { configuration.calendar = Calendar.gregorian(in: TimeZone(identifier: zone)!) }
        configure(&configuration)
        return try SQLiteHealthStore(path: path, configuration: configuration)
    }

    /// The query for this app's samples (or every source).
    func query(allSources: Bool = false, calendar: Calendar? = nil) -> DailyActivityQuery {
        DailyActivityQuery.forApp(of: store, calendar: calendar ?? self.calendar, allSources: allSources)
    }

    /// A mindful session of `minutes` starting at `start`.
    static func mindful(_ start: String, minutes: Double, source: Source = app, zone: String? = nil) -> Sample {
        let begin = at(start)
        return .category(
            .mindfulSession, 0, start: begin, end: begin.addingTimeInterval(minutes * 60), source: source,
            metadata: ActivityLog.zoneMetadata(zone.flatMap(TimeZone.init(identifier:))))
    }

    /// A workout of `minutes` starting at `start`.
    static func workout(_ start: String, minutes: Double, source: Source = app) -> Sample {
        let begin = at(start)
        return Sample(
            type: .workout, start: begin, end: begin.addingTimeInterval(minutes * 60),
            content: .workout(Workout(activityType: .running)), source: source)
    }

    /// A NoAlc entry as another app might store it: a beverage count at `start`.
    static func drinks(_ count: Double, _ start: String, source: Source = app) -> Sample {
        .quantity(.numberOfAlcoholicBeverages, count, .count, start: at(start), source: source)
    }

    static func at(_ text: String) -> Date { ISO8601.parse(text)! }
    static func day(_ text: String) -> LocalDate { try! LocalDate(parsing: text) }
}
