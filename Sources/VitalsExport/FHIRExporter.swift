import Foundation
import VitalsCore

/// Exports samples as FHIR R4 (4.0.1) Bulk Data NDJSON: `Patient.ndjson`, `Device.ndjson`, `Observation.ndjson`.
///
/// Written once against ``HealthReader``, so a local store and a server user's view export alike.
/// Quantity and category samples become one Observation each, workouts an activity Observation,
/// blood pressure one 85354-9 panel per correlation or per systolic/diastolic pair with the same
/// time and source. Reads go a page at a time (``SamplePages``), so memory stays flat.
public struct FHIRExporter: Sendable {
    /// The file of each resource type.
    public static let patientFile = "Patient.ndjson"
    public static let deviceFile = "Device.ndjson"
    public static let observationFile = "Observation.ndjson"

    /// The types written together as blood pressure panels.
    static let bloodPressureTypes: Set<SampleType> = [.bloodPressure, .bloodPressureSystolic, .bloodPressureDiastolic]

    public init() {}

    /// Exports what `request` asks for from `reader`, Patient first; `progress` hears after each page.
    public func export(
        from reader: any HealthReader, _ request: ExportRequest, write: ExportWrite,
        progress: (ExportProgress) -> Void = { _ in }
    ) async throws -> ExportSummary {
        var run = Run(request: request)
        try await run.output.appendNow(run.resources.patientLine(), to: Self.patientFile, write: write)
        let types = request.exportedTypes
        var bloodPressureDone = false
        for (index, type) in types.enumerated() {
            if Self.bloodPressureTypes.contains(type) {
                if !bloodPressureDone { try await run.bloodPressure(reader, write: write) }
                bloodPressureDone = true
            } else if type.kind == .correlation {
                run.summary.notExported.append(type.identifier)
            } else {
                let pages = SamplePages(reader: reader, type: type, range: request.range, pageSize: request.pageSize)
                let unreadable = try await pages.forEach { page in
                    try await run.observations(page, write: write)
                    progress(
                        ExportProgress(typesDone: index, typesTotal: types.count, samples: run.summary.sampleCount))
                }
                run.unreadable.formUnion(unreadable.map(\.identifier))
            }
            progress(ExportProgress(typesDone: index + 1, typesTotal: types.count, samples: run.summary.sampleCount))
        }
        if request.insights {
            try await run.output.appendNow(FHIRInsightCodes.codeSystemLine(), to: Self.codeSystemFile, write: write)
            run.summary.insights = try await Self.insightLines(from: reader, request) { line in
                try await run.output.append(line, to: Self.observationFile, write: write)
            }
        }
        try await run.output.flush(write: write)
        run.summary.files = run.output.lines
        run.summary.finish(unreadable: run.unreadable)
        return run.summary
    }

    /// One export's state: the resource writer, buffered output and the summary so far.
    private struct Run {
        var resources: FHIRResourceWriter
        var output = ExportOutput()
        var summary = ExportSummary(format: .fhir)
        var unreadable: Set<String> = []
        let request: ExportRequest

        init(request: ExportRequest) {
            self.request = request
            resources = FHIRResourceWriter(patient: request.patient, zone: request.zone)
        }

        /// Writes one Observation per sample of a page (all of one type).
        mutating func observations(_ page: ArraySlice<Sample>, write: ExportWrite) async throws {
            guard let type = page.first?.type else { return }
            summary.count(page.count, of: type.identifier)
            if !FHIRConcept.of(type).isStandard { summary.withoutStandardCode.append(type.identifier) }
            var json = JSONBytes(capacity: 1024)
            for sample in page {
                json.bytes.removeAll(keepingCapacity: true)
                guard resources.sampleObservation(sample, into: &json) else { continue }
                try await emit(json.bytes, write: write)
            }
        }

        /// Writes an Observation line, after the Device resources it is the first to name.
        mutating func emit(_ line: [UInt8], write: ExportWrite) async throws {
            if resources.hasNewDevices {
                for device in resources.takeNewDevices() {
                    try await output.appendNow(device, to: FHIRExporter.deviceFile, write: write)
                }
            }
            try await output.append(line, to: FHIRExporter.observationFile, write: write)
        }

        /// Blood pressure a year at a time: correlations and loose pairs as panels, lone members alone.
        mutating func bloodPressure(_ reader: any HealthReader, write: ExportWrite) async throws {
            let calendar = Calendar.gregorian(in: TimeZone(identifier: "UTC") ?? request.zone)
            var start = request.range.start
            while start < request.range.end {
                let next = min(
                    calendar.date(byAdding: .year, value: 1, to: start) ?? request.range.end, request.range.end)
                let window = SamplePredicate(start: start, end: next, options: .strictStartDate)
                var reads: [[Sample]] = []
                for type in [SampleType.bloodPressure, .bloodPressureSystolic, .bloodPressureDiastolic] {
                    let result = try await reader.samples(of: type, matching: window, limit: nil)
                    unreadable.formUnion(result.unreadableTypes.map(\.identifier))
                    reads.append(result.value)
                }
                try await bloodPressureWindow(
                    correlations: reads[0], systolic: reads[1], diastolic: reads[2], write: write)
                start = next
            }
        }

        private mutating func bloodPressureWindow(
            correlations: [Sample], systolic: [Sample], diastolic: [Sample],
            write: ExportWrite
        ) async throws {
            var json = JSONBytes(capacity: 1024)
            var members: Set<UUID> = []
            for correlation in correlations {
                let parts = correlation.members ?? []
                members.formUnion(parts.map(\.uuid))
                if let high = parts.first(where: { $0.type == .bloodPressureSystolic }),
                    let low = parts.first(where: { $0.type == .bloodPressureDiastolic })
                {
                    json.bytes.removeAll(keepingCapacity: true)
                    resources.bloodPressurePanel(carrier: correlation, systolic: high, diastolic: low, into: &json)
                    try await emit(json.bytes, write: write)
                    summary.count(1, of: SampleType.bloodPressure.identifier)
                } else {
                    members.subtract(parts.map(\.uuid))
                }
            }
            let looseSystolic = systolic.filter { !members.contains($0.uuid) }
            var looseDiastolic: [PairKey: [Sample]] = [:]
            for sample in diastolic where !members.contains(sample.uuid) {
                looseDiastolic[PairKey(sample), default: []].append(sample)
            }
            var lone: [Sample] = []
            for high in looseSystolic {
                let key = PairKey(high)
                if let low = looseDiastolic[key]?.first {
                    looseDiastolic[key]?.removeFirst()
                    json.bytes.removeAll(keepingCapacity: true)
                    resources.bloodPressurePanel(carrier: high, systolic: high, diastolic: low, into: &json)
                    try await emit(json.bytes, write: write)
                } else {
                    lone.append(high)
                }
            }
            lone += looseDiastolic.values.joined().sorted {
                ($0.start, $0.uuid.uuidString) < ($1.start, $1.uuid.uuidString)
            }
            for sample in lone {
                json.bytes.removeAll(keepingCapacity: true)
                _ = resources.sampleObservation(sample, into: &json)
                try await emit(json.bytes, write: write)
            }
            summary.count(systolic.count, of: SampleType.bloodPressureSystolic.identifier)
            summary.count(diastolic.count, of: SampleType.bloodPressureDiastolic.identifier)
        }
    }

    /// What pairs a loose systolic with a diastolic sample: the same interval from the same source.
    private struct PairKey: Hashable {
        var start: Date
        var end: Date
        var source: String

        init(_ sample: Sample) {
            start = sample.start
            end = sample.end
            source = sample.source.bundleIdentifier
        }
    }
}
