import Foundation
import VitalsStore

/// Counts the changes to a scope's data, so an open page can tell it has fallen behind.
///
/// The pages that show a day (Today, Day, the server's Sync page) carry the count they were
/// drawn at; the dashboard's script asks `GET /changes` every
/// ``DashboardConfiguration/liveUpdateInterval`` and, when the count has moved, fetches the page
/// again and swaps its content in place: no reload, no framework.
public protocol ChangeCounter: Sendable {
    /// A number that rises with every write to the scope's data and never falls.
    func changeCount() async throws -> Int64
}

/// A local store's count: its change anchor, which every save, edit and deletion advances,
/// whichever process made it (`vitals import` beside `vitals dashboard`).
public struct StoreChangeCounter: ChangeCounter {
    /// The store whose anchor is read.
    public let store: SQLiteHealthStore

    /// Counts `store`'s changes.
    public init(store: SQLiteHealthStore) { self.store = store }

    public func changeCount() async throws -> Int64 { try await store.currentAnchor().rawValue }
}
