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

    /// Every route served, as OpenAPI writes them; `openapi.yaml` must describe exactly these.
    /// Each GET route also answers HEAD: the router's HEAD twin of a GET route keeps GET's status
    /// and headers, and NIO's HTTP encoder writes no body for HEAD (RFC 9110 §9.3.2).
    static let routeTable: [(method: HTTPRequest.Method, path: String)] = [
        (.get, "/healthz"), (.get, "/metrics"), (.get, "/openapi.yaml"),
        (.get, "/v1/flood"), (.get, "/v1/flood/point"), (.get, "/v1/flood/places"), (.get, "/v1/places/largest"), (.get, "/v1/tiles/{z}/{x}/{y}.png"),
        (.get, "/v1/projections"), (.get, "/v1/relief"), (.get, "/v1/palette"),
        (.get, "/v1/complete"), (.get, "/v1/postcode/check"), (.post, "/v1/region"),
        (.get, "/"), (.get, "/static/{file}"), (.get, "/leaflet/{file}"), (.get, "/leaflet/images/{file}"), (.get, "/three/{file}"),
    ]

    /// Memory for completion answers by default, in MiB (see `AnswerCache`).
    static let defaultCompletionCacheMiB = 32

    static func build(engine: QueryEngine, openAPISpec: Data,
                      completionCacheMiB: Int = defaultCompletionCacheMiB) -> Router<BasicRequestContext> {
        ServerMetrics.bootstrapOnce()
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: LogRequestsMiddleware(.info))
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: CORSMiddleware(allowOrigin: .all, allowMethods: [.get, .post, .head, .options]))
        router.add(middleware: APIErrorMiddleware(routes: routeTable))
        OperationsRoutes<BasicRequestContext>(openAPISpec: openAPISpec).add(to: router)
        FloodRoutes<BasicRequestContext>(engine: engine).add(to: router)
        PlaceRoutes<BasicRequestContext>(engine: engine, completions: AnswerCache(byteLimit: completionCacheMiB << 20)).add(to: router)
        LabelRoutes<BasicRequestContext>(engine: engine).add(to: router)
        RegionRoutes<BasicRequestContext>(engine: engine).add(to: router)
        ReliefRoutes<BasicRequestContext>(engine: engine).add(to: router)
        WebRoutes<BasicRequestContext>().add(to: router)
        return router
    }
}
