import Foundation
import PostgresNIO

/// The statements of a write's path, run as prepared statements: parsed and planned once per
/// connection, not on every call.
///
/// A statement sent by `query` is parsed and planned each time it runs; for an ingest's
/// statements on the partitioned `samples` table that was about a millisecond of PostgreSQL's
/// CPU per one-day payload (measured with `pg_stat_statements.track_planning`), a fifth of its
/// share. Each statement is a type whose `sql` has `$1`, `$2`, ... for the values it binds in
/// that order; PostgresNIO prepares it on a connection the first time it runs there. Rows come
/// back as `PostgresRow`s, decoded where they are read.
enum PostgresPrepared {}

extension PostgresPreparedStatement where Row == PostgresRow {
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
