import Foundation
import Hummingbird
import Metrics
import Synchronization

/// Counts requests and times them per route template and status, through a given metrics factory.
///
/// Labels are the route template (`/api/health/{date}`), never the path a client sent, so
/// the number of series stays bounded and no dates or ids reach the metrics. The counter and
/// timer of each label set are made once and kept (``Handles``), not looked up per request.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    private let handles: Handles

    init(factory: any MetricsFactory) {
        handles = Handles(factory: factory)
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context: context, status: response.status.code, since: started)
            return response
        } catch let error as any HTTPResponseError {
            record(request, context: context, status: error.status.code, since: started)
            throw error
        } catch {
            record(request, context: context, status: 500, since: started)
            throw error
        }
    }

    private func record(_ request: Request, context: Context, status: Int, since started: ContinuousClock.Instant) {
        let (counter, timer) = handles.metrics(
            method: request.method.rawValue, route: context.endpointPath ?? "unmatched",
            status: status)
        counter.increment()
        let elapsed = ContinuousClock.now - started
        timer.recordNanoseconds(
            elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }

    /// The counter and timer of each (method, route, status), made on first use.
    final class Handles: Sendable {
        private struct Key: Hashable {
            let method: String
            let route: String
            let status: Int
        }

        private let factory: any MetricsFactory
        private let made = Mutex<[Key: (Counter, Metrics.Timer)]>([:])

        init(factory: any MetricsFactory) {
            self.factory = factory
        }

        func metrics(method: String, route: String, status: Int) -> (Counter, Metrics.Timer) {
            let key = Key(method: method, route: route, status: status)
            return made.withLock { made in
                if let found = made[key] { return found }
                let counter = Counter(
                    label: "vitals_http_requests_total",
                    dimensions: [("method", method), ("route", route), ("status", String(status))], factory: factory)
                let timer = Metrics.Timer(
                    label: "vitals_http_request_duration_seconds",
                    dimensions: [("method", method), ("route", route)], factory: factory)
                // Bounded: methods of unmatched requests are whatever a client sent.
                if made.count < 1_000 { made[key] = (counter, timer) }
                return (counter, timer)
            }
        }
    }
}
