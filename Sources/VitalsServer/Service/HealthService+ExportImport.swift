import Foundation
import VitalsCore
import VitalsImport
import VitalsServerStorage

/// Backfill: an Apple Health export ("Export All Health Data") imported into one user.
extension HealthService {
    /// Samples inserted per ``HealthWrite`` inside the import's transaction: memory stays flat
    /// however large the export is.
    static let exportSamplesPerWrite = 5_000
    /// Route points stored per ``HealthWrite`` of an import (a year of runs holds millions).
    static let exportRoutePointsPerWrite = 50_000
    /// Longest run of days recomputed by one ``HealthWrite`` at the end of an import (its window
    /// of stored samples is read at once).
    static let exportDaysPerRecompute = 31

    /// Imports the export at `path` (`export.zip`, `export.xml` or an `apple_health_export/`
    /// folder) into `user`, all or nothing.
    ///
    /// The export is streamed (``HealthExportStream``: the local import's reader and scanner)
    /// into one transaction: quantity and category samples (correlation members too) become
    /// ``StoredSample``s with their metadata, workouts ``WorkoutRecord``s and whole
    /// ``StoredWorkout``s with their routes (GPX files of the export included), and activity
    /// summaries are kept per day, inserted in chunks through ``HealthWrite/apply(for:at:in:)``,
    /// each once by UUID (a day's summary replaced), so importing the same export again adds
    /// nothing. At the end the touched days' HEALTHKIT snapshots are recomputed and quests
    /// evaluated, through the same write path, and the import is added to the user's ingest log
    /// (kind `apple-health-export`). The export's characteristics (its `Me` element: date of
    /// birth, biological sex...) replace the user's in the same transaction; an export without
    /// a `Me` element leaves them as they were. A bad file, a failure or a
    /// cancellation (`options`) rolls everything back: the user's data stays as it was. Throws
    /// `.io` for a file that cannot be read and `.invalidInput` (naming the byte offset) for one
    /// that is not an export.
    public func importExport(
        at path: String, for user: ServerUser,
        options: HealthExportImporter.Options = .init()
    ) async throws -> ExportImportReport {
        let began = Date()
        let stream = try HealthExportStream(path: path, options: options)
        let date = now()
        let cutoff = ingestLogCutoff
        var report = try await repository.writeTransaction(for: user, alone: true) { store in
            var run = ExportImportRun(report: ExportImportReport(file: path), calendar: user.calendar)
            try await stream.read {
                while let batch = try await stream.next() {
                    for item in batch { run.add(item) }
                    if run.isFull {
                        try await run.flush(for: user, at: date, in: store)
                        stream.noteStored(run.report.samplesAdded)
                    }
                }
                try await run.flush(for: user, at: date, in: store)
            }
            let parsed = stream.parsed
            run.report.bytes = parsed.bytes
            run.report.unknownElements = parsed.unknownElements
            let days = try await run.recompute(for: user, at: date, in: store)
            var entry = IngestLogEntry(kind: .appleHealthExport, receivedAt: date)
            entry.bodyBytes = Int(clamping: parsed.bytes)
            entry.samplesReceived = run.report.samplesRead
            entry.samplesStored = run.report.samplesAdded
            entry.samplesAlreadyPresent = run.report.samplesAlreadyPresent
            entry.samplesRevised = run.report.samplesRevised
            entry.workoutsReceived = run.report.workoutsRead
            entry.workoutsStored = run.report.workoutsAdded
            entry.workoutsAlreadyPresent = run.report.workoutsAlreadyPresent
            entry.sampleTypes = run.types.sorted()
            entry.skipped = run.report.skipped.sorted { $0.key < $1.key }.map { reason, count in
                .object(["name": .string("export"), "reason": .string(reason), "count": .number(Double(count))])
            }
            entry.daysUpdated = days
            _ = try await store.record(entry, keepingSince: cutoff)
            if let characteristics = run.characteristics {
                try await store.replaceCharacteristics(with: characteristics)
                run.report.characteristics = characteristics.count
            }
            return run.report
        }
        report.seconds = Date().timeIntervalSince(began)
        options.progress?(
            ImportProgress(bytesDone: report.bytes, bytesTotal: stream.size, samples: report.samplesAdded))
        return report
    }
}

/// One server import in progress, inside its transaction: the samples, whole workouts, routes
/// and activity summaries read since the last write, the workout records and days kept for the
/// end, and the report.
private struct ExportImportRun {
    var report: ExportImportReport
    var pending: IngestedItems
    /// Workouts read since the last write, kept whole (their records go to ``workouts``).
    var pendingWorkouts: [StoredWorkout] = []
    /// Their routes, and how many points those hold.
    var pendingRoutes: [StoredRoute] = []
    var pendingRoutePoints = 0
    /// Activity summaries read since the last write.
    var pendingSummaries: [ActivitySummary] = []
    /// Every workout read; stored with its day's recomputation at the end.
    var workouts: [WorkoutRecord] = []
    var touched: Set<LocalDate> = []
    /// The sample types read, for the ingest log.
    var types: Set<String> = []
    /// The `Me` element's characteristics by identifier; nil when the export has none.
    var characteristics: [String: String]?
    /// The last 64 bits of the UUID of every sample stored so far (``ArrivalRule/bits(of:)``):
    /// 8 bytes a sample, so the arrival rule knows the export's own samples from those stored before.
    var kept: Set<UInt64> = []

