import Foundation
import GRDB
import VitalsCore

/// Inserts samples inside one write transaction, caching ids of types, sources and devices
/// and reusing prepared statements, so bulk saves run at SQLite's speed.
struct SampleWriter {
    let db: Database
    private(set) var summary = SaveSummary()
    private(set) var touchedTypes = Set<SampleType>()
    private var typeIDs: [String: Int64] = [:]
    private var sourceIDs: [Source: Int64] = [:]
    private var sourceFlags: [Int64: (watch: Bool, phone: Bool)] = [:]
    // The previous sample's type, source and device: consecutive samples usually share them.
    private var lastType: (type: SampleType, id: Int64)?
    private var lastSource: (source: Source, id: Int64, watch: Bool, phone: Bool)?
    private var lastDevice: (device: Device, entry: (Int64, Bool, Bool))?
    private var deviceIDs: [Device: (id: Int64, watch: Bool, phone: Bool)] = [:]
    private var maxDurations: [Int64: Double] = [:]
    private var runType: Int64 = -1
    private var runMax = 0.0
    /// Where inserted samples lie, for invalidating cached daily statistics on `finish()`.
    private var written = WrittenSpans<Int64>()
    /// The next sample id and tombstone anchor (0 until first needed), and the value stored in `anchors`.
    private var nextAnchor: Int64 = 0
    private var storedAnchor: Int64 = 0
    private let insertSample: Statement
    private let findSample: Statement
    private let insertLink: Statement
    private static let detailsEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    init(_ db: Database) throws {
        self.db = db
        insertSample = try db.makeStatement(
            sql: """
                INSERT INTO samples (uuid, type_id, start, "end", value, unit, source_id, source_version,
                                     device_id, metadata, created, id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uuid) DO NOTHING
                """)
        findSample = try db.makeStatement(sql: "SELECT id FROM samples WHERE uuid = ?")
        insertLink = try db.makeStatement(sql: "INSERT OR IGNORE INTO sample_links (parent_id, child_id) VALUES (?, ?)")
    }

    /// Inserts one prepared row with resolved ids; returns its row id and whether it was new
    /// (a UUID already stored is skipped and counted).
    mutating func insert(
        _ sample: PreparedSample, typeID: Int64, sourceID: Int64, deviceID: Int64?,
        version: String?, unit: String?
    ) throws -> (rowID: Int64, inserted: Bool) {
        let row = RawStatement(insertSample)
        row.reset()
        row.bind(1, sample.uuid)
        row.bind(2, typeID)
        row.bind(3, sample.start)
        row.bind(4, sample.end)
        row.bind(5, sample.value)
        row.bind(6, unit)
        row.bind(7, sourceID)
        row.bind(8, version)
        row.bind(9, deviceID)
        row.bind(10, sample.metadataJSON)
        row.bind(11, sample.created)
        let id = try anchor()
        row.bind(12, id)
        try row.step(db)
        guard row.changes(db) > 0 else {
            summary.alreadyPresent += 1
            return (try Int64.fetchOne(findSample, arguments: [sample.uuid]) ?? -1, false)
        }
        nextAnchor += 1
        summary.added += 1
        noteDuration(sample.end - sample.start, typeID: typeID)
        written.note(typeID: typeID, start: sample.start, end: sample.end)
        return (id, true)
    }

    /// Remembers the longest duration per type; consecutive rows share a type, so only a
    /// change of type touches the dictionary.
    private mutating func noteDuration(_ duration: Double, typeID: Int64) {
        if typeID != runType {
            if runType >= 0 { maxDurations[runType] = max(maxDurations[runType] ?? 0, runMax) }
            runType = typeID
            runMax = 0
        }
        runMax = max(runMax, duration)
    }

    /// Marks types as written (for cache invalidation and change notification).
    mutating func touch(_ types: some Sequence<SampleType>) { touchedTypes.formUnion(types) }

