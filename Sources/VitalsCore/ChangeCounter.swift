import Foundation

/// Counts the changes to a store's data, so an open page can tell it has fallen behind.
///
/// The dashboard's pages that show a day (Today, Day, the server's Sync page) carry the count
/// they were drawn at; its script asks `GET /changes` every little while and, when the count
/// has moved, fetches the page again and swaps its content in place. A local SQLite store
/// counts by its change anchor; a server user by their ingest log.
public protocol ChangeCounter: Sendable {
    /// A number that rises with every write to the data and never falls.
    func changeCount() async throws -> Int64
}
