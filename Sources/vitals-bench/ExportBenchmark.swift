import Foundation
import VitalsCore
import VitalsExport
import VitalsImport
import VitalsStore

/// `vitals-bench fhir-export`: Observations per second and peak RSS of a FHIR export of an imported Apple Health export.
///
/// Imports `--export PATH` (an `export.xml`, e.g. from `Benchmarks/generate-export.py --size 100MB`)
/// into `--db PATH` unless the store already has samples, then exports everything as FHIR NDJSON
/// into a temporary folder `--runs` times. Peak RSS is the process's `VmHWM`, reset after the import
/// (`/proc/self/clear_refs`), so it is the export's own: the store's connections and caches included.
struct ExportBenchmark {
    var export: String?
    var db: String?
    var runs = 3
    /// Samples per read (the exporter's page size).
    var pageSize = ExportRequest.defaultPageSize

    func run() async throws {
        let path =
            db
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "vitals-bench-fhir-\(UUID().uuidString).sqlite"
            ).path
        // As `vitals export` opens it: no query cache, which an export's pages would only fill.
        var configuration = SQLiteHealthStore.Configuration()
        configuration.cacheCapacity = 0
        let store = try SQLiteHealthStore(path: path, configuration: configuration)
        if try await store.typeSummaries().isEmpty {
            guard let export else { VitalsBench.fail("the store is empty: give --export PATH to import") }
            let started = Date()
            let report = try await HealthExportImporter(store: store).importExport(at: export)
            print("imported \(report.added) samples in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        }
        let request = ExportRequest(
            range: try DateRange(
                start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 4_102_444_800)),
            zone: try .iana("Europe/Berlin"),
            patient: PatientDetails(characteristics: try await store.characteristics()),
            pageSize: pageSize)
        print(String(format: "before the export: RSS %.1f MiB", Self.statusMiB("VmRSS:") ?? -1))
        var rates: [Double] = []
        for run in 1...max(1, runs) {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent(
                "vitals-bench-fhir-out-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: out) }
            Self.resetPeakRSS()
            let cpu = HostCPU.now()
            let directory = try ExportDirectory(url: out)
            let started = DispatchTime.now().uptimeNanoseconds
            let cpuStarted = Self.processCPUSeconds()
            let summary = try await Exporter.export(.fhir, from: store, request) { try directory.write($0, $1) }
            try directory.close()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            let cpuSeconds = Self.processCPUSeconds() - cpuStarted
            let observations = summary.files[FHIRExporter.observationFile] ?? 0
            let rate = Double(observations) / seconds
            rates.append(rate)
            // Per CPU second too: on a shared VM the wall time also counts other processes' turns.
            print(
                String(
                    format: "run %d: %d Observations in %.2f s = %.0f Observations/s (%.0f per CPU second), "
                        + "peak RSS %.1f MiB, steal %.1f%%",
                    run, observations, seconds, rate, Double(observations) / max(cpuSeconds, 1e-9),
                    Self.statusMiB("VmHWM:") ?? -1, HostCPU.stealPercent(since: cpu) ?? -1))
        }
        print(String(format: "median: %.0f Observations/s", rates.sorted()[rates.count / 2]))
    }

    /// CPU time the process used so far (all threads), in seconds.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Resets `VmHWM` to the current RSS (Linux: writing 5 to `clear_refs`).
    static func resetPeakRSS() {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    /// A memory figure of `/proc/self/status` (`VmHWM:` peak RSS, `VmRSS:` now) in MiB, or nil where it is not told.
    static func statusMiB(_ field: String) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
            let kib = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kib / 1024
    }
}
