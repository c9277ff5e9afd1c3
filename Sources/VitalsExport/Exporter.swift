import Foundation
import VitalsCore

/// Runs the exporter of a format: the one entry point the CLI and the server call.
public enum Exporter {
    /// Exports `request` from `reader` in `format`, handing whole lines to `write`.
    public static func export(
        _ format: ExportFormat, from reader: any HealthReader, _ request: ExportRequest,
        write: ExportWrite, progress: (ExportProgress) -> Void = { _ in }
    ) async throws
        -> ExportSummary
    {
        switch format {
        case .fhir: try await FHIRExporter().export(from: reader, request, write: write, progress: progress)
        case .jsonl: try await JSONLinesExporter().export(from: reader, request, write: write, progress: progress)
        case .csv: try await CSVExporter().export(from: reader, request, write: write, progress: progress)
        }
    }
}
