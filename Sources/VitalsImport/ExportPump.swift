import Foundation
import VitalsCore
import VitalsStore

/// An export parsed in a child task while the caller takes its items in batches.
///
/// What every consumer of an export shares: the local import (``HealthExportImporter``, whose
/// writer runs on the store's writer queue) and a server user's import (``HealthExportStream``)
/// each take the batches and store them their way. Parsing and writing each take about half of
/// an import; on two cores they overlap. The channel between them is bounded, so the parser
/// suspends when the consumer falls behind and memory stays flat. No thread is started or blocked.
struct ExportPump: Sendable {
    let source: ExportSource
    let options: HealthExportImporter.Options
    /// The values the parser's prepared rows refer to.
    let dictionary = SampleDictionary()
    private let stored = Locked(0)
    private let parsed = Locked(ExportParser.Result())
    private let channel = BatchChannel<[ExportItem]>()
    /// The weight of a batch handed over: 512 records, or fewer workouts with their routes.
    private static let batchWeight = 512

    /// A record weighs 1, a workout 1 more per 16 route points: a batch holds a few workouts with
    /// long routes, not 512 (a year of runs' routes is millions of points; with 512 workouts a
    /// batch, the batches waiting in the channel tripled the import's memory).
    private static func weight(of item: ExportItem) -> Int {
        guard case .workout(_, let routes) = item else { return 1 }
        return 1 + routes.reduce(0) { $0 + $1.points.count } / 16
    }

    init(source: ExportSource, options: HealthExportImporter.Options) {
        self.source = source
        self.options = options
    }

    /// Parses the export in a child task while `body` takes its batches through ``next()``.
    ///
    /// When `body` throws or returns early, the parser is stopped and waited for.
    func run<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self, isolation: isolation) { group in
            group.addTask { await parse() }
            do {
                let value = try await body()
                channel.close()
                try await group.waitForAll()
                return value
            } catch {
                channel.close()
                group.cancelAll()
                throw error
            }
        }
    }

    /// The next batch, suspending while the parser reads on; nil at the end; rethrows the
    /// parser's error.
    nonisolated(nonsending) func next() async throws -> [ExportItem]? { try await channel.next() }

    /// Tells the progress callback how many samples are stored so far.
    func noteStored(_ count: Int) { stored.withLock { $0 = count } }

    /// What the parser counted; complete once ``next()`` returned nil.
    var result: ExportParser.Result { parsed.withLock { $0 } }

    /// Seconds the parser waited on a full channel and the consumer on an empty one.
    var waits: (producer: Double, consumer: Double) { channel.waits }

    /// Reads the export to its end, handing its items over; what fails ends the channel with it.
    private func parse() async {
        let stored = self.stored
        do {
            let parser = try ExportParser(source: source, options: options, dictionary: dictionary) {
                stored.withLock { $0 }
            }
            var batch: [ExportItem] = []
            var weight = 0
            while let items = try parser.next() {
                try Task.checkCancellation()
                for item in items {
                    batch.append(item)
                    weight += Self.weight(of: item)
                    guard weight >= Self.batchWeight else { continue }
                    guard await channel.send(batch) else { return }
                    batch = []
                    weight = 0
                }
            }
            if !batch.isEmpty, !(await channel.send(batch)) { return }
            let result = parser.result
            parsed.withLock { $0 = result }
            channel.finish()
        } catch {
            channel.finish(throwing: error)
        }
    }
}