    init(report: ExportImportReport, calendar: Calendar) {
        self.report = report
        pending = IngestedItems(calendar: calendar)
    }

    mutating func add(_ item: HealthExportItem) {
        switch item {
        case .sample(let sample):
            pending.add(sample)
        case .workout(let sample, let routes):
            pending.add(sample)
            pendingWorkouts.append(StoredWorkout(sample))
            // A route's index is its position in the export, missing files included, as locally.
            for (index, route) in routes.enumerated() {
                if route.fileMissing { report.missingRouteFiles += 1 }
                guard !route.points.isEmpty else { continue }
                pendingRoutes.append(StoredRoute(workout: sample.uuid, index: index, points: route.points))
                pendingRoutePoints += route.points.count
            }
        case .activitySummary(let summary):
            report.activitySummaries += 1
            pendingSummaries.append(summary)
        case .skipped(let element, let reason):
            report.skipped["\(element): \(reason)", default: 0] += 1
        case .characteristic(let identifier, let value):
            var values = characteristics ?? [:]
            values[identifier] = value
            characteristics = values
        case .other(let element):
            report.notKept[element, default: 0] += 1
        case .exportDate(let date):
            report.exportDate = date
        }
    }

    /// Whether enough is read for a write.
    var isFull: Bool {
        pending.samples.count >= HealthService.exportSamplesPerWrite
            || pendingRoutePoints >= HealthService.exportRoutePointsPerWrite
            || pendingWorkouts.count + pendingSummaries.count >= HealthService.exportSamplesPerWrite
    }

    /// Stores the samples, whole workouts with their routes, and activity summaries read since
    /// the last write (no recomputation yet) and sets the workout records aside.
    nonisolated(nonsending) mutating func flush(
        for user: ServerUser, at date: Date,
        in store: some HealthWriteTransaction
    ) async throws {
        let samples = pending.samples
        report.samplesRead += samples.count
        report.workoutsRead += pending.workouts.count
        if pending.notKept > 0 { report.notKept["Record", default: 0] += pending.notKept }
        for sample in samples { types.insert(sample.type) }
        workouts += pending.workouts
        touched.formUnion(pending.touched)
        pending = IngestedItems(calendar: pending.calendar)
        var write = HealthWrite(returnsSnapshots: false)
        (write.workoutSamples, write.routes, write.activitySummaries) = (
            pendingWorkouts, pendingRoutes, pendingSummaries
        )
        (pendingWorkouts, pendingRoutes, pendingRoutePoints, pendingSummaries) = ([], [], 0, [])
        guard !samples.isEmpty || !write.workoutSamples.isEmpty || !write.activitySummaries.isEmpty else { return }
        // Measurements already stored from Health Auto Export (other UUIDs) are not stored twice,
        // and those stored with another value take the export's; the export's own samples of
        // earlier writes count as the batch's (never revised by its later ones).
        let arrivals = try await HealthWrite.arrivals(samples, in: store, batch: &kept)
        (write.samples, write.replacing, write.revisions, write.restatements) =
            (arrivals.kept, arrivals.replaced, arrivals.revisions, arrivals.restatements)
        let result = try await write.apply(for: user, at: date, in: store)
        report.samplesResent += arrivals.resent + result.samplesRestated
        report.samplesAdded += result.samplesAdded - result.samplesRevised - result.samplesRestated
        report.samplesRevised += result.samplesRevised
        report.samplesAlreadyPresent += arrivals.kept.count - result.samplesAdded
        report.workoutSamplesAdded += result.workoutSamplesAdded
        report.routePoints += result.routePointsAdded
        report.activitySummariesWritten += result.activitySummariesWritten
    }

    /// Stores the workouts and recomputes the touched days, a run of at most
    /// ``HealthService/exportDaysPerRecompute`` days per write; returns the days written.
    nonisolated(nonsending) mutating func recompute(
        for user: ServerUser, at date: Date,
        in store: some HealthWriteTransaction
    ) async throws -> [LocalDate] {
        let days = touched.sorted()
        report.firstDay = days.first
        report.lastDay = days.last
        let workoutsByDay = Dictionary(grouping: workouts, by: \.date)
        var written: Set<LocalDate> = []
        var index = 0
        while index < days.count {
            let first = days[index]
            var chunk: Set<LocalDate> = []
            while index < days.count, days[index] < first.adding(days: HealthService.exportDaysPerRecompute) {
                chunk.insert(days[index])
                index += 1
            }
            let chunkWorkouts = chunk.flatMap { workoutsByDay[$0] ?? [] }
            let recompute = DayRecompute(days: chunk, calendar: pending.calendar)
            let write = HealthWrite(workouts: chunkWorkouts, recompute: recompute, returnsSnapshots: false)
            let result = try await write.apply(for: user, at: date, in: store)
            report.workoutsAdded += result.workoutsAdded
            report.daysRecomputed += result.recomputedDays.count
            report.questsCompleted += result.quests.completed
            written.formUnion(result.recomputedDays)
        }
        report.workoutsAlreadyPresent = workouts.count - report.workoutsAdded
        return written.sorted()
    }
}