    /// Inserts a validated sample with its members; returns its row id (the existing one when
    /// skipped) and whether it was new.
    @discardableResult
    mutating func insert(_ sample: Sample, duplicates: DuplicatePolicy) throws -> (rowID: Int64, inserted: Bool) {
        let typeID = try typeID(for: sample.type)
        var deviceID: Int64?
        var watch = false
        var phone = false
        if let device = sample.device { (deviceID, watch, phone) = try self.device(device) }
        let sourceID = try sourceID(for: sample.source, watch: watch, phone: phone)
        var value: Double?
        var unit: String?
        switch sample.content {
        case .quantity(let quantity):
            value = quantity.value
            if sample.type.canonicalUnitString == nil { unit = quantity.unit.unitString }
        case .category(let raw):
            value = Double(raw)
        case .workout, .correlation:
            value = nil
        }
        let metadata = sample.metadata.isEmpty ? nil : MetadataJSON.encode(sample.metadata)
        let row = RawStatement(insertSample)
        row.reset()
        row.bind(1, sample.uuid)
        row.bind(2, typeID)
        row.bind(3, sample.start.timeIntervalSince1970)
        row.bind(4, sample.end.timeIntervalSince1970)
        row.bind(5, value)
        row.bind(6, unit)
        row.bind(7, sourceID)
        row.bind(8, sample.sourceVersion)
        row.bind(9, deviceID)
        row.bind(10, metadata)
        row.bind(11, sample.creationDate?.timeIntervalSince1970)
        let rowID = try anchor()
        row.bind(12, rowID)
        try row.step(db)
        guard row.changes(db) > 0 else {
            if duplicates == .fail {
                throw VitalsError(.duplicate, "a sample with UUID \(sample.uuid.uuidString) is already stored")
            }
            summary.alreadyPresent += 1
            return (try Int64.fetchOne(findSample, arguments: [sample.uuid]) ?? -1, false)
        }
        nextAnchor += 1
        summary.added += 1
        touchedTypes.insert(sample.type)
        // Computed from the stored 1970-based numbers, so range filters can rely on it exactly.
        noteDuration(sample.end.timeIntervalSince1970 - sample.start.timeIntervalSince1970, typeID: typeID)
        written.note(typeID: typeID, start: sample.start.timeIntervalSince1970, end: sample.end.timeIntervalSince1970)
        switch sample.content {
        case .workout(let workout):
            let details = WorkoutDetails(
                events: workout.events, statistics: workout.statistics,
                activities: workout.activities, duration: workout.duration)
            let json = String(decoding: try Self.detailsEncoder.encode(details), as: UTF8.self)
            try db.execute(
                sql: "INSERT INTO workouts (sample_id, activity_type, details) VALUES (?, ?, ?)",
                arguments: [rowID, Int64(workout.activityType.rawValue), json])
            for child in workout.associatedSamples {
                try link(rowID, try insert(child, duplicates: .skip).rowID)
            }
        case .correlation(let members):
            for member in members {
                try link(rowID, try insert(member, duplicates: .skip).rowID)
            }
        default:
            break
        }
        return (rowID, true)
    }

    private func link(_ parent: Int64, _ child: Int64) throws {
        try insertLink.execute(arguments: [parent, child])
    }

    /// Deletes rows, leaving tombstones whose anchors come after every change so far.
    mutating func delete(_ rows: [(id: Int64, uuid: UUID, typeID: Int64)], at date: Double) throws {
        for row in rows {
            let anchor = try anchor()
            nextAnchor += 1
            try db.execute(
                sql: "INSERT INTO tombstones (anchor, uuid, type_id, deleted_at) VALUES (?, ?, ?, ?)",
                arguments: [anchor, row.uuid, row.typeID, date])
            try db.execute(sql: "DELETE FROM samples WHERE id = ?", arguments: [row.id])
        }
        try storeAnchor()
    }

    /// The latest anchor handed out: the largest of the stored counter, sample ids and tombstones
    /// (the two maxima are index lookups), so a writer that failed to store it still never reuses one.
    static func currentAnchor(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(
            db,
            sql: """
                SELECT MAX(COALESCE((SELECT value FROM anchors WHERE name = 'changes'), 0),
                           COALESCE((SELECT MAX(id) FROM samples), 0),
                           COALESCE((SELECT MAX(anchor) FROM tombstones), 0))
                """) ?? 0
    }

