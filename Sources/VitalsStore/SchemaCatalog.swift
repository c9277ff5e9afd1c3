import Foundation

/// The migrations each kind of Vitals SQLite file may have applied, to tell a file's kind and
/// whether this binary knows its schema.
///
/// A file records each applied migration by name (GRDB's `grdb_migrations`). A file whose kind
/// this binary knows, with a migration it does not, was written by a newer Vitals: opening it
/// here could lose what the newer tables hold, so backups and restores refuse it.
public struct SchemaCatalog: Sendable {
    /// One kind of file: a health store, a server's database.
    public struct Kind: Sendable, Equatable {
        /// A short name for people and JSON: `store`, `server`.
        public var name: String
        /// Every migration this binary can apply to such a file, the first one first: a file of
        /// this kind has the first one applied.
        public var migrations: [String]

        /// A kind named `name` with `migrations`.
        public init(name: String, migrations: [String]) {
            self.name = name
            self.migrations = migrations
        }
    }

    /// The kinds this binary knows.
    public var kinds: [Kind]

    /// A catalog of `kinds`.
    public init(_ kinds: [Kind]) { self.kinds = kinds }

    /// The kind of a file with `applied` migrations: the one whose first migration it has.
    public func kind(applied: Set<String>) -> Kind? {
        kinds.first { kind in kind.migrations.first.map(applied.contains) ?? false }
    }
}

/// A file's schema: its kind, how many migrations it has applied and the newest of them.
public struct SchemaVersion: Sendable, Equatable, Codable {
    /// The kind's name (`store`, `server`).
    public var kind: String
    /// How many migrations the file has applied.
    public var migrations: Int
    /// The newest applied migration this binary knows (the schema's version name).
    public var latest: String
}
