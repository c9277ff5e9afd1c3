import Foundation
import VitalsCore

/// Remembers recent query answers per type so repeated reads are cheap and a failing read can
/// fall back to the last good answer (seed 000 "Query Failure Handling").
///
/// A write to a type drops that type's entries; entries older than `lifetime` are not served
/// as fresh (other processes may have written), but remain available as stale fallbacks.
final class QueryCache: Sendable {
    enum Key: Hashable, Sendable {
        case samples(SampleType, SamplePredicate, Int?)
        case statistics(StatisticsQuery)

        var type: SampleType {
            switch self {
            case .samples(let type, _, _): type
            case .statistics(let query): query.type
            }
        }
    }

    private struct Entry {
        var value: any Sendable
        var storedAt: Date
    }

    private let entries = Locked<[Key: Entry]>([:])
    private let lifetime: TimeInterval
    private let capacity: Int
    private let now: @Sendable () -> Date

    init(lifetime: TimeInterval, capacity: Int, now: @escaping @Sendable () -> Date) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.now = now
    }

    /// A fresh cached value, if there is one.
    func fresh<Value: Sendable>(_ key: Key, as: Value.Type = Value.self) -> Value? {
        let current = now()
        return entries.withLock { entries in
            guard let entry = entries[key], current.timeIntervalSince(entry.storedAt) < lifetime else { return nil }
            return entry.value as? Value
        }
    }

    /// Any cached value, however old (for stale fallback).
    func any<Value: Sendable>(_ key: Key, as: Value.Type = Value.self) -> Value? {
        entries.withLock { $0[key]?.value as? Value }
    }

    func store<Value: Sendable>(_ value: Value, for key: Key) {
        guard capacity > 0 else { return }
        let entry = Entry(value: value, storedAt: now())
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }

    /// Drops every entry for these types.
    func invalidate(_ types: Set<SampleType>) {
        guard !types.isEmpty else { return }
        entries.withLock { entries in
            entries = entries.filter { !types.contains($0.key.type) }
        }
    }
}
