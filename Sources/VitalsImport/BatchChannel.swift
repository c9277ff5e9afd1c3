import Foundation
import Synchronization

/// A bounded hand-off of batches from one producing task to one consuming task.
///
/// Back-pressure without blocking a thread: ``send(_:)`` suspends the producer while
/// `capacity` batches wait, ``next()`` suspends the consumer while none do. The producer ends
/// the stream with ``finish(throwing:)``; a consumer that stops early calls ``close()``, after
/// which sends return false at once. Both sides measure how long they waited, for the import's
/// timing report.
final class BatchChannel<Element: Sendable>: Sendable {
    private struct State {
        var buffer: [Element] = []
        var finished = false
        var failure: (any Error)?
        var closed = false
        /// The producer, suspended on a full channel.
        var sender: CheckedContinuation<Void, Never>?
        /// The consumer, suspended on an empty channel.
        var receiver: CheckedContinuation<Element?, any Error>?
        var senderWait: Duration = .zero
        var receiverWait: Duration = .zero
    }

    private enum SendStep {
        case delivered
        case refused
        case wait
        case resume(CheckedContinuation<Element?, any Error>)
    }

    private enum ReceiveStep {
        case now(Element?, sender: CheckedContinuation<Void, Never>?)
        case failed(any Error)
        case wait
    }

    private let state = Mutex(State())
    private let capacity: Int

    /// A channel holding at most `capacity` batches.
    init(capacity: Int = 8) { self.capacity = max(1, capacity) }

    /// Hands a batch over, suspending while the channel is full; false once the consumer closed it.
    func send(_ element: Element) async -> Bool {
        while true {
            let step: SendStep = state.withLock { state in
                if state.closed { return .refused }
                if let receiver = state.receiver {
                    state.receiver = nil
                    return .resume(receiver)
                }
                guard state.buffer.count < capacity else { return .wait }
                state.buffer.append(element)
                return .delivered
            }
            switch step {
            case .delivered: return true
            case .refused: return false
            case .resume(let receiver):
                receiver.resume(returning: element)
                return true
            case .wait:
                let started = ContinuousClock.now
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        let resumeNow = state.withLock { state in
                            guard !state.closed, state.buffer.count >= capacity, !Task.isCancelled else { return true }
                            state.sender = continuation
                            return false
                        }
                        if resumeNow { continuation.resume() }
                    }
                } onCancel: {
                    state.withLock { state in
                        defer { state.sender = nil }
                        return state.sender
                    }?.resume()
                }
                let waited = ContinuousClock.now - started
                state.withLock { $0.senderWait += waited }
                if Task.isCancelled { return false }
            }
        }
    }

    /// Ends the stream: the consumer gets the batches still waiting, then nil or `error`.
    func finish(throwing error: (any Error)? = nil) {
        let receiver = state.withLock { state in
            state.finished = true
            state.failure = error
            defer { state.receiver = nil }
            return state.buffer.isEmpty ? state.receiver : nil
        }
        if let error { receiver?.resume(throwing: error) } else { receiver?.resume(returning: nil) }
    }

    /// The next batch, suspending while the channel is empty; nil at the end; rethrows the
    /// producer's error. One task at a time may wait.
    ///
    /// Runs in the caller's isolation: a batch already waiting is taken without leaving the
    /// caller's executor (the local import's writer queue), so the writer hops threads only
    /// when it has to wait.
    nonisolated(nonsending) func next() async throws -> Element? {
        let started = ContinuousClock.now
        let element: Element? = try await withCheckedThrowingContinuation { continuation in
            let step: ReceiveStep = state.withLock { state in
                if !state.buffer.isEmpty {
                    let element = state.buffer.removeFirst()
                    defer { state.sender = nil }
                    return .now(element, sender: state.sender)
                }
                if state.finished {
                    if let failure = state.failure { return .failed(failure) }
                    return .now(nil, sender: nil)
                }
                state.receiver = continuation
                return .wait
            }
            switch step {
            case .now(let element, let sender):
                sender?.resume()
                continuation.resume(returning: element)
            case .failed(let error): continuation.resume(throwing: error)
            case .wait: break
            }
        }
        let waited = ContinuousClock.now - started
        state.withLock { $0.receiverWait += waited }
        return element
    }

    /// The consumer stops early: waiting and later sends return false.
    func close() {
        let sender = state.withLock { state in
            state.closed = true
            state.buffer.removeAll()
            defer { state.sender = nil }
            return state.sender
        }
        sender?.resume()
    }

    /// Seconds the producer waited on a full channel and the consumer on an empty one.
    var waits: (producer: Double, consumer: Double) {
        state.withLock { state in (Self.seconds(state.senderWait), Self.seconds(state.receiverWait)) }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
