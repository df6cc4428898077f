import Foundation
import Geo
import Hummingbird

/// `/healthz`, `/metrics`, `/openapi.yaml`.
struct OperationsRoutes<Context: RequestContext> {
    let openAPISpec: Data

    func add(to router: Router<Context>) {
        router.get("/healthz") { _, _ in try EncodedAnswer.json(["status": "ok"]) }
        router.get("/metrics") { _, _ in
            Response.data(Data(ServerMetrics.registry.emitToBuffer()), contentType: "text/plain; version=0.0.4")
        }
        router.get("/openapi.yaml") { _, _ in Response.data(self.openAPISpec, contentType: "application/yaml") }
    }
}
