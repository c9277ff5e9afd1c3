import Foundation
import GRDB
import VitalsCore

/// Checks a SQLite file as a backup must be before anyone relies on it: whole, intact, of a
/// schema this binary knows.
///
/// In order: the file's header (an SQLite file, as long as its header says: a truncated copy is
/// caught here, naming both sizes), `PRAGMA integrity_check` (every page, every index entry
/// against its row), the applied migrations against ``SchemaCatalog`` (a newer schema is
/// refused with ``VitalsCore/VitalsError/Code/newerSchema``), then every table's row count.
/// Opens the file read-write (SQLite needs that for a WAL-mode file), so check only files the
/// caller owns: a backup's temporary copy, a restore's copy beside its target.
public struct SQLiteFileCheck: Sendable {
    /// The kinds of file and the migrations this binary knows.
    public let catalog: SchemaCatalog

    /// A check against `catalog`.
    public init(catalog: SchemaCatalog) { self.catalog = catalog }

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
            return try queue.inDatabase { db in
                let problems = try String.fetchAll(db, sql: "PRAGMA integrity_check(20)")
                guard problems == ["ok"] else {
                    throw VitalsError(.invalidInput,
                                      "is damaged: PRAGMA integrity_check found \(problems.count) problem(s), first: \(problems.first ?? "")",
                                      at: location)
                }
                let schema = try Self.schema(in: db, catalog: catalog, location: location)
                return BackupVerification(schema: schema, tables: try Self.tables(in: db), integrity: "ok", bytes: bytes)
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
            throw VitalsError(.invalidInput,
                              "is not a Vitals database this binary knows (none of \(catalog.kinds.map(\.name).joined(separator: ", ")))",
                              at: location)
        }
        let unknown = applied.subtracting(kind.migrations).sorted()
        guard unknown.isEmpty else {
            throw VitalsError(.newerSchema,
                              "was written by a newer Vitals: its \(kind.name) schema has migrations this binary does not know (\(unknown.joined(separator: ", "))); upgrade vitals first",
                              at: location)
        }
        let latest = kind.migrations.last(where: applied.contains) ?? kind.migrations[0]
        return SchemaVersion(kind: kind.name, migrations: applied.count, latest: latest)
    }

    /// Every table but SQLite's own with its row count, by name.
    static func tables(in db: Database) throws -> [BackupVerification.Table] {
        let names = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name
            """)
        return try names.map { name in
            BackupVerification.Table(name: name, rows: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(name.quotedDatabaseIdentifier)") ?? 0)
        }
    }
}
