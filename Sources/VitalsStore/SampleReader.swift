import Foundation
import GRDB
import VitalsCore

/// Turns `samples` rows (with their workouts, members and associated samples) back into `Sample`s.
///
/// A reader decodes each source, device and unit once, and metadata equal to the row before's
/// once: rows of one read share them (an export reads hundreds of thousands of samples from a few
/// devices, heart rates with the same motion context), decoded by id or text, not per row.
struct SampleReader {
    let db: Database
    private let decoded = DecodedParts()
    private static let detailsDecoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()

    static let columns = """
        s.id, s.uuid, t.identifier, s.start, s."end", s.value, s.unit, src.name, src.bundle_identifier,
        s.source_version, d.description, s.metadata, w.activity_type, w.details, s.created, s.source_id, s.device_id
        FROM samples s JOIN types t ON t.id = s.type_id JOIN sources src ON src.id = s.source_id
        LEFT JOIN devices d ON d.id = s.device_id LEFT JOIN workouts w ON w.sample_id = s.id
        """

    /// Seconds of margin on range pre-filters, so rounding never drops a sample Core would keep.
    static let slack = 0.001

    init(_ db: Database) { self.db = db }

    /// Samples of `type` matching `predicate`: SQL narrows by type, time and source; Core decides.
    func samples(of type: SampleType, matching predicate: SamplePredicate, limit: Int?) throws -> [Sample] {
        guard
            let typeRow = try Row.fetchOne(
                db, sql: "SELECT id, max_duration FROM types WHERE identifier = ?",
                arguments: [type.identifier])
        else { return [] }
        let typeID: Int64 = typeRow[0]
        let maxDuration: Double = typeRow[1]
        var conditions = ["s.type_id = ?"]
        var arguments: StatementArguments = [typeID]
        let lower = predicate.start?.timeIntervalSince1970
        let upper = predicate.end?.timeIntervalSince1970
        if let upper {
            conditions.append(predicate.options == .strictEndDate ? "s.\"end\" < ?" : "s.start < ?")
            _ = arguments.append(contentsOf: [upper])
        }
        if let lower {
            if predicate.options.contains(.strictStartDate) {
                conditions.append("s.start >= ?")
                _ = arguments.append(contentsOf: [lower])
            } else {
                conditions.append("s.start >= ?")
                conditions.append("s.\"end\" >= ?")
                _ = arguments.append(contentsOf: [lower - maxDuration - Self.slack, lower])
            }
        }
        if let sourceIDs = try SourceCatalog(db).ids(matching: predicate.sources) {
            conditions.append("s.source_id IN (\(sourceIDs.map(String.init).joined(separator: ",")))")
        }
        let sql = "SELECT \(Self.columns) WHERE \(conditions.joined(separator: " AND ")) ORDER BY s.start, s.id"
        var result: [Sample] = []
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            let sample = try decode(row, as: type)
            guard predicate.matches(sample) else { continue }
            result.append(sample)
            if let limit, result.count >= limit { break }
        }
        return result
    }

    func sample(uuid: UUID) throws -> Sample? {
        try Row.fetchOne(db, sql: "SELECT \(Self.columns) WHERE s.uuid = ?", arguments: [uuid]).map(decode)
    }

    /// Decodes one row selected with `columns`.
    func decode(_ row: Row) throws -> Sample { try decode(row, as: nil) }

    /// Decodes one row selected with `columns` whose type is `known` (nil: read from the row).
    func decode(_ row: Row, as known: SampleType?) throws -> Sample {
        let rowID: Int64 = row[0]
        let type = known ?? SampleType(identifier: row[2])
        let start = Date(timeIntervalSince1970: row[3])
        let end = Date(timeIntervalSince1970: row[4])
        let value: Double? = row[5]
        let source = decoded.source(id: row[15]) { Source(name: row[7], bundleIdentifier: row[8]) }
        let device = try (row[16] as Int64?).map { id in
            try decoded.device(id: id) { try SampleJSON.decodeDevice(row[10]) }
        }
        // Written by MetadataJSON.encode; its decode keeps every number exact (JSONSerialization
        // on Linux can lose a last bit), and costs less.
        let metadata =
            try (row[11] as String?).map { text in
                try decoded.metadata(text) { try MetadataJSON.decode(text) ?? SampleJSON.decodeMetadata(text) }
            } ?? [:]
        let content: Sample.Content
        switch type.kind {
        case .workout:
            let details = try Self.detailsDecoder.decode(
                WorkoutDetails.self, from: Data((row[13] as String? ?? "{}").utf8))
            let activity = WorkoutActivityType(rawValue: UInt(row[12] as Int64? ?? 3000))
            content = .workout(
                Workout(
                    activityType: activity, events: details.events, statistics: details.statistics,
                    activities: details.activities, associatedSamples: try children(of: rowID),
                    duration: details.duration))
        case .correlation:
            content = .correlation(try children(of: rowID))
        case .category:
            content = .category(Int(value ?? 0))
        default:
            let unitText = (row[6] as String?) ?? type.canonicalUnitString ?? "count"
            content = .quantity(Quantity(value ?? 0, try decoded.unit(unitText)))
        }
        return Sample(
            uuid: row[1], type: type, start: start, end: end, content: content, source: source,
            sourceVersion: row[9], device: device, metadata: metadata,
            creationDate: (row[14] as Double?).map(Date.init(timeIntervalSince1970:)))
    }

    private func children(of parent: Int64) throws -> [Sample] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT \(Self.columns) JOIN sample_links l ON l.child_id = s.id WHERE l.parent_id = ? ORDER BY s.start, s.id
                """, arguments: [parent]
        ).map(decode)
    }
}
