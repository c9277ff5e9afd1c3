import Foundation
import VitalsImport
import VitalsServerStorage

extension HealthService.IngestReport {
    /// A report of a document's `samples` and `workouts` (as the server keeps them) and its
    /// parse's skips and unreadable items, before anything is stored.
    init(document batch: HealthAutoExportBatch, samples: Int, workouts: Int) {
        self.init()
        samplesReceived = samples
        workoutsReceived = workouts
        skipped = batch.skipped.map { .init(name: $0.name, reason: $0.reason, count: $0.count, path: $0.path) }
        itemsUnreadable = batch.unreadable.count
        if !batch.unreadable.isEmpty { status = "partial" }
    }

    /// The request's log entry with the document's counts, sample types and skipped parts.
    func logged(_ log: IngestLogEntry, types: Set<String>) -> IngestLogEntry {
        var log = log
        log.samplesReceived = samplesReceived
        log.workoutsReceived = workoutsReceived
        log.sampleTypes = types.sorted()
        log.skipped = skipped.map { LoggedJSON(encoding: $0) }
        return log
    }

    /// Counts what a write stored: its samples (`resentBefore` of them already found re-sent
    /// by the arrival rule), workouts, recomputed days and completed quests.
    mutating func count(_ stored: HealthWriteResult, resentBefore: Int = 0) {
        samplesResent += resentBefore + stored.samplesResent + stored.samplesRestated
        samplesAdded += stored.samplesAdded - stored.samplesRevised - stored.samplesRestated
        samplesRevised += stored.samplesRevised
        workoutsAdded += stored.workoutsAdded
        daysUpdated += stored.recomputedDays
        questsCompleted += stored.quests.completed
    }
}
