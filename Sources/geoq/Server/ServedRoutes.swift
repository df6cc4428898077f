import Hummingbird
import Synchronization

/// The routes a router serves, with their paths as OpenAPI writes them, read from the router
/// itself once its route collections are added: each route is declared once, in its
/// collection's `add(to:)`, and `openapi.yaml` is held to this list by a test.
///
/// The error middleware must be added before the routes it guards, so it holds this list and
/// reads it when a request comes; `record(_:)` fills it after the routes are added.
final class ServedRoutes: Sendable {
    private let routes = Mutex<[(method: HTTPRequest.Method, path: String)]>([])

    /// Every (method, path) served; empty until `record(_:)`.
    var all: [(method: HTTPRequest.Method, path: String)] { routes.withLock { $0 } }

    /// Reads the routes `router` serves now.
    func record(_ router: Router<some RequestContext>) {
        let served = Self.table(of: router)
        routes.withLock { $0 = served }
    }

    /// The routes `router` serves, its paths as OpenAPI writes them. O(routes).
    static func table(of router: Router<some RequestContext>) -> [(method: HTTPRequest.Method, path: String)] {
        router.routes.map { ($0.method, openAPIPath($0.path.description)) }
    }

    /// A router path in OpenAPI's spelling: the tile route's last segment, which the router
    /// captures whole (`{tile}`, "3.png"), is `{y}.png` in OpenAPI.
    static func openAPIPath(_ routerPath: String) -> String {
        routerPath.replacingOccurrences(of: "{tile}", with: "{y}.png")
    }
}
