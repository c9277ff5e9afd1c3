import Foundation
import VitalsCore

/// Remembers recent query answers per type so repeated reads are cheap and, when a query fails, the
/// read can fall back to the last good answer.
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

    private struct State {
        var entries: [Key: Entry] = [:]
        /// Bumped by every write to a type, so a read that raced a write cannot cache old data.
        var generations: [SampleType: Int] = [:]
    }

    private let state = Locked(State())
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
        return state.withLock { state in
            guard let entry = state.entries[key], current.timeIntervalSince(entry.storedAt) < lifetime else {
                return nil
            }
            return entry.value as? Value
        }
    }

    /// The write generation of `type`; pass it to `store` to cache only if no write came between.
    func generation(of type: SampleType) -> Int {
        state.withLock { $0.generations[type] ?? 0 }
    }

    /// Any cached value, however old (for stale fallback).
    func any<Value: Sendable>(_ key: Key, as: Value.Type = Value.self) -> Value? {
        state.withLock { $0.entries[key]?.value as? Value }
    }

    /// Caches `value` unless the key's type was written since `generation` was read.
    func store<Value: Sendable>(_ value: Value, for key: Key, generation: Int) {
        guard capacity > 0 else { return }
        let entry = Entry(value: value, storedAt: now())
        state.withLock { state in
            guard (state.generations[key.type] ?? 0) == generation else { return }
            if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = entry
        }
    }

    /// Drops every entry for these types.
    func invalidate(_ types: Set<SampleType>) {
        guard !types.isEmpty else { return }
        state.withLock { state in
            for type in types { state.generations[type, default: 0] += 1 }
            state.entries = state.entries.filter { !types.contains($0.key.type) }
        }
    }
}
