import Foundation
import VitalsImport

/// `vitals-bench hae-parse`: CPU time to parse one load-test ingest payload, the server's
/// largest per-request cost; with `--file PATH`, that document instead (a year's backfill from
/// `Benchmarks/generate-hae-backfill.py`), parsed once per round. Thread CPU time, so other
/// processes on the cores do not count.
enum ParseBenchmark {
    static func run(_ arguments: [String]) throws {
        var runs = 2000
        var rounds = 5
        var file: String?
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--file": file = VitalsBench.value(arguments, index); index += 2
            case "--runs": runs = Int(VitalsBench.value(arguments, index)) ?? runs; index += 2
            case "--rounds": rounds = Int(VitalsBench.value(arguments, index)) ?? rounds; index += 2
            default: VitalsBench.fail("unknown argument \(arguments[index])")
            }
        }
        if let file { runs = 1 }
        let body =
            try file.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            ?? Data(LoadPayloads.healthAutoExport(day: "2025-11-16", workoutID: "parse-benchmark-0001").utf8)
        let parser = HealthAutoExportParser()
        var best = Double.infinity
        var samples = 0
        for _ in 0..<rounds {
            let start = threadCPUSeconds()
            for _ in 0..<runs { samples = try parser.parse(body, file: "request body").samples.count }
            best = min(best, (threadCPUSeconds() - start) / Double(runs))
        }
        if file != nil {
            print(
                String(
                    format: "hae-parse: %d-byte document, %d samples: %.2f s CPU, %.1f MB/s (best of %d rounds)",
                    body.count, samples, best, Double(body.count) / best / 1e6, rounds))
            return
        }
        print(
            String(
                format: "hae-parse: %d-byte payload, %d samples: %.1f µs CPU per payload (best of %d rounds of %d)",
                body.count, samples, best * 1e6, rounds, runs))
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
