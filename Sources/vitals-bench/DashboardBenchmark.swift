import AsyncHTTPClient
import Foundation
import GRDB
import Hummingbird
import Logging
import NIOCore
import VitalsCore
import VitalsDashboard
import VitalsStore

/// Issue 16's page figures: the dashboard's pages over 5 years of minute-level data, by HTTP.
///
/// Builds (or reuses) the daily-cache benchmark's store (steps and heart rate from a watch and a
/// phone every minute: ~10.5 M samples over 5 years, and the nights ``InsightsBenchData`` adds,
/// so Today carries issue 42's insights card), serves it as `vitals dashboard` does (on
/// loopback, the in-memory answer cache off so every view reads the store), "now" being the
/// last day at 18:00 in Europe/Berlin, and times GETs of each page over one kept-alive
/// connection: the first view after the per-day cache was emptied (cold), then --runs views
/// (warm). The time is the client's, from request to the last byte: the server's time plus
/// loopback.
struct DashboardBenchmark {
    let years: Int
    let runs: Int
    let path: String?

    /// A page and the figure the issue sets for it (median, p99), in ms.
    struct Page {
        var name: String
        var path: String
        var median: Double?
        var p99: Double?
    }

    func run() async throws {
        let calendar = DailyCacheBenchmark.calendar
        let (store, file, start, end) = try DailyCacheBenchmark.openStore(path: path, name: "dashboard", years: years)
        let total = try await store.typeSummaries().reduce(0) { $0 + $1.count }
        if total == 0 {
            try await DailyCacheData(store: store, start: start, end: end).populate()
        } else {
            print("reusing \(file)")
        }
        // Its nights, so Today's insights card and the Insights page have figures.
        _ = try await InsightsBenchData(store: store, start: start, end: end, calendar: calendar).ensure()
        let samples = try await store.typeSummaries().reduce(0) { $0 + $1.count }
        let lastDay = LocalDate(containing: end.addingTimeInterval(-1), in: calendar)
        let now = calendar.date(byAdding: .hour, value: 18, to: lastDay.start(in: calendar))!
        let month = String(format: "%04d-%02d", lastDay.year, lastDay.month)
        let pages = [
            Page(name: "Today", path: "/", median: 30, p99: 100),
            Page(name: "Day", path: "/day/\(lastDay)", median: 50),
            Page(name: "Insights", path: "/insights?date=\(lastDay)"),
            Page(name: "Trends, steps, 365 days", path: "/trends?type=stepCount&range=365", median: 50),
            Page(name: "Trends, heart rate, 365 days", path: "/trends?type=heartRate&range=365", median: 50),
            Page(
                name: "Trends, steps, 365 days, weekly", path: "/trends?type=stepCount&range=365&bucket=week",
                median: 50),
            Page(name: "Calendar, month", path: "/calendar?month=\(month)&figure=stepCount"),
            Page(name: "Calendar, year", path: "/calendar?year=\(lastDay.year)&figure=stepCount"),
        ]

        var dashboardConfiguration = DashboardConfiguration()
        dashboardConfiguration.now = { now }
        let (portStream, portContinuation) = AsyncStream<Int>.makeStream()
        let application = DashboardApplication.make(
            store: store, configuration: dashboardConfiguration, port: 0,
            logger: Logger(label: "vitals-bench.dashboard") { _ in SwiftLogNoOpLogHandler() },
            onServerRunning: { portContinuation.yield($0) })
        let serving = Task { try await application.runService() }
        var ports = portStream.makeAsyncIterator()
        guard let port = await ports.next() else { VitalsBench.fail("the dashboard did not start") }
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let steal = HostCPU.now()
        print(
            """
            \(samples) samples in \(file); pages of \(lastDay) (Europe/Berlin), \(runs) warm views each
            page                                   cold ms   warm median   warm p99   target (median, p99)
            """)
        do {
            for page in pages {
                try await store.database.write { db in try db.execute(sql: "DELETE FROM daily_statistics") }
                let cold = try await get(client, port: port, page.path)
                var warm: [Double] = []
                for _ in 0..<runs { warm.append(try await get(client, port: port, page.path)) }
                warm.sort()
                let median = warm[warm.count / 2]
                let p99 = warm[min(warm.count - 1, Int((Double(warm.count) * 0.99).rounded(.up)) - 1)]
                let target = [page.median.map { "<= \(Int($0))" }, page.p99.map { "<= \(Int($0))" }]
                    .compactMap { $0 }.joined(separator: ", ")
                print(
                    page.name.padding(toLength: 38, withPad: " ", startingAt: 0)
                        + String(format: "%8.1f   %11.2f   %8.2f   ", cold, median, p99) + target)
            }
            try await client.shutdown()
        } catch {
            try? await client.shutdown()
            serving.cancel()
            throw error
        }
        serving.cancel()
        if let before = steal, let after = HostCPU.now() {
            print(
                String(
                    format: "host CPU during the views: idle %.1f%%, steal %.1f%%", after.idlePercent(since: before),
                    after.stealPercent(since: before)))
        }
    }

    /// One GET of `path`, in ms; fails on anything but 200.
    private func get(_ client: HTTPClient, port: Int, _ path: String) async throws -> Double {
        let request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        let t0 = DispatchTime.now().uptimeNanoseconds
        let response = try await client.execute(request, timeout: .seconds(120))
        let body = try await response.body.collect(upTo: 64 << 20)
        let t1 = DispatchTime.now().uptimeNanoseconds
        guard response.status == .ok, body.readableBytes > 0 else {
            VitalsBench.fail("GET \(path) answered \(response.status)")
        }
        return Double(t1 - t0) / 1e6
    }
}
