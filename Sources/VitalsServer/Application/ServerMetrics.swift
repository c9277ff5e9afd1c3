import Metrics
import Prometheus

/// The server's metrics: a Prometheus registry of its own, fed through swift-metrics.
///
/// Each application has its own registry (no process-wide bootstrap), so several servers in
/// one process, as in tests, keep separate counts.
public struct ServerMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    public let factory: PrometheusMetricsFactory

    public init() {
        registry = PrometheusCollectorRegistry()
        factory = PrometheusMetricsFactory(registry: registry)
    }
}
