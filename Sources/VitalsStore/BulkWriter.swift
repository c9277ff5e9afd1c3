import Foundation
import GRDB
import VitalsCore

/// Writes a large batch (an import) inside one transaction: all of it commits or none.
///
/// Get one from ``SQLiteHealthStore/bulkWrite(_:)``. Samples must already be validated
/// (`Sample.validated()`); UUIDs already stored are skipped and counted.
public struct BulkWriter {
    private var writer: SampleWriter
    private let db: Database
    private let insertPoint: Statement
    private let insertBeat: Statement
    private let insertSummary: Statement
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    init(_ db: Database) throws {
        self.db = db
        writer = try SampleWriter(db)
        insertPoint = try db.makeStatement(sql: """
            INSERT INTO route_points (workout_id, route, time, latitude, longitude, altitude, speed, course,
                                      horizontal_accuracy, vertical_accuracy) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        insertBeat = try db.makeStatement(sql: "INSERT OR IGNORE INTO heartbeats (sample_id, position, bpm, time) VALUES (?, ?, ?, ?)")
        insertSummary = try db.makeStatement(sql: "INSERT INTO activity_summaries (date, details) VALUES (?, ?) ON CONFLICT (date) DO NOTHING")
    }

    /// Samples added and already present so far.
    public var summary: SaveSummary { writer.summary }

    /// Types that received new samples.
    public var touchedTypes: Set<SampleType> { writer.touchedTypes }

    /// Adds a validated sample (with members); returns its row id and whether it was new.
    @discardableResult
    public mutating func add(_ sample: Sample) throws -> (rowID: Int64, inserted: Bool) {
        try writer.insert(sample, duplicates: .skip)
    }

    /// Adds one route of a workout that was just inserted.
    public mutating func addRoute(workout rowID: Int64, route: Int, points: [RoutePoint]) throws {
        for point in points {
            try insertPoint.execute(arguments: [
                rowID, route, point.time.timeIntervalSince1970, point.latitude, point.longitude, point.altitude,
                point.speed, point.course, point.horizontalAccuracy, point.verticalAccuracy,
            ])
        }
    }

    /// Adds the beat-to-beat readings of an HRV sample.
    public mutating func addHeartbeats(sample rowID: Int64, beats: [Heartbeat]) throws {
        for (position, beat) in beats.enumerated() {
            try insertBeat.execute(arguments: [rowID, position, beat.beatsPerMinute, beat.time.timeIntervalSince1970])
        }
    }

    /// Adds a day's activity summary; returns false when that day is already stored.
    public mutating func addActivitySummary(_ summary: ActivitySummary) throws -> Bool {
        let details = String(decoding: try Self.encoder.encode(summary), as: UTF8.self)
        try insertSummary.execute(arguments: [summary.date, details])
        return db.changesCount > 0
    }

    /// Sets a characteristic (date of birth, biological sex...).
    public mutating func setCharacteristic(_ key: String, _ value: String) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO characteristics (key, value) VALUES (?, ?)", arguments: [key, value])
    }

    /// Records the finished import with its report (a JSON object), in the same transaction.
    public mutating func recordImport(file: String, exportDate: Date?, report: String, at date: Date) throws {
        try db.execute(sql: "INSERT INTO imports (file, export_date, finished_at, report) VALUES (?, ?, ?, ?)",
                       arguments: [file, exportDate?.timeIntervalSince1970, date.timeIntervalSince1970, report])
    }

    func finish() throws { try writer.finish() }
}

extension SQLiteHealthStore {
    /// Runs `body` in one write transaction with a ``BulkWriter``; throwing rolls everything back.
    ///
    /// Requires share authorization for nothing in particular: bulk writes are the owner's
    /// imports. Caches of touched types are dropped and change listeners told after commit.
    public func bulkWrite<T: Sendable>(_ body: @escaping @Sendable (inout BulkWriter) throws -> T) async throws -> T {
        let (value, touched) = try await write { db -> (T, Set<SampleType>) in
            // A smaller page cache for the long transaction keeps an import's memory flat;
            // inserts arrive in key order, so a larger cache buys little.
            try db.execute(sql: "PRAGMA cache_size = -\(Self.bulkCacheKiB)")
            defer { try? db.execute(sql: "PRAGMA cache_size = -\(Self.cacheKiB)") }
            var bulk = try BulkWriter(db)
            let value = try body(&bulk)
            try bulk.finish()
            return (value, bulk.touchedTypes)
        }
        cache.invalidate(touched)
        broadcaster.publish(touched)
        return value
    }

    /// Route points of a workout, by route then time.
    public func route(ofWorkout uuid: UUID) async throws -> [[RoutePoint]] {
        try await read { db in
            var routes: [Int: [RoutePoint]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT r.route, r.time, r.latitude, r.longitude, r.altitude, r.speed, r.course, r.horizontal_accuracy,
                       r.vertical_accuracy FROM route_points r JOIN samples s ON s.id = r.workout_id
                WHERE s.uuid = ? ORDER BY r.route, r.time
                """, arguments: [uuid]) {
                routes[row[0], default: []].append(RoutePoint(
                    time: Date(timeIntervalSince1970: row[1]), latitude: row[2], longitude: row[3], altitude: row[4],
                    speed: row[5], course: row[6], horizontalAccuracy: row[7], verticalAccuracy: row[8]))
            }
            return routes.keys.sorted().map { routes[$0]! }
        }
    }

    /// The beat-to-beat readings stored with an HRV sample.
    public func heartbeats(ofSample uuid: UUID) async throws -> [Heartbeat] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT h.bpm, h.time FROM heartbeats h JOIN samples s ON s.id = h.sample_id
                WHERE s.uuid = ? ORDER BY h.position
                """, arguments: [uuid]).map { Heartbeat(beatsPerMinute: $0[0], time: Date(timeIntervalSince1970: $0[1])) }
        }
    }

    /// Stored activity summaries, by date.
    public func activitySummaries() async throws -> [ActivitySummary] {
        let rows = try await read { db in try String.fetchAll(db, sql: "SELECT details FROM activity_summaries ORDER BY date") }
        return try rows.map { try JSONDecoder().decode(ActivitySummary.self, from: Data($0.utf8)) }
    }

    /// Stored characteristics (`HKCharacteristicTypeIdentifierDateOfBirth` → `1980-01-01`, ...).
    public func characteristics() async throws -> [String: String] {
        try await read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT key, value FROM characteristics").map { ($0[0], $0[1]) })
        }
    }
}
