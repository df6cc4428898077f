import Foundation
import Hummingbird
@testable import Geo
@testable import geoq

extension RouterClient {
    /// Runs `body` against the service's router over `engine` (the route suites whose engine is
    /// built per test).
    static func with(_ engine: QueryEngine, _ body: @escaping @Sendable (RouterClient) async throws -> Void) async throws {
        let app = Application(router: GeoqRouter.build(engine: engine, openAPISpec: ServiceTests.spec))
        try await app.testRouter { client in try await body(client) }
    }
}
