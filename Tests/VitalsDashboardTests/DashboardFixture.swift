import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import VitalsCore
import VitalsDashboard
import VitalsStore
import VitalsTestSupport

/// A real SQLite store in a new temporary folder, living in `zone`, and the dashboard over it.
struct DashboardFixture {
    let store: SQLiteHealthStore
    let calendar: Calendar

    static let phone = Source(name: "Ada's iPhone", bundleIdentifier: "com.apple.health.phone")
    static let watch = Source(name: "Ada's Apple Watch", bundleIdentifier: "com.apple.health.watch")
    static let phoneDevice = Device(name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone")
    static let watchDevice = Device(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch")

    init(zone: String) throws {
        let folder = TestFolder.url("vitals-dashboard")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        calendar = Calendar.gregorian(in: TimeZone(identifier: zone)!)
        var configuration = SQLiteHealthStore.Configuration()
        configuration.calendar = calendar
        store = try SQLiteHealthStore(
            path: folder.appendingPathComponent("store.sqlite").path, configuration: configuration)
    }

    /// The instant `hour:minute` on `day` in the fixture's zone.
    func at(_ day: String, _ hour: Int, _ minute: Int = 0) -> Date {
        let date = try! LocalDate(parsing: day)
        return calendar.date(
            from: DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute))!
    }

    /// `[day 00:00, next day 00:00)` in the zone, as `vitals stats --from DAY --to NEXT` reads it.
    func range(_ day: String) -> DateRange { try! LocalDate(parsing: day).range(in: calendar) }

    /// What `vitals stats` computes: the query over `range` in the zone, daily or hourly buckets.
    func statistics(
        _ type: SampleType, _ options: StatisticsOptions, over range: DateRange, interval: CalendarPeriod = .day,
        categoryValues: Set<Int>? = nil
    ) async throws -> [Statistics] {
        try await store.statistics(
            StatisticsQuery(
                type: type, range: range, interval: interval, calendar: calendar,
                options: options, categoryValues: categoryValues)
        ).value
    }

    /// The dashboard at the root of a router, "now" being `now`.
    func application(now: Date) -> some ApplicationProtocol {
        var configuration = DashboardConfiguration()
        configuration.now = { now }
        return Application(router: DashboardApplication.makeRouter(store: store, configuration: configuration))
    }

    /// GETs `paths` from the router (no socket) and returns each status and body.
    func get(_ paths: [String], now: Date) async throws -> [(status: HTTPResponse.Status, body: String)] {
        try await application(now: now).test(.router) { client in
            var answers: [(HTTPResponse.Status, String)] = []
            for path in paths {
                let response = try await client.execute(uri: path, method: .get)
                answers.append((response.status, String(buffer: response.body)))
            }
            return answers
        }
    }

    /// GETs one path from the router.
    func get(_ path: String, now: Date) async throws -> (status: HTTPResponse.Status, body: String) {
        try await get([path], now: now)[0]
    }
}
