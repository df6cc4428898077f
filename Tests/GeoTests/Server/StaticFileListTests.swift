import Foundation
import Hummingbird
import Testing
import Yams
@testable import geoq

/// `openapi.yaml` names every file `/static/{file}` serves, and no other.
@Suite struct StaticFileListTests {
    @Test func theDeclaredStaticFilesAreTheServedOnes() throws {
        let url = TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml")
        let document = try #require(try Yams.load(yaml: String(contentsOf: url, encoding: .utf8)) as? [String: Any])
        let route = (document["paths"] as? [String: Any])?["/static/{file}"] as? [String: Any]
        let parameter = ((route?["get"] as? [String: Any])?["parameters"] as? [[String: Any]])?.first { $0["name"] as? String == "file" }
        let declared = try #require((parameter?["schema"] as? [String: Any])?["enum"] as? [String])
        typealias Routes = WebRoutes<BasicRequestContext>
        let served = Set(Routes.pageFiles.keys).union(Routes.generatedModules.keys).union(Routes.dataFiles.keys)
        #expect(Set(declared) == served, "declared only: \(Set(declared).subtracting(served).sorted()); served only: \(served.subtracting(declared).sorted())")
    }
}
