import Foundation
import VitalsCore

/// The last good answer of each recent query, served (marked stale) when HealthKit fails.
final class HealthKitAnswerCache: Sendable {
    /// Which query an answer belongs to.
    enum Key: Hashable, Sendable {
        case samples(SampleType, SamplePredicate, Int?)
        case statistics(StatisticsQuery)
        case sources(SampleType?)
    }

    /// How many answers are kept; the oldest go first.
    static let capacity = 128
    private let entries = Locked<(values: [Key: any Sendable], order: [Key])>(([:], []))

    func store(_ value: some Sendable, for key: Key) {
        entries.withLock { entries in
            if entries.values.updateValue(value, forKey: key) == nil { entries.order.append(key) }
            while entries.order.count > Self.capacity {
                entries.values.removeValue(forKey: entries.order.removeFirst())
            }
        }
    }

    func value<Value: Sendable>(for key: Key, as type: Value.Type) -> Value? {
        entries.withLock { $0.values[key] as? Value }
    }

    func removeAll() {
        entries.withLock { $0 = ([:], []) }
    }
}
