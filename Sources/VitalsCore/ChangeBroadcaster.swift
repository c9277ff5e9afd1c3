import Foundation

/// Fans committed changes out to every `changeNotifications()` stream.
package final class ChangeBroadcaster: Sendable {
    private let listeners = Locked<[UUID: AsyncStream<Set<SampleType>>.Continuation]>([:])

    package init() {}

    package func stream() -> AsyncStream<Set<SampleType>> {
        let (stream, continuation) = AsyncStream<Set<SampleType>>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        listeners.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.listeners.withLock { _ = $0.removeValue(forKey: id) }
        }
        return stream
    }

    package func publish(_ types: Set<SampleType>) {
        guard !types.isEmpty else { return }
        let current = listeners.withLock { Array($0.values) }
        for continuation in current { continuation.yield(types) }
    }

    package func finish() {
        let current = listeners.withLock { listeners in
            defer { listeners.removeAll() }
            return Array(listeners.values)
        }
        for continuation in current { continuation.finish() }
    }
}
