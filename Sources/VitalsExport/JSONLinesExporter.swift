import Foundation
import VitalsCore

/// Exports samples as JSON Lines (`samples.jsonl`), the shape `vitals samples --json` prints and `vitals add --jsonl` reads.
///
/// Correlations and workouts come first, carrying their members and associated samples; those
/// members are then left out where their own types are walked, so reading the file back adds
/// each sample once. The member UUIDs are the only thing an export keeps beyond one page.
public struct JSONLinesExporter: Sendable {
    /// The one file written.
    public static let file = "samples.jsonl"

    public init() {}

    /// Exports what `request` asks for from `reader`; `progress` hears after each page.
    public func export(
        from reader: any HealthReader, _ request: ExportRequest, write: ExportWrite,
        progress: (ExportProgress) -> Void = { _ in }
    ) async throws -> ExportSummary {
        var summary = ExportSummary(format: .jsonl)
        var output = ExportOutput()
        var unreadable: Set<String> = []
        var members: Set<UUID> = []
        let types =
            request.exportedTypes.filter { $0.kind == .correlation || $0.kind == .workout }
            + request.exportedTypes.filter { $0.kind != .correlation && $0.kind != .workout }
        for (index, type) in types.enumerated() {
            let pages = SamplePages(reader: reader, type: type, range: request.range, pageSize: request.pageSize)
            let denied = try await pages.forEach { page in
                var written = 0
                for sample in page where !members.contains(sample.uuid) {
                    members.formUnion((sample.members ?? sample.workout?.associatedSamples ?? []).map(\.uuid))
                    try await output.append(
                        Array(SampleJSON.line(for: sample, in: request.zone).utf8), to: Self.file,
                        write: write)
                    written += 1
                }
                summary.count(written, of: type.identifier)
                progress(ExportProgress(typesDone: index, typesTotal: types.count, samples: summary.sampleCount))
            }
            unreadable.formUnion(denied.map(\.identifier))
        }
        try await output.flush(write: write)
        summary.files = output.lines
        summary.finish(unreadable: unreadable)
        return summary
    }
}
