import Foundation
import GRDB
import VitalsContract
import VitalsCore
import VitalsStore

extension SQLiteRepository {
    static let snapshotColumns = SnapshotColumns.select

    /// Upserts one snapshot: absent fields keep stored values, and a row whose values would not
    /// change keeps its `updated_at`, so a retried request changes nothing.
    static func upsert(_ patch: SnapshotPatch, for user: ServerUser, at date: Date, in db: Database) throws {
        // Bound through SQLite's C API: GRDB's argument array cost as much as the upsert itself.
        let row = RawStatement(try db.cachedStatement(sql: upsertSQL))
        row.reset()
        row.bind(1, user.id)
        row.bind(2, patch.date.description)
        row.bind(3, patch.source.rawValue)
        // In the order of SnapshotColumns.metrics.
        row.bind(4, patch.steps.map(Int64.init))
        row.bind(5, patch.exerciseMinutes.map(Int64.init))
        row.bind(6, patch.standMinutes.map(Int64.init))
        row.bind(7, patch.sleepMinutes.map(Int64.init))
        row.bind(8, patch.activeCalories)
        row.bind(9, patch.restingHeartRate)
        row.bind(10, patch.hrv)
        row.bind(11, patch.workoutsCount.map(Int64.init))
        row.bind(12, patch.sleepQualityScore)
        row.bind(13, patch.proteinLogged.map { $0 ? 1 : 0 } as Int64?)
        row.bind(14, patch.source.verificationLevel.rawValue)
        row.bind(15, date.timeIntervalSince1970)
        try row.step(db)
    }

    private static let upsertSQL: String = {
        let columns = SnapshotColumns.metrics.joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: SnapshotColumns.metrics.count + 5).joined(separator: ", ")
        return """
            INSERT INTO health_snapshots (user_id, date, source, \(columns), verification_level, updated_at)
            VALUES (\(placeholders))
            ON CONFLICT (user_id, date, source) DO UPDATE SET \(SnapshotColumns.coalescingUpdates),
                updated_at = MAX(health_snapshots.updated_at, excluded.updated_at)
            WHERE \(SnapshotColumns.changes(distinct: "IS NOT"))
            """
    }()

    static func snapshot(
        of user: ServerUser, on date: LocalDate, source: HealthSyncRequest.DataSource,
        in db: Database
    ) throws -> HealthSnapshot? {
        try Row.fetchOne(
            db.cachedStatement(sql: "\(snapshotColumns) WHERE user_id = ? AND date = ? AND source = ?"),
            arguments: [user.id, date.description, source.rawValue]
        ).flatMap(snapshot(from:))
    }

    /// Every source's snapshot of a day.
    static func snapshots(of user: ServerUser, on date: LocalDate, in db: Database) throws -> [HealthSnapshot] {
        try Row.fetchAll(
            db.cachedStatement(sql: "\(snapshotColumns) WHERE user_id = ? AND date = ? ORDER BY source"),
            arguments: [user.id, date.description]
        ).compactMap(snapshot(from:))
    }

    /// A snapshot from a row of ``snapshotColumns``; nil for a row this version cannot read.
    ///
    /// Read by position, in ``SnapshotColumns/select``'s order: a hot path (every `GET /api/health`
    /// and every write's day recompute), where a lookup by name would cost per column and row.
    static func snapshot(from row: Row) -> HealthSnapshot? {
        guard let date = try? LocalDate(parsing: row[0]),
            let source = HealthSyncRequest.DataSource(rawValue: row[1])
        else { return nil }
        var snapshot = HealthSnapshot(date: date, source: source, updatedAt: Date(timeIntervalSince1970: row[13]))
        snapshot.steps = row[2]
        snapshot.exerciseMinutes = row[3]
        snapshot.standMinutes = row[4]
        snapshot.sleepMinutes = row[5]
        snapshot.activeCalories = row[6]
        snapshot.restingHeartRate = row[7]
        snapshot.hrv = row[8]
        snapshot.workoutsCount = row[9]
        snapshot.sleepQualityScore = row[10]
        snapshot.proteinLogged = row[11]
        snapshot.verificationLevel = VerificationLevel(rawValue: row[12]) ?? source.verificationLevel
        return snapshot
    }

    /// A sample from a row of `uuid, type, start, "end", value, source_name, metadata`.
    ///
    /// Read by position: a hot path (the arrival rule's reads in every ingest, and reads of
    /// a year of samples), where a lookup by name would cost per column and row.
    static func sample(from row: Row) -> StoredSample {
        StoredSample(
            uuid: row[0], type: row[1], start: Date(timeIntervalSince1970: row[2]),
            end: Date(timeIntervalSince1970: row[3]), value: row[4], sourceName: row[5],
            metadata: StoredSample.metadata(json: row[6]))
    }

    /// A workout record from a row of `workout_records`' columns, read by name; nil for a row
    /// this version cannot read.
    static func workout(from row: Row) -> WorkoutRecord? {
        guard let date = try? LocalDate(parsing: row["date"]),
            let source = HealthSyncRequest.DataSource(rawValue: row["source"])
        else { return nil }
        let end: Double? = row["end_time"]
        return WorkoutRecord(
            externalId: row["external_id"], date: date, source: source, type: row["type"],
            durationMinutes: row["duration_minutes"], calories: row["calories"],
            distance: row["distance"], startTime: Date(timeIntervalSince1970: row["start_time"]),
            endTime: end.map(Date.init(timeIntervalSince1970:)))
    }

    /// A quest completion from a row of `quest_completions`' columns, read by name; nil for a row
    /// this version cannot read.
    static func questCompletion(from row: Row) -> QuestCompletion? {
        guard let date = try? LocalDate(parsing: row["date"]) else { return nil }
        return QuestCompletion(
            questId: row["quest_id"], period: row["period"], date: date,
            completedAt: Date(timeIntervalSince1970: row["completed_at"]))
    }

    /// A quest from a row of `id, title, metric, comparison, target, recurrence, requires_verified,
    /// created_at`; nil for a value this version does not know.
    ///
    /// Read by position: the write sequence reads the user's quests in every write
    /// (``quests(of:in:)``), where a lookup by name would cost per column and row.
    static func quest(from row: Row) -> Quest? {
        guard let metric = Quest.Metric(rawValue: row[2]), let comparison = Quest.Comparison(rawValue: row[3]),
            let recurrence = Quest.Recurrence(rawValue: row[5])
        else { return nil }
        return Quest(
            id: row[0], title: row[1], metric: metric, comparison: comparison, target: row[4],
            recurrence: recurrence, requiresVerified: row[6], createdAt: Date(timeIntervalSince1970: row[7]))
    }

    /// Runs a read, wrapping database failures in `VitalsError`.
    package func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await guarded { try await self.pool.read(body) }
    }

    /// Runs a write in the next group-committed transaction, wrapping database failures in `VitalsError`.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await guarded { try await self.batcher.write(body) }
    }

    @discardableResult
    func guarded<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as VitalsError {
            throw error
        } catch {
            throw VitalsError(
                .database, "the server database failed", at: InputLocation(file: path),
                underlying: ServerFailure(error))
        }
    }
}
