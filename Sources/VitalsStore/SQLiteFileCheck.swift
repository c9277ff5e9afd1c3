import Foundation
import GRDB
import VitalsCore

/// Checks a SQLite file as a backup must be before anyone relies on it: whole, intact, of a
/// schema this binary knows.
///
/// In order: the file's header (an SQLite file, as long as its header says: a truncated copy is
/// caught here, naming both sizes), SQLite's own check (``Depth``), the applied migrations against ``SchemaCatalog`` (a newer schema is
/// refused with ``VitalsCore/VitalsError/Code/newerSchema``), then every table's row count.
/// Opens the file read-write (SQLite needs that for a WAL-mode file), so check only files the
/// caller owns: a backup's temporary copy, a restore's copy beside its target.
public struct SQLiteFileCheck: Sendable {
    /// How deep SQLite looks.
    public enum Depth: String, Sendable, CaseIterable {
        /// `PRAGMA integrity_check`: every page, and every index entry against its row
        /// (about 10 s of CPU for a 1 GB server database here).
        case full
        /// `PRAGMA quick_check` (every page and B-tree, not the index entries against the rows)
        /// and every index holding as many entries as its table: a tenth of the time.
        case quick

        /// The name of the check, as reported.
        public var checkName: String { self == .full ? "integrity_check" : "quick_check" }
    }

    /// The kinds of file and the migrations this binary knows.
    public let catalog: SchemaCatalog
    /// How deep SQLite looks. Default `.full`.
    public var depth = Depth.full

    /// A check against `catalog`.
    public init(catalog: SchemaCatalog, depth: Depth = .full) {
        self.catalog = catalog
        self.depth = depth
    }

    /// Checks the file at `path`, throwing a `VitalsError` that names what is wrong and where.
    public func verify(_ path: String) throws -> BackupVerification {
        let bytes = try SQLiteFileHeader.checkLength(of: path)
        var configuration = GRDB.Configuration()
        configuration.busyMode = .timeout(10)
        // Integrity checks read every page once: a large cache saves little, mapping saves the copies.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA mmap_size = 2147483647") }
        let location = InputLocation(file: path)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            let depth = depth
            return try queue.inDatabase { db in
                let problems = try String.fetchAll(db, sql: "PRAGMA \(depth.checkName)(20)")
                guard problems == ["ok"] else {
                    throw VitalsError(
                        .invalidInput,
                        "is damaged: PRAGMA \(depth.checkName) found \(problems.count) problem(s), first: \(problems.first ?? "")",
                        at: location)
                }
                let schema = try Self.schema(in: db, catalog: catalog, location: location)
                let tables = try Self.tables(in: db)
                if depth == .quick { try Self.checkIndexCounts(in: db, tables: tables, location: location) }
                return BackupVerification(
                    schema: schema, tables: tables, integrity: "ok", check: depth.checkName, bytes: bytes)
            }
        } catch let error as VitalsError {
            throw error
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            throw VitalsError(.invalidInput, "is not a whole SQLite database (\(error.resultCode))", at: location)
        } catch {
            throw VitalsError(.database, "cannot check the file", at: location, underlying: SendableDescription(error))
        }
    }

    /// The file's kind and version from its applied migrations.
    static func schema(in db: Database, catalog: SchemaCatalog, location: InputLocation) throws -> SchemaVersion {
        guard try db.tableExists("grdb_migrations") else {
            throw VitalsError(.invalidInput, "is not a Vitals database: it has no migrations table", at: location)
        }
        let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
        guard let kind = catalog.kind(applied: applied) else {
            throw VitalsError(
                .invalidInput,
                "is not a Vitals database this binary knows (none of \(catalog.kinds.map(\.name).joined(separator: ", ")))",
                at: location)
        }
        let unknown = applied.subtracting(kind.migrations).sorted()
        guard unknown.isEmpty else {
            throw VitalsError(
                .newerSchema,
                "was written by a newer Vitals: its \(kind.name) schema has migrations this binary does not know (\(unknown.joined(separator: ", "))); upgrade vitals first",
                at: location)
        }
        let latest = kind.migrations.last(where: applied.contains) ?? kind.migrations[0]
        return SchemaVersion(kind: kind.name, migrations: applied.count, latest: latest)
    }

    /// Checks that every index (but partial ones and primary keys) holds one entry per row of its table.
    static func checkIndexCounts(in db: Database, tables: [BackupVerification.Table], location: InputLocation) throws {
        for table in tables {
            for index in try Row.fetchAll(db, sql: "PRAGMA index_list(\(table.name.quotedDatabaseIdentifier))") {
                let name: String = index["name"], origin: String = index["origin"], partial: Bool = index["partial"]
                guard origin != "pk", !partial else { continue }
                let table = table
                let entries =
                    try Int.fetchOne(
                        db,
                        sql: """
                            SELECT COUNT(*) FROM \(table.name.quotedDatabaseIdentifier) INDEXED BY \(name.quotedDatabaseIdentifier)
                            """) ?? 0
                guard entries == table.rows else {
                    throw VitalsError(
                        .invalidInput,
                        "is damaged: index \(name) holds \(entries) entries for the \(table.rows) rows of \(table.name)",
                        at: location)
                }
            }
        }
    }

    /// Every table but SQLite's own with its row count, by name.
    static func tables(in db: Database) throws -> [BackupVerification.Table] {
        let names = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name
                """)
        return try names.map { name in
            BackupVerification.Table(
                name: name,
                rows: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(name.quotedDatabaseIdentifier)") ?? 0)
        }
    }
}
