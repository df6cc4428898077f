import Foundation
import Geo
import Hummingbird
import Logging
import Metrics
import Prometheus

/// The service's router: every route collection, the middleware around them, one error format.
enum GeoqRouter {
    /// Largest request body accepted (`POST /v1/region`); larger ones get 413.
    static let maximumBodyBytes = 4 << 20

    /// Memory for completion answers by default, in MiB (see `AnswerCache`).
    static let defaultCompletionCacheMiB = 32

    /// The router over `engine`. The routes it serves are those its collections add
    /// (`ServedRoutes.table(of:)`), which `openapi.yaml` must describe exactly. Each GET route
    /// also answers HEAD: the router's HEAD twin of a GET route keeps GET's status and headers,
    /// and NIO's HTTP encoder writes no body for HEAD (RFC 9110 §9.3.2).
    /// `accessLog`: a Common Log Format line a request (`AccessLogMiddleware`); without it the
    /// log holds the errors only.
    static func build(
        engine: QueryEngine, openAPISpec: Data,
        completionCacheMiB: Int = defaultCompletionCacheMiB, accessLog: Bool = false
    ) -> Router<BasicRequestContext> {
        ServerMetrics.bootstrapOnce()
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        if accessLog { router.add(middleware: AccessLogMiddleware()) }
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: CORSMiddleware(allowOrigin: .all, allowMethods: [.get, .post, .head, .options]))
        let served = ServedRoutes()
        router.add(middleware: APIErrorMiddleware(routes: served))
        OperationsRoutes<BasicRequestContext>(openAPISpec: openAPISpec).add(to: router)
        FloodRoutes<BasicRequestContext>(engine: engine).add(to: router)
        PlaceRoutes<BasicRequestContext>(engine: engine, completions: AnswerCache(byteLimit: completionCacheMiB << 20)).add(to: router)
        LabelRoutes<BasicRequestContext>(engine: engine).add(to: router)
        RegionRoutes<BasicRequestContext>(engine: engine).add(to: router)
        ReliefRoutes<BasicRequestContext>(engine: engine).add(to: router)
        WebRoutes<BasicRequestContext>().add(to: router)
        served.record(router)
        return router
    }
}
