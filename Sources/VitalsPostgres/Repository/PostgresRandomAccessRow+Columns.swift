import PostgresNIO

extension PostgresRandomAccessRow {
    /// The value of the column named `name` (as the statement names it), decoded as `T`.
    ///
    /// Cold paths read their rows by name with it, so a statement's columns and their reading
    /// cannot drift apart; hot paths decode by position and say so.
    func value<T: PostgresDecodable>(_ name: String, as type: T.Type = T.self) throws -> T {
        try self[name].decode(T.self)
    }
}
