import Foundation
import VitalsContract
import VitalsCore
import VitalsImport
import VitalsServerStorage

extension HealthService {
    /// What `POST /api/v1/ingest/health-auto-export` stored.
    public struct IngestReport: Sendable, Codable {
        /// `success`, or `partial` when items that could not be read were left out.
        public var status = "success"
        public var samplesReceived = 0
        /// Samples new to the server.
        public var samplesAdded = 0
        public var workoutsReceived = 0
        public var workoutsAdded = 0
        /// Days whose HEALTHKIT snapshot was recomputed.
        public var daysUpdated: [LocalDate] = []
        public var questsCompleted = 0
        /// Well-formed parts Vitals does not store (name, reason, count), and each item that
        /// could not be read (with its `path`).
        public var skipped: [Skipped] = []
        /// How many items could not be read and were left out (the entries with a `path`).
        public var itemsUnreadable = 0
        /// Samples not stored because they were already stored under another source string
        /// (see ``VitalsCore/ArrivalRule``); counted in `samplesReceived`, not `samplesAdded`.
        public var samplesResent = 0
        /// Samples stored as the latest value of a measurement stored with another value (the
        /// same type, start, end and source, see ``VitalsCore/ArrivalRule``), which they
        /// replaced; counted in `samplesReceived`, not `samplesAdded`.
        public var samplesRevised = 0

        /// One line of the skip report.
        public struct Skipped: Sendable, Codable {
            public var name: String
            public var reason: String
            public var count: Int
            /// The exact JSON path of what was wrong, for an item that could not be read.
            public var path: String?
        }
    }

    /// Stores a Health Auto Export batch for the user (each sample and workout once), then
    /// recomputes the snapshots of the days it touched from all the user's stored samples. With
    /// `log`, the request's entry (counts, types, skipped parts) goes to the user's ingest log in
    /// the same transaction.
    public func ingest(
        _ batch: HealthAutoExportBatch, for user: ServerUser,
        log: IngestLogEntry? = nil
    ) async throws -> IngestReport {
        var payload = HealthAutoExportPayload(items: IngestedItems(calendar: user.calendar), report: batch)
        batch.samples.forEach { payload.items.add($0) }
        payload.report.samples = []
        return try await ingest(payload, for: user, log: log)
    }

    /// Stores a request's body as ``ingest(_:for:log:)`` stores a batch: whole when it was read in
    /// its first chunk, else chunk by chunk (``ingestInChunks(_:for:log:)``), with the same answer.
    func ingest(
        _ body: HealthAutoExportBody, for user: ServerUser, log: IngestLogEntry? = nil
    ) async throws -> IngestReport {
        guard body.isRead else { return try await ingestInChunks(body, for: user, log: log) }
        return try await ingest(body.payload, for: user, log: log)
    }

    /// Stores a whole document's payload, as ``ingest(_:for:log:)``.
    func ingest(
        _ payload: HealthAutoExportPayload, for user: ServerUser,
        log: IngestLogEntry? = nil
    ) async throws -> IngestReport {
        let (samples, workouts, touched) = (payload.items.samples, payload.items.workouts, payload.items.touched)
        var report = IngestReport(document: payload.report, samples: samples.count, workouts: workouts.count)
        // Samples, workouts, the touched days' recomputed snapshots and their quests: one transaction,
        // so two batches for the same day cannot leave an older recomputation behind.
        // The re-sent rule reads the stored samples in the same transaction.
        var write = HealthWrite(
            samples: samples, workouts: workouts,
            recompute: DayRecompute(days: touched, calendar: user.calendar))
        if let log {
            write.log(report.logged(log, types: Set(samples.map(\.type))), keepingSince: ingestLogCutoff)
        }
        write.appliesArrivalRule = true
        report.count(try await repository.apply(write, for: user, at: now()))
        return report
    }

    /// A workout sample as a record; its Health Auto Export id is the external id.
    static func record(of sample: Sample, workout: Workout, calendar: Calendar) -> WorkoutRecord {
        var externalId = sample.uuid.uuidString
        if case .string(let id)? = sample.metadata["HAEWorkoutID"] { externalId = id }
        let energy = workout.statistics(for: .activeEnergyBurned).flatMap { statistic in
            statistic.sum.flatMap { try? Quantity($0, statistic.unit).doubleValue(for: .kilocalorie) }
        }
        let distance = workout.statistics.first { $0.type.identifier.contains("Distance") }.flatMap { statistic in
            statistic.sum.flatMap { try? Quantity($0, statistic.unit).doubleValue(for: .meter) }
        }
        let seconds = workout.duration ?? sample.duration
        return WorkoutRecord(
            externalId: externalId, date: LocalDate(containing: sample.start, in: calendar),
            source: .healthKit, type: workout.activityType.name, durationMinutes: seconds / 60,
            calories: energy, distance: distance, startTime: sample.start, endTime: sample.end)
    }
}
