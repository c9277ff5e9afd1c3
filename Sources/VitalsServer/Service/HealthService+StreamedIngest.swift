import Foundation
import VitalsCore
import VitalsImport
import VitalsServerStorage

/// A large Health Auto Export body (a backfill of a year) stored while it is parsed.
extension HealthService {
    /// Stores the body `stream` parses as ``ingest(_:for:log:)`` stores a parsed one, with the
    /// same answer, while the parser reads on: parsing and writing each take about half of the
    /// work, and on two cores they overlap.
    ///
    /// One transaction, all or nothing: the samples go in as the chunks arrive (each chunk past
    /// the re-sent rule, as for the whole body at once, see ``withoutResent(_:in:batch:)``), then the
    /// workouts, the touched days' recomputation (reading the stored samples back), the quests
    /// and the log entry. A document refused whole, even at its last byte, rolls everything back.
    func ingestStreamed(
        _ stream: HealthAutoExportStream, for user: ServerUser,
        log: IngestLogEntry? = nil
    ) async throws -> IngestReport {
        let date = now()
        let cutoff = ingestLogCutoff
        let calendar = user.calendar
        do {
            return try await repository.writeTransaction(for: user) { store in
                var kept: Set<UInt64> = []
                var report = IngestReport()
                var types: Set<String> = []
                while let chunk = try await HandOff.wait({ try stream.next() }) {
                    report.samplesReceived += chunk.count
                    for sample in chunk { types.insert(sample.type) }
                    let arrivals = try await HealthWrite.arrivals(chunk, in: store, batch: &kept)
                    var write = HealthWrite(samples: arrivals.kept, returnsSnapshots: false)
                    (write.replacing, write.revisions, write.restatements) =
                        (arrivals.replaced, arrivals.revisions, arrivals.restatements)
                    let stored = try await write.apply(for: user, at: date, in: store)
                    report.samplesResent += arrivals.resent + stored.samplesRestated
                    report.samplesAdded += stored.samplesAdded - stored.samplesRevised - stored.samplesRestated
                    report.samplesRevised += stored.samplesRevised
                }
                guard let end = stream.end else { throw CancellationError() }
                let batch = end.report
                report.workoutsReceived = end.items.workouts.count
                report.skipped = batch.skipped.map {
                    .init(name: $0.name, reason: $0.reason, count: $0.count, path: $0.path)
                }
                report.itemsUnreadable = batch.unreadable.count
                if !batch.unreadable.isEmpty { report.status = "partial" }
                var write = HealthWrite(
                    workouts: end.items.workouts,
                    recompute: DayRecompute(days: end.items.touched, calendar: calendar),
                    returnsSnapshots: false)
                write.samplesAddedEarlier = report.samplesAdded
                write.samplesRevisedEarlier = report.samplesRevised
                if var log {
                    log.samplesReceived = report.samplesReceived
                    log.workoutsReceived = report.workoutsReceived
                    log.sampleTypes = types.sorted()
                    log.skipped = report.skipped.map { LoggedJSON(encoding: $0) }
                    write.log(log, keepingSince: cutoff)
                }
                let stored = try await write.apply(for: user, at: date, in: store)
                report.workoutsAdded = stored.workoutsAdded
                report.daysUpdated = stored.recomputedDays
                report.questsCompleted = stored.quests.completed
                return report
            }
        } catch {
            stream.stop()
            // The repository reports what failed inside its transaction as its own failure; a
            // refused document is answered as such.
            if let refusal = stream.refusal { throw refusal }
            throw error
        }
    }
}
