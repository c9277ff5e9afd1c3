import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore
import VitalsTestSupport
import VitalsTesting

@testable import VitalsExport

/// FHIR export with insights: a day's sleep score and readiness as Observations whose values and
/// components are the engine's, coded in the export's own CodeSystem, valid for the R4B models.
@Suite("Export: insights as FHIR Observations", .mayBlock)
struct FHIRInsightsExportTests {
    /// A store of the insights samples (45 nights to 2025-11-02, Berlin) in a folder of its own.
    final class Fixture {
        let directory: URL
        let store: SQLiteHealthStore

        init() async throws {
            directory = TestFolder.url("vitals-fhir-insights")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var configuration = SQLiteHealthStore.Configuration()
            configuration.calendar = InsightsSamples.calendar
            store = try SQLiteHealthStore(
                path: directory.appendingPathComponent("store.sqlite").path, configuration: configuration)
            try await store.save(InsightsSamples.samples())
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// Exports `[from, to)` days (Berlin) as FHIR into `name`; the folder and the summary.
        func export(
            _ name: String, from: String = "2025-01-01", to: String = "2026-01-01", insights: Bool = true
        ) async throws -> (URL, ExportSummary) {
            let out = directory.appendingPathComponent(name)
            let output = try ExportDirectory(url: out)
            let calendar = InsightsSamples.calendar
            let request = ExportRequest(
                range: try DateRange(
                    start: try LocalDate(parsing: from).start(in: calendar),
                    end: try LocalDate(parsing: to).start(in: calendar)),
                zone: InsightsSamples.zone, patient: PatientDetails(), insights: insights)
            let summary = try await Exporter.export(.fhir, from: store, request) { try output.write($0, $1) }
            try output.close()
            return (out, summary)
        }
    }

    /// The Observations of `folder` coded in the insights' CodeSystem, by code and then by day.
    static func insightObservations(_ folder: URL) throws -> [String: [String: [String: Any]]] {
        let text = try String(contentsOf: folder.appendingPathComponent(FHIRExporter.observationFile), encoding: .utf8)
        var found: [String: [String: [String: Any]]] = [:]
        for line in text.split(separator: "\n") {
            let resource = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let coding = ((resource["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first
            guard coding?["system"] as? String == FHIRInsightCodes.system, let code = coding?["code"] as? String,
                let day = resource["effectiveDateTime"] as? String
            else { continue }
            found[code, default: [:]][day] = resource
        }
        return found
    }

    /// A component's value, or its data-absent text, by its code.
    static func components(_ resource: [String: Any]) -> [String: (value: Double?, absent: String?)] {
        var parts: [String: (Double?, String?)] = [:]
        for component in resource["component"] as? [[String: Any]] ?? [] {
            let code = ((component["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String
            let value = (component["valueQuantity"] as? [String: Any])?["value"] as? Double
            let absent = (component["dataAbsentReason"] as? [String: Any])?["text"] as? String
            parts[code ?? "?"] = (value, absent)
        }
        return parts
    }

    @Test("Each day's sleep score and readiness are Observations with the engine's values and parts, valid R4B")
    func scoresAsObservations() async throws {
        let fixture = try await Fixture()
        let (out, summary) = try await fixture.export("all")
        let check = try ExportFixture.runScript("validate_fhir.py", [out.path])
        #expect(check.ok, "\(check.stderr.prefix(4000))")

        let engine = InsightsEngine(reader: fixture.store, calendar: InsightsSamples.calendar)
        let first = InsightsSamples.lastDay.adding(days: -60)
        let scores = try await engine.scores(from: first, through: InsightsSamples.lastDay.adding(days: 2))
        let observations = try Self.insightObservations(out)
        let sleep = scores.compactMapValues(\.sleepScore.value)
        let readiness = scores.compactMapValues(\.readiness.value)
        // The store gives both scores on many days, and a baseline still forming on the first ones.
        #expect(sleep.count >= 40 && readiness.count >= 20 && readiness.count < sleep.count)
        #expect(Set(observations["sleep-score"]?.keys ?? [:].keys) == Set(sleep.keys.map(\.description)))
        #expect(Set(observations["readiness"]?.keys ?? [:].keys) == Set(readiness.keys.map(\.description)))
        #expect(summary.insights == sleep.count + readiness.count)
        #expect(summary.files[FHIRExporter.codeSystemFile] == 1)

        for (day, score) in sleep {
            let resource = try #require(observations["sleep-score"]?[day.description])
            #expect((resource["valueQuantity"] as? [String: Any])?["value"] as? Double == Double(score.score))
            #expect((resource["interpretation"] as? [[String: Any]])?.first?["text"] as? String == score.rating)
            let parts = Self.components(resource)
            for part in score.parts {
                let code = try #require(FHIRInsightCodes.part(part.name)?.code)
                #expect(parts[code]?.value == (part.missing == nil ? part.points : nil), "\(day) \(part.name)")
                #expect(parts[code]?.absent == part.missing, "\(day) \(part.name)")
            }
        }
        for (day, value) in readiness {
            let resource = try #require(observations["readiness"]?[day.description])
            #expect((resource["valueQuantity"] as? [String: Any])?["value"] as? Double == Double(value.score))
            let parts = Self.components(resource)
            for part in value.parts {
                let code = try #require(FHIRInsightCodes.part(part.name)?.code)
                #expect(parts[code]?.value == part.zScore, "\(day) \(part.name)")
                #expect(parts[code]?.absent == part.missing, "\(day) \(part.name)")
            }
        }
    }

    @Test("Only the days in the window; the same export twice is the same bytes; without insights, none")
    func windowAndStableIDs() async throws {
        let fixture = try await Fixture()
        let (window, _) = try await fixture.export("window", from: "2025-10-25", to: "2025-10-30")
        let days = try Self.insightObservations(window)["sleep-score"]?.keys.sorted() ?? []
        #expect(days == ["2025-10-25", "2025-10-26", "2025-10-27", "2025-10-28", "2025-10-29"])
        let (again, _) = try await fixture.export("again", from: "2025-10-25", to: "2025-10-30")
        let file = FHIRExporter.observationFile
        #expect(
            try Data(contentsOf: window.appendingPathComponent(file))
                == Data(contentsOf: again.appendingPathComponent(file)))

        let (plain, summary) = try await fixture.export("plain", insights: false)
        #expect(try Self.insightObservations(plain).isEmpty)
        #expect(summary.insights == 0 && summary.files[FHIRExporter.codeSystemFile] == nil)
        #expect(!FileManager.default.fileExists(atPath: plain.appendingPathComponent("CodeSystem.ndjson").path))
    }

    @Test("The ids are UUIDs made from the patient, code and day: stable, and apart for each")
    func stableIDs() throws {
        let day = try LocalDate(parsing: "2025-11-02")
        let id = FHIRInsightWriter.id(patient: "p", code: "sleep-score", date: day)
        #expect(id == FHIRInsightWriter.id(patient: "p", code: "sleep-score", date: day))
        #expect(id.uuidString.lowercased().dropFirst(14).first == "8", "version 8")
        #expect(id != FHIRInsightWriter.id(patient: "p", code: "readiness", date: day))
        #expect(id != FHIRInsightWriter.id(patient: "q", code: "sleep-score", date: day))
        #expect(id != FHIRInsightWriter.id(patient: "p", code: "sleep-score", date: day.adding(days: 1)))
    }
}
