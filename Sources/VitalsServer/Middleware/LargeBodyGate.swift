import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// Lets at most a few large request bodies be read at once; more are refused with 503 and
/// `Retry-After` before a byte of them is read.
///
/// A body is large when its `Content-Length` is at least ``threshold`` or it has none (chunked
/// uploads of exports). Each large body holds a slot until its answer is made, so a handful of
/// clients uploading gigabytes cannot take every thread and all memory from the phones' small
/// syncs, which are never held back.
struct LargeBodyGate<Context: RequestContext>: RouterMiddleware {
    /// The shared count of slots in use.
    final class Slots: Sendable {
        private let used = Mutex(0)
        let limit: Int

        init(limit: Int) { self.limit = limit }

        /// Takes a slot; false when all are taken.
        func take() -> Bool {
            used.withLock { used in
                guard used < limit else { return false }
                used += 1
                return true
            }
        }

        func give() {
            used.withLock { $0 -= 1 }
        }
    }

    let slots: Slots
    /// Bodies at least this long (or of unknown length) are large.
    let threshold: Int
    /// Seconds a refused client is asked to wait.
    static var retryAfter: Int { 5 }

    init(limit: Int, threshold: Int) {
        slots = Slots(limit: limit)
        self.threshold = threshold
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard [.post, .put, .patch].contains(request.method), isLarge(request) else {
            return try await next(request, context)
        }
        guard slots.take() else {
            var refusal = APIError(
                .serviceUnavailable, code: "busy",
                "\(slots.limit) large uploads are being read; retry after \(Self.retryAfter) s")
            refusal.retryAfter = Self.retryAfter
            throw refusal
        }
        defer { slots.give() }
        return try await next(request, context)
    }

    private func isLarge(_ request: Request) -> Bool {
        guard let length = request.headers[.contentLength].flatMap(Int.init) else { return true }
        return length >= threshold
    }
}
