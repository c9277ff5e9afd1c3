import Foundation
import GRDB
import VitalsCore
import VitalsImport
import VitalsStore

/// `vitals-bench stats | load`: the figures of BENCHMARKS.md.
@main
struct VitalsBench {
    static let usage = """
        usage: vitals-bench stats [--years N] [--db PATH] [--runs N]
               vitals-bench daily-cache [--years N] [--db PATH] [--runs N]
               vitals-bench dashboard [--years N] [--db PATH] [--runs N]
               vitals-bench insights [--years N] [--db PATH] [--runs N]
               vitals-bench server-cache [--days N] [--runs N] [--postgres URL]
               vitals-bench load [--vitals PATH] [--postgres URL] [--work DIR] [--seconds S]
                                 [--daily-connections N] [--hae-connections "16 64"] [--hae-seconds S]
                                 [--hae-users N] [--daily-clients "wrk swift"] [--wrk-script PATH]
                                 [--hae-client wrk|swift] [--wrk-ingest-script PATH] [--hae-aggregation A]
                                 [--serve-args "ARGS"]
                                 [--servers N] [--health-seconds S] [--barrier DIR] [--json]
               vitals-bench hae-parse [--runs N] [--rounds N]
               vitals-bench fhir-export [--export PATH] [--db PATH] [--runs N] [--page N]

        stats  Builds (or reuses) a store with N years (default 5) of minute-level steps from two
               overlapping sources, then times one year of daily statistics with source merging
               against a naive SELECT day, SUM(value) ... GROUP BY on the same table, and prints
               both and the ratio. --db keeps the store at PATH for later runs (default: a temp file).

        daily-cache  Builds (or reuses) a store with N years (default 5) of minute-level steps and
               heart rate from a watch and a phone (4 samples a minute), then times daily
               statistics in Europe/Berlin through the per-day cache and with it bypassed, on
               the same file in the same run: a one-year merged step sum cold (cache emptied
               before each of --runs runs, default 21) and warm, a 365-day trend (steps and heart
               rate, this year and the same days last year) and today, warm (10x --runs runs).
               Prints medians, p99 and the host's CPU steal time. --db keeps the store at PATH.

        dashboard  Serves the daily-cache store (built or reused the same way) as `vitals dashboard`
               does (with the insights bench's nights added, so Today shows its insights card), its
               last day at 18:00 being now, and times GETs of Today, Day, Insights, Trends (365
               days) and Calendar pages over loopback: the first view after the per-day cache was
               emptied, then --runs (default 51) views; prints cold, warm median and p99 in ms
               and the host's idle and steal time.

        insights  Builds (or reuses) the daily-cache store and adds its nights (sleep stages, HRV,
               resting heart rate, respiratory rate, blood oxygen, wrist temperature; ~55,000
               samples over 5 years), then times the insights engine over it in process: a day's
               every figure, the Today card's night, and a year of daily sleep scores and
               readiness, each cold (per-day cache emptied) and warm (--runs, default 21).
               Prints cold, warm median and p99 in ms and the host's idle and steal time.

        server-cache  Writes one server user's --days (default 365) of minute-level steps and heart
               rate from a watch and a phone through the repository's write path (a new SQLite
               file, or the empty PostgreSQL database --postgres), then times what Trends and
               Calendar read for a server user: daily step sums, daily heart-rate average/min/max
               and one heart-rate bucket over all the days, with the per-day cache bypassed,
               cold (the user's days forgotten before each run) and warm (--runs, default 21),
               and the last day's hourly steps until 18:00 (as Today reads them; not cached).
               Prints milliseconds and the host's idle and steal time.

        load   Starts `vitals serve` (--vitals, default .build/release/vitals) on a free loopback
               port with a new SQLite file in --work (default the temp folder), or on the empty
               PostgreSQL database --postgres, and measures: POST /api/v1/health/daily from
               --daily-connections (64) closed-loop connections for --seconds (30), then POST
               /api/v1/ingest/health-auto-export with one-day payloads (100 steps, 100 heart
               rates, 14 sleep stages, 1 workout; each request a new user and day) at each of
               --hae-connections for --hae-seconds (30), from --hae-users (70000) prepared users,
               driven by --hae-client (wrk with --wrk-ingest-script, default
               Benchmarks/wrk-ingest.lua, or the Swift client); --hae-aggregation posts them
               with ?aggregation=A (none: the minute steps are single samples, not reported
               totals; default: no query, the server tells).
               The daily run is made once per --daily-clients entry (default "wrk swift"): wrk
               (Debian's, with --wrk-script, default Benchmarks/wrk-daily.lua) costs the shared
               cores least; the Swift client (AsyncHTTPClient) knows which write each answer
               belongs to. Prints requests/s, p50/p99 latency, errors, the server's CPU, the
               host's steal time (a VM's CPU given to others; Linux), its disk flushes (an 8 KiB
               write and fdatasync every 50 ms in --work: the longest, and how many took over
               10 ms), and a check of the accepted writes against what the server then exports.
               --serve-args passes more options to `vitals serve` (e.g. "--sqlite-sync
               normal"). First, for --health-seconds (10; 0 for none), wrk GETs /health (the
               server's cheapest answer, Benchmarks/wrk-health.lua) at --daily-connections: the
               baseline the wrk daily run is given against in the same run (daily_over_health). --servers N (PostgreSQL, Swift
               clients only) starts N servers on the one database and splits each run's
               connections between them (the figures are their total). --barrier DIR makes each
               measured phase wait until a second load given the same DIR has reached it too,
               so two runs at once measure side by side (Benchmarks/pair-benchmark.sh).
               --json prints JSON.

        hae-parse  Parses the load run's ingest payload --runs times (2000) in each of --rounds
               (5) and prints the best thread CPU time per payload.

        fhir-export  Imports --export (an export.xml, e.g. Benchmarks/generate-export.py's 100 MB) into
               --db unless that store has samples, then exports it all as FHIR R4 NDJSON --runs times
               (default 3), reading --page samples at a time (default 1024), and prints Observations/s, the export's peak RSS (VmHWM, reset after the
               import) and the host's steal time.
        """

    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch arguments.first {
        case "stats": try await stats(Array(arguments.dropFirst()))
        case "daily-cache": try await dailyCache(Array(arguments.dropFirst()))
        case "dashboard":
            let store = storeArguments(Array(arguments.dropFirst()), runs: 51)
            try await DashboardBenchmark(years: store.years, runs: store.runs, path: store.path).run()
        case "insights":
            let store = storeArguments(Array(arguments.dropFirst()), runs: 21)
            try await InsightsBenchmark(years: store.years, runs: store.runs, path: store.path).run()
        case "server-cache": try await serverCache(Array(arguments.dropFirst()))
        case "load": try await load(Array(arguments.dropFirst()))
        case "hae-parse": try ParseBenchmark.run(Array(arguments.dropFirst()))
        case "fhir-export": try await fhirExport(Array(arguments.dropFirst()))
        case "-h", "--help", "help": print(usage)
        default:
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            exit(64)
        }
    }

    static func stats(_ arguments: [String]) async throws {
        let store = storeArguments(arguments, runs: 7)
        try await StatsBenchmark(years: store.years, runs: store.runs, path: store.path).run()
    }

    static func dailyCache(_ arguments: [String]) async throws {
        let store = storeArguments(arguments, runs: 21)
        try await DailyCacheBenchmark(years: store.years, runs: store.runs, path: store.path).run()
    }

    static func fhirExport(_ arguments: [String]) async throws {
        var benchmark = ExportBenchmark()
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--export": benchmark.export = value(arguments, index)
            case "--db": benchmark.db = value(arguments, index)
            case "--runs": benchmark.runs = Int(value(arguments, index)) ?? benchmark.runs
            case "--page": benchmark.pageSize = Int(value(arguments, index)) ?? benchmark.pageSize
            default: fail("unknown argument \(arguments[index])")
            }
            index += 2
        }
        try await benchmark.run()
    }

    static func serverCache(_ arguments: [String]) async throws {
        var benchmark = ServerCacheBenchmark()
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--days": benchmark.days = Int(value(arguments, index)) ?? benchmark.days
            case "--runs": benchmark.runs = Int(value(arguments, index)) ?? benchmark.runs
            case "--postgres": benchmark.postgres = value(arguments, index)
            default: fail("unknown argument \(arguments[index])")
            }
            index += 2
        }
        try await benchmark.run()
    }

    /// `--years N` (default 5), `--runs N` (default `runs`) and `--db PATH` of a store benchmark.
    private static func storeArguments(
        _ arguments: [String], runs defaultRuns: Int
    )
        -> (years: Int, runs: Int, path: String?)
    {
        var years = 5
        var runs = defaultRuns
        var path: String?
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--years": years = Int(value(arguments, index)) ?? years; index += 2
            case "--runs": runs = Int(value(arguments, index)) ?? runs; index += 2
            case "--db": path = value(arguments, index); index += 2
            default: fail("unknown argument \(arguments[index])")
            }
        }
        return (years, runs, path)
    }

    static func load(_ arguments: [String]) async throws {
        var options = ServerLoadBenchmark.Options()
        var index = 0
        func number(_ text: String, orZero zero: Bool = false) -> Double {
            guard let value = Double(text), value > 0 || (zero && value == 0) else {
                fail("\(arguments[index]) needs a positive number\(zero ? " or 0" : "")")
            }
            return value
        }
        while index < arguments.count {
            let text = arguments[index]
            switch text {
            case "--json": options.json = true; index += 1; continue
            case "--vitals": options.vitals = value(arguments, index)
            case "--postgres": options.postgres = value(arguments, index)
            case "--work": options.work = value(arguments, index)
            case "--seconds": options.seconds = number(value(arguments, index))
            case "--daily-connections": options.dailyConnections = Int(number(value(arguments, index)))
            case "--hae-connections":
                options.haeConnections = value(arguments, index).split(separator: " ").map { Int(number(String($0))) }
            case "--hae-seconds": options.haeSeconds = number(value(arguments, index))
            case "--hae-users": options.haeUsers = Int(number(value(arguments, index)))
            case "--daily-clients":
                options.dailyClients = value(arguments, index).split(separator: " ").map(String.init)
                guard !options.dailyClients.isEmpty, options.dailyClients.allSatisfy({ $0 == "wrk" || $0 == "swift" })
                else {
                    fail("--daily-clients takes \"wrk\", \"swift\" or both")
                }
            case "--wrk-script": options.wrkScript = value(arguments, index)
            case "--hae-client":
                options.haeClient = value(arguments, index)
                guard ["wrk", "swift"].contains(options.haeClient) else { fail("--hae-client takes wrk or swift") }
            case "--wrk-ingest-script": options.wrkIngestScript = value(arguments, index)
            case "--hae-aggregation":
                let word = value(arguments, index)
                guard HealthAutoExportAggregation(parameter: word) != nil else {
                    fail("--hae-aggregation takes \(HealthAutoExportAggregation.parameterWords)")
                }
                options.haeAggregation = word
            case "--serve-args": options.serveArguments = value(arguments, index).split(separator: " ").map(String.init)
            case "--servers": options.servers = Int(number(value(arguments, index)))
            case "--health-seconds": options.healthSeconds = number(value(arguments, index), orZero: true)
            case "--barrier": options.barrier = PhaseBarrier(folder: value(arguments, index))
            default: fail("unknown argument \(text)")
            }
            index += 2
        }
        if options.servers > 1,
            options.postgres == nil || options.haeClient != "swift" || options.dailyClients != ["swift"]
        {
            fail("--servers above 1 needs --postgres, --daily-clients swift and --hae-client swift")
        }
        do {
            let report = try await ServerLoadBenchmark(options: options).run()
            if options.json {
                let data = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
                print(String(decoding: data, as: UTF8.self))
            } else {
                LoadReport.print(report)
            }
        } catch {
            FileHandle.standardError.write(Data("vitals-bench load: \(error)\n".utf8))
            exit(1)
        }
    }

    static func value(_ arguments: [String], _ index: Int) -> String {
        guard index + 1 < arguments.count else { fail("\(arguments[index]) needs a value") }
        return arguments[index + 1]
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("vitals-bench: \(message)\n\n\(usage)\n".utf8))
        exit(64)
    }
}
