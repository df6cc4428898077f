import Foundation
import Hummingbird
import Testing
@testable import Geo
@testable import geoq

/// The web page's routes through the real router: the page and its files are served byte for
/// byte from `web/` and Debian's Leaflet, and nothing else is reachable through them.
@Suite struct WebRoutesTests {
    static let webFolder = TestRasters.repositoryRoot.appendingPathComponent("web")
    static let leafletFolder = "/usr/share/javascript/leaflet"

    func withRouter(_ router: Router<BasicRequestContext>, _ body: @escaping @Sendable (RouterClient) async throws -> Void) async throws {
        try await Application(router: router).testRouter { client in try await body(client) }
    }

    func withApp(_ body: @escaping @Sendable (RouterClient) async throws -> Void) async throws {
        try await withRouter(GeoqRouter.build(engine: ServiceTests.engine, openAPISpec: ServiceTests.spec), body)
    }

    func file(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func thePageIsServedAtTheRootAndLoadsItsScripts() async throws {
        let page = try file(Self.webFolder.appendingPathComponent("index.html").path)
        try await withApp { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(Data(response.body.readableBytesView) == page)
                let html = String(buffer: response.body)
                for reference in [#"src="/static/geoq.js""#, #"href="/static/geoq.css""#, #"src="/leaflet/leaflet.js""#, #"href="/leaflet/leaflet.css""#] {
                    #expect(html.contains(reference), "\(reference)")
                }
            }
        }
    }

