import Foundation

/// Runs blocking work (a raw socket, a child process) on a thread of its own, not on the
/// cooperative pool the server under test needs.
func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}
