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