    @Test(arguments: [
        ("/static/geoq.js", "application/javascript; charset=utf-8", "web/geoq.js"),
        ("/static/globe.js", "application/javascript; charset=utf-8", "web/globe.js"),
        ("/static/globe-controls.js", "application/javascript; charset=utf-8", "web/globe-controls.js"),
        ("/static/relief.js", "application/javascript; charset=utf-8", "web/relief.js"),
        ("/static/geoq.css", "text/css; charset=utf-8", "web/geoq.css")
    ])
    func thePagesFilesHaveTheirContentTypes(uri: String, type: String, source: String) async throws {
        let expected = try file(TestRasters.repositoryRoot.appendingPathComponent(source).path)
        try await withApp { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok && response.headers[.contentType] == type)
                #expect(Data(response.body.readableBytesView) == expected)
            }
        }
    }

    /// The page is ES modules importing one another by relative paths ("./globe.js"): every module
    /// in `web/` must be served, and every module imported must be one of them, or the page breaks
    /// in the browser only.
    @Test func everyModuleOfThePageIsServedAndEveryImportNamesOne() async throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.webFolder.path).filter { $0.hasSuffix(".js") }.sorted()
        #expect(names == WebRoutes<BasicRequestContext>.pageModules.sorted())
        let importPattern = try Regex(#"(?:import|export)[^;]*?from\s+"\./([^"]+)"|import\("\./([^"]+)"\)"#)
        let generated = Set(WebRoutes<BasicRequestContext>.generatedModules.keys)
        var imported: Set<String> = []
        for name in names {
            let source = try String(contentsOf: Self.webFolder.appendingPathComponent(name), encoding: .utf8)
            for match in source.matches(of: importPattern) {
                let target = (match.output[1].substring ?? match.output[2].substring).map(String.init) ?? ""
                #expect(names.contains(target) || generated.contains(target), "\(name) imports ./\(target), which is neither in web/ nor written by the service")
                imported.insert(target)
            }
        }
        // Each module but the page's entry is imported by another (none lies unused).
        #expect(imported.union(["geoq.js"]) == Set(names).union(generated), "not imported: \(Set(names).union(generated).subtracting(imported))")
        try await withApp { client in
            for name in names {
                let expected = try file(Self.webFolder.appendingPathComponent(name).path)
                try await client.execute(uri: "/static/" + name, method: .get) { response in
                    #expect(response.status == .ok && response.headers[.contentType] == "application/javascript; charset=utf-8", "\(name)")
                    #expect(Data(response.body.readableBytesView) == expected, "\(name)")
                }
            }
        }
    }

    /// The page's sea levels are the API's: one range, `SpillIndex.riseRange`, served as a module.
    @Test func thePagesSeaLevelRangeIsTheAPIs() async throws {
        try await withApp { client in
            try await client.execute(uri: "/static/sea-level-range.js", method: .get) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "application/javascript; charset=utf-8")
                #expect(String(buffer: response.body).hasSuffix("export const RISE_MIN = -12000, RISE_MAX = 12000;\n"))
            }
            try await client.execute(uri: "/v1/flood?rise=12000&limit=1", method: .get) { response in #expect(response.status == .ok) }
            try await client.execute(uri: "/v1/flood?rise=12001&limit=1", method: .get) { response in #expect(response.status == .badRequest) }
            try await client.execute(uri: "/v1/flood?rise=-12000&limit=1", method: .get) { response in #expect(response.status == .ok) }
        }
    }

    /// The land borders the page draws are data/borders.geojson, byte for byte.
    @Test func theBordersAreServedFromData() async throws {
        let expected = try file(TestRasters.repositoryRoot.appendingPathComponent("data/borders.geojson").path)
        try await withApp { client in
            try await client.execute(uri: "/static/borders.geojson", method: .get) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "application/geo+json")
                #expect(Data(response.body.readableBytesView) == expected)
            }
        }
    }

    @Test func threeJSComesFromTheDebianPackageAndNothingElseOfIt() async throws {
        let folder = WebRoutes<BasicRequestContext>.systemThreeFolder
        try #require(FileManager.default.fileExists(atPath: folder + "/three.min.js"), "libjs-three is not installed (make deps installs it)")
        let script = try file(folder + "/three.min.js")
        try await withApp { client in
            try await client.execute(uri: "/three/three.min.js", method: .get) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "application/javascript; charset=utf-8")
                #expect(response.headers[.cacheControl] == "max-age=86400")
                #expect(Data(response.body.readableBytesView) == script)
            }
            try await client.execute(uri: "/three/three.module.js", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("served here: three.min.js"))
            }
        }
    }

    @Test func withoutThreeJSItsRouteSaysWhatToInstall() async throws {
        let router = Router(context: BasicRequestContext.self), served = ServedRoutes()
        router.add(middleware: APIErrorMiddleware(routes: served))
        WebRoutes<BasicRequestContext>(threeFolder: "/nonexistent").add(to: router)
        served.record(router)
        try await withRouter(router) { client in
            try await client.execute(uri: "/three/three.min.js", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("install the Debian package libjs-three"))
            }
        }
    }

    @Test func leafletComesFromTheDebianPackage() async throws {
        let installed = FileManager.default.fileExists(atPath: Self.leafletFolder + "/leaflet.js")
        try #require(installed, "libjs-leaflet is not installed (make deps installs it)")
        let script = try file(Self.leafletFolder + "/leaflet.js"), icon = try file(Self.leafletFolder + "/images/marker-icon.png")
        try await withApp { client in
            try await client.execute(uri: "/leaflet/leaflet.js", method: .get) { response in
                #expect(response.headers[.contentType] == "application/javascript; charset=utf-8")
                #expect(Data(response.body.readableBytesView) == script)
            }
            try await client.execute(uri: "/leaflet/leaflet.css", method: .get) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "text/css; charset=utf-8")
            }
            try await client.execute(uri: "/leaflet/images/marker-icon.png", method: .get) { response in
                #expect(response.headers[.contentType] == "image/png")
                #expect(Data(response.body.readableBytesView) == icon)
            }
        }
    }

    @Test(arguments: [
        "/static/../Package.swift", "/static/..%2FPackage.swift", "/static/%2E%2E%2FPackage.swift", "/static/..",
        "/leaflet/..%2Fleaflet%2Fleaflet.js", "/leaflet/images/..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd",
        "/leaflet/images/../../../../etc/passwd", "/static//etc/passwd", "/static/%2Fetc%2Fpasswd"
    ])
    func pathTraversalFindsNothing(uri: String) async throws {
        try await withApp { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .notFound, "\(uri)")
                let body = String(buffer: response.body)
                #expect(!body.contains("root:") && !body.contains("PackageDescription"), "\(uri)")
                #expect(body.contains(#""code":"not_found""#) || body.contains(#""code" : "not_found""#), "\(uri): \(body)")
            }
        }
    }

    @Test(arguments: [
        ("/static/index.html", "served here: accessibility.js, api.js, area-card.js, completion.js"), ("/static/secret.txt", "no file /static/secret.txt"),
        ("/leaflet/leaflet.min.js.map", "served here: leaflet.css, leaflet.js"), ("/leaflet/images/evil.png", "no file /leaflet/images/evil.png")
    ])
    func unknownFilesAre404WithTheServedList(uri: String, message: String) async throws {
        try await withApp { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .notFound)
                let error = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: [String: String]])
                #expect(error["error"]?["message"]?.contains(message) == true, "\(uri): \(error)")
            }
        }
    }

    @Test func withoutLeafletThePageStillLoadsAndLeafletsRouteSaysWhatToInstall() async throws {
        let router = Router(context: BasicRequestContext.self), served = ServedRoutes()
        router.add(middleware: APIErrorMiddleware(routes: served))
        let routes = WebRoutes<BasicRequestContext>(pageFolder: Self.webFolder.path, leafletFolder: "/nonexistent/leaflet")
        #expect(!routes.leafletIsInstalled)
        routes.add(to: router)
        served.record(router)
        try await withRouter(router) { client in
            try await client.execute(uri: "/", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/leaflet/leaflet.js", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("/leaflet/leaflet.js is missing on the server (install the Debian package libjs-leaflet)"))
            }
        }
    }
}
