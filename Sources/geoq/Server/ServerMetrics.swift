import Metrics
import Prometheus

/// Prometheus as the swift-metrics backend, bootstrapped once per process.
enum ServerMetrics {
    static let registry = PrometheusCollectorRegistry()
    private static let bootstrap: Void = { MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry)) }()
    static func bootstrapOnce() { _ = bootstrap }
}
