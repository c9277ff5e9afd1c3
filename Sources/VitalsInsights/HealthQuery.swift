import Foundation
import VitalsCore

/// A read of records from a store over `[from, to)`.
///
/// `fetch` never throws: when the store is unavailable, the type unreadable or the query
/// failing, it returns what it can (often nothing) rather than an error. `predicate` is the exact
/// predicate `fetch` uses, so views and calculations can share it.
public protocol HealthQuery: Sendable {
    /// What one result is.
    associatedtype Record: Sendable

    /// The sample predicate for `[from, to)`.
    func predicate(from: Date, to: Date) -> SamplePredicate

    /// The records in `[from, to)`.
    func fetch(from: Date, to: Date, store: any HealthStore) async -> [Record]
}
