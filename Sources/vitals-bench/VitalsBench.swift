import Foundation
import GRDB
import VitalsCore
import VitalsStore

/// `vitals-bench stats`: merged daily statistics against a naive SQL sum on the same table.
@main
struct VitalsBench {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.first == "stats" else {
            print("""
                usage: vitals-bench stats [--years N] [--db PATH] [--runs N]

                Builds (or reuses) a store with N years (default 5) of minute-level steps from two
                overlapping sources, then times one year of daily statistics with source merging
                against a naive SELECT day, SUM(value) ... GROUP BY on the same table, and prints
                both and the ratio. --db keeps the store at PATH for later runs (default: a temp file).
                """)
            return
        }
        var years = 5
        var runs = 7
        var path: String?
        var index = 1
        while index < arguments.count {
            switch arguments[index] {
            case "--years": years = Int(arguments[index + 1]) ?? years; index += 2
            case "--runs": runs = Int(arguments[index + 1]) ?? runs; index += 2
            case "--db": path = arguments[index + 1]; index += 2
            default: print("unknown argument \(arguments[index])"); exit(64)
            }
        }
        try await StatsBenchmark(years: years, runs: runs, path: path).run()
    }
}
