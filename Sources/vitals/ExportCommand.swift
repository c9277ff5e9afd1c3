import ArgumentParser
import Foundation
import VitalsCore
import VitalsExport
import VitalsStore

extension ExportFormat: ExpressibleByArgument {}

/// `vitals export`: FHIR R4 NDJSON, tidy CSV or JSON Lines of a window of samples, into a directory.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export samples as FHIR R4 NDJSON, tidy CSV or JSON Lines into a directory.",
        discussion: """
            fhir: FHIR R4 (4.0.1) Bulk Data NDJSON, one file per resource type (Patient.ndjson, \
            Device.ndjson, Observation.ndjson); vital signs meet the HL7 vital-signs profile, blood \
            pressure is one panel per reading; types without a LOINC code carry the HealthKit coding \
            alone and are listed in the summary; with --insights each day's sleep score and readiness \
            are Observations too, coded in CodeSystem.ndjson (see README, Insights). csv: TYPE.csv (start,end,value,unit,source,device,uuid,zone) \
            and TYPE.daily.csv (merged statistics per day in --tz) for each type. jsonl: samples.jsonl, \
            which `vitals add --jsonl` reads back. Samples that start in [--from, --to) are exported; \
            the export reads a page at a time, so memory stays flat on any store.
            """)

    @OptionGroup var store: StoreOptions

    @Option(name: .long, help: ArgumentHelp("fhir, csv or jsonl.", valueName: "format"))
    var format: ExportFormat

    @Option(name: .long, help: ArgumentHelp("Inclusive start of the window (default 1970-01-01).", valueName: "date"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("Exclusive end of the window (default 2100-01-01).", valueName: "date"))
    var to: String?

    @Option(name: .long, help: ArgumentHelp("A type to export (repeatable; default every type).", valueName: "type"))
    var type: [String] = []

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "With --format fhir: also write each day's sleep score and readiness as Observations "
                + "(components for their parts), and CodeSystem.ndjson defining their codes."))
    var insights = false

    @OptionGroup var progressOptions: ImportProgressOptions

    @Flag(name: .long, help: "Print the summary as JSON.")
    var json = false

    @Argument(
        help: ArgumentHelp(
            "The directory to write (created if needed; its export files are replaced).",
            valueName: "out"))
    var out: String

    func validate() throws {
        guard !insights || format == .fhir else {
            throw ValidationError("--insights needs --format fhir (the insights are written as FHIR Observations)")
        }
    }

    func run() async throws {
        try await runReportingErrors {
            let zone = try store.zone()
            let start = try from.map { try store.date($0, option: "--from") } ?? Date(timeIntervalSince1970: 0)
            let end = try to.map { try store.date($0, option: "--to") } ?? Date(timeIntervalSince1970: 4_102_444_800)
            let range = try DateRange(start: start, end: end)
            let database = try store.open(cachingQueries: false)
            let patient = PatientDetails(characteristics: try await database.characteristics())
            let request = ExportRequest(
                range: range, types: try type.map(TypeArgument.parse), zone: zone, patient: patient,
                insights: insights)
            let directory = try ExportDirectory(url: URL(fileURLWithPath: out))
            let bar = progressOptions.bar()
            let summary = try await Exporter.export(
                format, from: database, request,
                write: { file, bytes in
                    try directory.write(file, bytes)
                }, progress: { bar?.update(export: $0) })
            bar?.finish()
            try directory.close()
            print(json ? Self.json(summary) : Self.text(summary, out: out))
        }
    }

    /// The summary as one JSON object, keys sorted.
    static func json(_ summary: ExportSummary) -> String {
        SampleJSON.encode([
            "format": summary.format, "files": summary.files, "samples": summary.samples,
            "withoutStandardCode": summary.withoutStandardCode, "notExported": summary.notExported,
            "unreadable": summary.unreadable, "insights": summary.insights,
        ])
    }

    /// The summary for people: files and lines, then the types without a standard code.
    static func text(_ summary: ExportSummary, out: String) -> String {
        var lines = ["exported \(summary.sampleCount) samples of \(summary.samples.count) types to \(out)"]
        lines += summary.files.keys.sorted().map { "  \($0): \(summary.files[$0] ?? 0) lines" }
        if summary.format == ExportFormat.fhir.rawValue, summary.files[FHIRExporter.codeSystemFile] != nil {
            lines.append("insights: \(summary.insights) Observations of sleep scores and readiness")
        }
        if !summary.withoutStandardCode.isEmpty {
            lines.append(
                "with the HealthKit coding only (no standard code): "
                    + summary.withoutStandardCode.map { SampleType(identifier: $0).shortName }.joined(separator: ", "))
        }
        if !summary.notExported.isEmpty {
            lines.append(
                "not exported in this format: "
                    + summary.notExported.map { SampleType(identifier: $0).shortName }.joined(separator: ", "))
        }
        if !summary.unreadable.isEmpty {
            lines.append(
                "not authorized to read: "
                    + summary.unreadable.map { SampleType(identifier: $0).shortName }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