    /// The next anchor, for a new sample's id or a tombstone; the caller advances `nextAnchor` once used.
    private mutating func anchor() throws -> Int64 {
        if nextAnchor == 0 {
            storedAnchor = try Self.currentAnchor(db)
            nextAnchor = storedAnchor + 1
        }
        return nextAnchor
    }

    /// Saves the counter if this writer advanced it.
    private mutating func storeAnchor() throws {
        guard nextAnchor - 1 > storedAnchor else { return }
        try db.execute(
            sql:
                "INSERT INTO anchors (name, value) VALUES ('changes', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            arguments: [nextAnchor - 1])
        storedAnchor = nextAnchor - 1
    }

    /// Records the longest sample per type and deletes the cached daily statistics of the days
    /// inserted samples touch (deletions do that in a trigger); call once before committing.
    mutating func finish() throws {
        try storeAnchor()
        try DailyStatisticsCache(db).invalidate(written.take())
        noteDuration(0, typeID: -2)
        for (typeID, duration) in maxDurations where typeID >= 0 {
            try db.execute(
                sql: "UPDATE types SET max_duration = MAX(max_duration, ?) WHERE id = ?",
                arguments: [duration, typeID])
        }
    }

    mutating func typeID(for type: SampleType) throws -> Int64 {
        if let last = lastType, last.type.identifier == type.identifier { return last.id }
        if let id = typeIDs[type.identifier] {
            lastType = (type, id)
            return id
        }
        let id = try Self.typeID(for: type, in: db)
        typeIDs[type.identifier] = id
        lastType = (type, id)
        return id
    }

    /// The row id of `type`, inserting it if new.
    static func typeID(for type: SampleType, in db: Database) throws -> Int64 {
        try db.execute(sql: "INSERT OR IGNORE INTO types (identifier) VALUES (?)", arguments: [type.identifier])
        return try Int64.fetchOne(db, sql: "SELECT id FROM types WHERE identifier = ?", arguments: [type.identifier])!
    }

    mutating func sourceID(for source: Source, watch: Bool, phone: Bool) throws -> Int64 {
        if let last = lastSource, last.source == source, !watch || last.watch, !phone || last.phone { return last.id }
        let id: Int64
        if let known = sourceIDs[source] {
            id = known
        } else {
            try db.execute(
                sql: "INSERT OR IGNORE INTO sources (name, bundle_identifier) VALUES (?, ?)",
                arguments: [source.name, source.bundleIdentifier])
            id = try Int64.fetchOne(
                db, sql: "SELECT id FROM sources WHERE name = ? AND bundle_identifier = ?",
                arguments: [source.name, source.bundleIdentifier])!
            sourceIDs[source] = id
        }
        let flags = sourceFlags[id] ?? (false, false)
        if (watch && !flags.watch) || (phone && !flags.phone) {
            try db.execute(
                sql: "UPDATE sources SET is_watch = is_watch OR ?, is_phone = is_phone OR ? WHERE id = ?",
                arguments: [watch, phone, id])
            sourceFlags[id] = (flags.watch || watch, flags.phone || phone)
        }
        let known = sourceFlags[id] ?? (false, false)
        lastSource = (source, id, known.watch, known.phone)
        return id
    }

    /// The row id of a device, and whether it is a watch or a phone.
    mutating func device(_ device: Device) throws -> (Int64, Bool, Bool) {
        if let last = lastDevice, last.device == device { return last.entry }
        if let known = deviceIDs[device] {
            lastDevice = (device, known)
            return known
        }
        let description = SampleJSON.encode(SampleJSON.deviceObject(device))
        try db.execute(sql: "INSERT OR IGNORE INTO devices (description) VALUES (?)", arguments: [description])
        let id = try Int64.fetchOne(db, sql: "SELECT id FROM devices WHERE description = ?", arguments: [description])!
        let entry = (id, device.isWatch, device.isPhone)
        deviceIDs[device] = entry
        lastDevice = (device, entry)
        return entry
    }
}

/// A workout's events, statistics and activities as stored in `workouts.details`.
struct WorkoutDetails: Codable {
    var events: [WorkoutEvent]
    var statistics: [WorkoutStatistics]
    var activities: [WorkoutActivity]
    var duration: TimeInterval?
}
