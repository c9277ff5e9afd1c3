import Foundation
import Hummingbird
import Metrics

/// Counts requests and times them per route template and status, through a given metrics factory.
///
/// Labels are the route template (`/api/health/{date}`), never the path a client sent, so
/// the number of series stays bounded and no dates or ids reach the metrics.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let factory: any MetricsFactory

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
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
        let route = context.endpointPath ?? "unmatched"
        let dimensions = [("method", request.method.rawValue), ("route", route), ("status", String(status))]
        Counter(label: "vitals_http_requests_total", dimensions: dimensions, factory: factory).increment()
        let elapsed = ContinuousClock.now - started
        Metrics.Timer(label: "vitals_http_request_duration_seconds",
                      dimensions: [("method", request.method.rawValue), ("route", route)], factory: factory)
            .recordNanoseconds(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }
}
