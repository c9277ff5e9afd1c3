import Foundation
import Testing
import VitalsCore
import VitalsImport
import VitalsTesting

/// An import stopped half-way: by its cancellation flag (a signal), by its task, by a failing
/// writer. The parser (a child task) stops with it and the store stays as it was.
@Suite("Import: stopped half-way, nothing stored")
struct ImportCancellationTests {
    /// An export of about 3 MB: several chunks, so there is a half-way.
    static let xml = ExportText.version12Document(
        (0..<12_000).map { index in
            let (day, minute) = (index / 1_440 + 1, index % 1_440)
            return ExportText.steps(
                index % 500 + 1, day: String(format: "2024-06-%02d", day),
                from: String(format: "%02d:%02d:00", minute / 60, minute % 60),
                to: String(format: "%02d:%02d:59", minute / 60, minute % 60))
        }.joined(separator: "\n"))

    @Test("The cancellation flag set from the progress callback stops the import; nothing is stored")
    func flag() async throws {
        let workspace = try ImportWorkspace()
        let path = try workspace.write("export.xml", Self.xml)
        let cancellation = ImportCancellation()
        let options = HealthExportImporter.Options(
            progress: { progress in if progress.bytesDone > 0 { cancellation.cancel() } },
            cancellation: cancellation)
        let error = await #expect(throws: VitalsError.self) {
            try await HealthExportImporter(store: workspace.store).importExport(at: path, options: options)
        }
        #expect(error?.code == .cancelled)
        #expect(try await workspace.counts().isEmpty)
        // The store takes the same export afterwards.
        #expect(try await workspace.importExport(path).added == 12_000)
    }

    @Test("Cancelling the importing task rolls back, the parser's task ends, and the store writes on")
    func task() async throws {
        let workspace = try ImportWorkspace()
        let path = try workspace.write("export.xml", Self.xml)
        for delay in [0, 5, 20] {
            let store = workspace.store
            let running = Task { try await HealthExportImporter(store: store).importExport(at: path) }
            try await Task.sleep(for: .milliseconds(delay))
            running.cancel()
            switch await running.result {
            case .success(let report): #expect(report.added == 12_000, "finished before the cancel")
            case .failure: #expect(try await workspace.counts().isEmpty, "delay \(delay) ms")
            }
            let counts = try await workspace.counts()
            if !counts.isEmpty { break }
        }
        let report = try await workspace.importExport(path)
        #expect(report.added + report.alreadyPresent == 12_000)
    }
}
