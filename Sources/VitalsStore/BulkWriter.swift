public import Foundation
import GRDB
public import VitalsCore

/// Writes a large batch (an import) inside one transaction: all of it commits or none.
///
/// Get one from ``SQLiteHealthStore/bulkWrite(_:)``. Samples must already be validated
/// (`Sample.validated()`); UUIDs already stored are skipped and counted.
public struct BulkWriter {
    private var writer: SampleWriter
    private let db: Database
    /// Type ids of samples revisions replaced (their caches and listeners are told).
    var replacedTypes = Set<Int64>()
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
        insertPoint = try db.makeStatement(
            sql: """
                INSERT INTO route_points (workout_id, route, time, latitude, longitude, altitude, speed, course,
                                          horizontal_accuracy, vertical_accuracy) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        insertBeat = try db.makeStatement(
            sql: "INSERT OR IGNORE INTO heartbeats (sample_id, position, bpm, time) VALUES (?, ?, ?, ?)")
        insertSummary = try db.makeStatement(
            sql: "INSERT INTO activity_summaries (date, details) VALUES (?, ?) ON CONFLICT (date) DO NOTHING")
    }

    /// Samples added and already present so far.
    public var summary: SaveSummary { writer.summary }

    /// Types that received new samples.
    public var touchedTypes: Set<SampleType> { writer.touchedTypes }

    /// The import's connection, for this type's facets.
    var database: Database { db }

    /// Deletes rows, leaving tombstones.
    mutating func deleteRows(_ rows: [(id: Int64, uuid: UUID, typeID: Int64)], at date: Double) throws {
        try writer.delete(rows, at: date)
    }

    /// Types that received new samples or lost replaced ones.
    func changedTypes() throws -> Set<SampleType> {
        guard !replacedTypes.isEmpty else { return touchedTypes }
        var types = touchedTypes
        for id in replacedTypes {
            if let identifier = try String.fetchOne(
                db, sql: "SELECT identifier FROM types WHERE id = ?", arguments: [id])
            {
                types.insert(SampleType(identifier: identifier))
            }
        }
        return types
    }

    // Row ids (and strings) of dictionary entries, by dictionary index, resolved on first use.
    private var typeIDs: [Int64?] = []
    private var sourceIDs: [Int64?] = []
    private var deviceEntries: [(id: Int64, watch: Bool, phone: Bool)?] = []
    private var versions: [String?] = []
    private var units: [String?] = []
    private var touchedIndices: [Bool] = []
    private var flaggedPairs = Set<Int64>()
    private var lastPair: Int64 = -1

    /// Adds a prepared sample whose indices refer to `dictionary`; returns its row id and whether it was new.
    @discardableResult
    public mutating func add(
        _ sample: PreparedSample, dictionary: SampleDictionary
    ) throws -> (rowID: Int64, inserted: Bool) {
        let typeIndex = Int(sample.type)
        if typeIndex >= typeIDs.count {
            typeIDs.append(contentsOf: repeatElement(nil, count: typeIndex + 1 - typeIDs.count))
            touchedIndices.append(contentsOf: repeatElement(false, count: typeIndex + 1 - touchedIndices.count))
        }
        let typeID: Int64
        if let known = typeIDs[typeIndex] {
            typeID = known
        } else {
            typeID = try writer.typeID(for: dictionary.type(sample.type))
            typeIDs[typeIndex] = typeID
        }
        var device: (id: Int64, watch: Bool, phone: Bool)?
        if sample.device >= 0 {
            let index = Int(sample.device)
            if index >= deviceEntries.count {
                deviceEntries.append(contentsOf: repeatElement(nil, count: index + 1 - deviceEntries.count))
            }
            if deviceEntries[index] == nil {
                let entry = try writer.device(dictionary.device(sample.device))
                deviceEntries[index] = (entry.0, entry.1, entry.2)
            }
            device = deviceEntries[index]
        }
        let sourceIndex = Int(sample.source)
        if sourceIndex >= sourceIDs.count {
            sourceIDs.append(contentsOf: repeatElement(nil, count: sourceIndex + 1 - sourceIDs.count))
        }
        // A source is flagged watch or phone once per device it is seen with.
        let pair = Int64(sample.source) << 32 | Int64(sample.device + 1)
        if sourceIDs[sourceIndex] == nil || (pair != lastPair && flaggedPairs.insert(pair).inserted) {
            sourceIDs[sourceIndex] = try writer.sourceID(
                for: dictionary.source(sample.source),
                watch: device?.watch ?? false, phone: device?.phone ?? false)
        }
        lastPair = pair
        let version = try string(sample.version, in: &versions) { dictionary.version($0) }
        let unit = try string(sample.unit, in: &units) { dictionary.unit($0) }
        let result = try writer.insert(
            sample, typeID: typeID, sourceID: sourceIDs[sourceIndex]!, deviceID: device?.id,
            version: version, unit: unit)
        if result.inserted, !touchedIndices[typeIndex] {
            touchedIndices[typeIndex] = true
            writer.touch([dictionary.type(sample.type)])
        }
        return result
    }

    private func string(_ index: Int32, in cache: inout [String?], _ lookup: (Int32) -> String) throws -> String? {
        guard index >= 0 else { return nil }
        let slot = Int(index)
        if slot >= cache.count { cache.append(contentsOf: repeatElement(nil, count: slot + 1 - cache.count)) }
        if let known = cache[slot] { return known }
        let value = lookup(index)
        cache[slot] = value
        return value
    }

    /// Adds a validated sample (with members); returns its row id and whether it was new.
    @discardableResult
    public mutating func add(_ sample: Sample) throws -> (rowID: Int64, inserted: Bool) {
        try writer.insert(sample, duplicates: .skip)
    }

    /// Adds one route of a workout that was just inserted.
    public mutating func addRoute(workout rowID: Int64, route: Int, points: [RoutePoint]) throws {
        let row = RawStatement(insertPoint)
        for point in points {
            row.reset()
            row.bind(1, rowID)
            row.bind(2, Int64(route))
            row.bind(3, point.time.timeIntervalSince1970)
            row.bind(4, point.latitude)
            row.bind(5, point.longitude)
            row.bind(6, point.altitude)
            row.bind(7, point.speed)
            row.bind(8, point.course)
            row.bind(9, point.horizontalAccuracy)
            row.bind(10, point.verticalAccuracy)
            try row.step(db)
        }
    }

    /// Adds the beat-to-beat readings of an HRV sample.
    public mutating func addHeartbeats(sample rowID: Int64, beats: [Heartbeat]) throws {
        let row = RawStatement(insertBeat)
        for (position, beat) in beats.enumerated() {
            row.reset()
            row.bind(1, rowID)
            row.bind(2, Int64(position))
            row.bind(3, beat.beatsPerMinute)
            row.bind(4, beat.time.timeIntervalSince1970)
            try row.step(db)
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
        try db.execute(
            sql: "INSERT OR REPLACE INTO characteristics (key, value) VALUES (?, ?)", arguments: [key, value])
    }

    /// Records the finished import with its report (a JSON object), in the same transaction.
    public mutating func recordImport(file: String, exportDate: Date?, report: String, at date: Date) throws {
        try db.execute(
            sql: "INSERT INTO imports (file, export_date, finished_at, report) VALUES (?, ?, ?, ?)",
            arguments: [file, exportDate?.timeIntervalSince1970, date.timeIntervalSince1970, report])
    }

    mutating func finish() throws { try writer.finish() }
}

extension SQLiteHealthStore {
    /// Runs `body` in one write transaction with a ``BulkWriter``; throwing rolls everything back.
    ///
    /// Requires share authorization for nothing in particular: bulk writes are the owner's
    /// imports. Caches of touched types are dropped and change listeners told after commit.
    ///
    /// When no other connection has the file open, the write runs in SQLite's rollback-journal
    /// mode and switches back to WAL afterwards: pages appended to the file are then written
    /// once instead of twice (into the WAL, then by the checkpoint), and readers in other
    /// processes wait until it commits. With other connections open it runs in WAL mode.
    public func bulkWrite<T: Sendable>(_ body: @escaping @Sendable (inout BulkWriter) throws -> T) async throws -> T {
        // Idle reader connections of this store would keep the file in WAL mode.
        (pool as? DatabasePool)?.releaseMemory()
        let ownsFile = ownsFile
        let (value, touched) = try await barrierWrite { db -> (T, Set<SampleType>) in
            try Self.inBulkTransaction(db, ownsFile: ownsFile) {
                var bulk = try BulkWriter(db)
                let value = try body(&bulk)
                try bulk.finish()
                return (value, try bulk.changedTypes())
            }
        }
        cache.invalidate(touched)
        broadcaster.publish(touched)
        return value
    }

    /// Runs `body` in an immediate transaction set up for a bulk write (see ``bulkWrite(_:)``).
    static func inBulkTransaction<R>(_ db: Database, ownsFile: Bool, _ body: () throws -> R) throws -> R {
        let exclusive = ownsFile && enterRollbackJournal(db)
        defer { if exclusive { leaveRollbackJournal(db) } }
        // A smaller page cache for the long transaction keeps an import's memory flat;
        // inserts arrive in key order, so a larger cache buys little.
        try db.execute(sql: "PRAGMA cache_size = -\(bulkCacheKiB)")
        defer { try? db.execute(sql: "PRAGMA cache_size = -\(cacheKiB)") }
        var result: R?
        try db.inTransaction(.immediate) {
            result = try body()
            return .commit
        }
        return result!
    }

    /// Switches the connection to a rollback journal when it is the file's only connection.
    ///
    /// `synchronous = FULL` goes with it: in rollback mode that is what keeps a power loss
    /// from corrupting the file. Returns whether the switch happened.
    static func enterRollbackJournal(_ db: Database) -> Bool {
        guard (try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")) == "delete" else { return false }
        try? db.execute(sql: "PRAGMA synchronous = FULL")
        return true
    }

    /// Returns the connection to WAL mode and its usual durability.
    static func leaveRollbackJournal(_ db: Database) {
        _ = try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        try? db.execute(sql: "PRAGMA synchronous = NORMAL")
    }

    /// Route points of a workout, by route then time.
    public func route(ofWorkout uuid: UUID) async throws -> [[RoutePoint]] {
        try await read { db in
            var routes: [Int: [RoutePoint]] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT r.route, r.time, r.latitude, r.longitude, r.altitude, r.speed, r.course, r.horizontal_accuracy,
                           r.vertical_accuracy FROM route_points r JOIN samples s ON s.id = r.workout_id
                    WHERE s.uuid = ? ORDER BY r.route, r.time
                    """, arguments: [uuid])
            {
                routes[row[0], default: []].append(
                    RoutePoint(
                        time: Date(timeIntervalSince1970: row[1]), latitude: row[2], longitude: row[3],
                        altitude: row[4],
                        speed: row[5], course: row[6], horizontalAccuracy: row[7], verticalAccuracy: row[8]))
            }
            return routes.keys.sorted().map { routes[$0]! }
        }
    }

    /// The beat-to-beat readings stored with an HRV sample.
    public func heartbeats(ofSample uuid: UUID) async throws -> [Heartbeat] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT h.bpm, h.time FROM heartbeats h JOIN samples s ON s.id = h.sample_id
                    WHERE s.uuid = ? ORDER BY h.position
                    """, arguments: [uuid]
            ).map { Heartbeat(beatsPerMinute: $0[0], time: Date(timeIntervalSince1970: $0[1])) }
        }
    }

    /// Stored activity summaries, by date.
    public func activitySummaries() async throws -> [ActivitySummary] {
        let rows = try await read { db in
            try String.fetchAll(db, sql: "SELECT details FROM activity_summaries ORDER BY date")
        }
        return try rows.map { try JSONDecoder().decode(ActivitySummary.self, from: Data($0.utf8)) }
    }

    /// Stored characteristics (`HKCharacteristicTypeIdentifierDateOfBirth` → `1980-01-01`, ...).
    public func characteristics() async throws -> [String: String] {
        try await read { db in
            Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT key, value FROM characteristics").map {
                    ($0[0], $0[1])
                })
        }
    }
}
