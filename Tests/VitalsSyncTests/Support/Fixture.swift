import Foundation
import VitalsCore
import VitalsStore
import VitalsSync
import VitalsTestSupport
import VitalsTesting

/// Shared test data: a fixed "now", the user's zone, two step sources that overlap.
enum Fixture {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static var calendar: Calendar { Calendar.gregorian(in: zone) }
    /// 2025-11-16 12:00 UTC (13:00 in Berlin).
    static let start = Date(timeIntervalSince1970: 1_763_294_400)
    static var today: LocalDate { LocalDate(containing: start, in: calendar) }

    static let phone = Source(name: "iPhone", bundleIdentifier: "com.apple.health.phone")
    static let watch = Source(name: "Apple Watch", bundleIdentifier: "com.apple.health.watch")

    /// Steps both sources record for the same hour of `day` (so they must count once).
    static func overlappingSteps(on day: LocalDate) -> Int { 500 + 37 * day.day }
    /// Steps only the phone records, later that day.
    static let phoneOnlySteps = 120
    /// What the server should store for `day`.
    static func expectedSteps(on day: LocalDate) -> Int { overlappingSteps(on: day) + phoneOnlySteps }

    /// An instant of `day` in the user's zone.
    static func at(_ day: LocalDate, _ hour: Int, _ minute: Int = 0) -> Date {
        calendar.date(byAdding: .minute, value: hour * 60 + minute, to: day.start(in: calendar))!
    }

    /// Steps for `day`: the same hour from both sources, plus a phone-only half hour.
    static func steps(on day: LocalDate) -> [Sample] {
        let count = Double(overlappingSteps(on: day))
        return [
            .quantity(.stepCount, count, .count, start: at(day, 9), end: at(day, 10), source: phone),
            .quantity(.stepCount, count, .count, start: at(day, 9), end: at(day, 10), source: watch),
            .quantity(
                .stepCount, Double(phoneOnlySteps), .count, start: at(day, 15), end: at(day, 15, 30), source: phone),
        ]
    }

    /// Two overlapping nights' sleep ending on `day`: 01:00-07:00 and 02:00-08:00 (union 420 minutes).
    static func sleep(on day: LocalDate) -> [Sample] {
        let asleep = SleepAnalysisValue.asleepCore.rawValue
        return [
            .category(.sleepAnalysis, asleep, start: at(day, 1), end: at(day, 7), source: phone),
            .category(.sleepAnalysis, asleep, start: at(day, 2), end: at(day, 8), source: watch),
        ]
    }
    static let sleepUnionMinutes = 420
}

/// A temporary store and cursor file that go away with the test's folder.
struct SyncWorkspace {
    let directory: URL
    let store: SQLiteHealthStore

    /// - Parameters:
    ///   - caching: whether the store caches answers (as `vitals sync` does not, since
    ///   other processes may write the file).
    ///   - configure: changes to the store's settings (its authorization answers, for permission tests).
    init(caching: Bool = true, configure: (inout SQLiteHealthStore.Configuration) -> Void = { _ in }) throws {
        directory = TestFolder.url("vitals-sync")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = SQLiteHealthStore.Configuration()
        if !caching { configuration.cacheCapacity = 0 }
        configure(&configuration)
        store = try SQLiteHealthStore(
            path: directory.appendingPathComponent("store.sqlite").path, configuration: configuration)
    }

    /// The cursor file next to the store, as the CLI uses it.
    var cursorPath: String { FileSyncCursorStore.defaultPath(forStoreAt: store.path) }

    /// A cursor store on this workspace's file (a new instance each call, as a new process would make).
    func cursors(clock: TestClock) -> FileSyncCursorStore { FileSyncCursorStore(path: cursorPath, now: { clock.now }) }

    /// A service for `server`, with a sleeper that does not wait and the test clock.
    func service(
        server: String, token: String, contract: SyncContract = .daily, clock: TestClock,
        transport: any SyncTransport = AsyncHTTPClientTransport(), sleeper: any SyncSleeper = TestSleeper(),
        configure: (inout HealthSyncService.Configuration) -> Void = { _ in }
    ) throws -> HealthSyncService {
        var configuration = HealthSyncService.Configuration()
        configuration.calendar = Fixture.calendar
        configuration.now = { clock.now }
        configure(&configuration)
        return HealthSyncService(
            store: store, endpoint: try SyncEndpoint(server: server, token: token), contract: contract,
            cursors: cursors(clock: clock), transport: transport, sleeper: sleeper,
            configuration: configuration, logger: quietLogger)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
