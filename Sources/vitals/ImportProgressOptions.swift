import ArgumentParser
import Foundation
import VitalsImport

/// The progress-bar flags of the commands that import an export, and their Ctrl-C handling.
struct ImportProgressOptions: ParsableArguments {
    @Flag(name: .long, help: "No progress bar (it is also off when stderr is not a terminal).")
    var noProgress = false

    @Flag(name: .long, help: "Show the progress bar even when stderr is not a terminal (one line per update).")
    var progress = false

    /// The bar to draw, or nil when there is none (off, or stderr is not a terminal and not asked for).
    func bar() -> ProgressBar? {
        let terminal = isatty(STDERR_FILENO) == 1
        return !noProgress && (progress || terminal) ? ProgressBar(redraw: terminal) : nil
    }

    /// Import options that draw `bar` and that Ctrl-C cancels while `body` runs (rolled back, exit 130).
    func whileInterruptible(_ body: (HealthExportImporter.Options, ProgressBar?) async throws -> Void) async throws {
        let cancellation = ImportCancellation()
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { cancellation.cancel() }
        interrupt.resume()
        defer { interrupt.cancel() }
        let bar = bar()
        var options = HealthExportImporter.Options(cancellation: cancellation)
        if let bar { options.progress = { bar.update($0) } }
        try await body(options, bar)
    }
}
