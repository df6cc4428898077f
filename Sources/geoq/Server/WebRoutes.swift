import Foundation
import Geo
import Hummingbird

/// The web page: `GET /` (the page), `/static/{file}` (its scripts and style, from the repository's
/// `web/` folder), `/leaflet/…` (Leaflet as Debian's `libjs-leaflet` installs it) and `/three/…`
/// (three.js as Debian's `libjs-three` installs it), never copied into the repository. Only the files named here are served: a request names a key of a fixed
/// table, never a path, so no request can reach another file.
struct WebRoutes<Context: RequestContext> {
    /// The repository's `web/` folder, found beside `data/` as `openapi.yaml` is.
    let pageFolder: String?
    /// Where `libjs-leaflet` puts Leaflet.
    let leafletFolder: String
    /// Where `libjs-three` puts three.js.
    let threeFolder: String

    static var systemLeafletFolder: String { "/usr/share/javascript/leaflet" }
    static var systemThreeFolder: String { "/usr/share/javascript/three" }

    /// The page's ES modules under `/static/` (`geoq.js` imports the others; a module added to `web/`
    /// must be named here).
    static var pageModules: [String] {
        [
            "accessibility.js", "api.js", "area-card.js", "completion.js", "downloads.js", "figures.js", "flooded-places.js", "format.js", "fragment.js",
            "frame-all.js", "geoq.js", "globe-camera.js", "globe-controls.js", "globe-labels.js", "globe-motion.js", "globe-passes.js", "globe-shaders.js",
            "globe-view.js", "globe.js", "map-labels.js", "map-view.js", "message.js", "palette.js", "place-card.js", "projection-select.js", "relief.js", "resolution-note.js",
            "sea-level-scale.js", "sea-level.js", "visible-area.js"
        ]
    }
    /// Modules the service writes itself, from the library's own declarations, so the page and the
    /// API cannot disagree: `sea-level-range.js` holds the sea levels the API takes
    /// (`SpillIndex.riseRange`), which bound the page's slider, number field and links.
    static var generatedModules: [String: String] {
        let range = SpillIndex.riseRange
        return [
            "sea-level-range.js": "// Written by geoq serve from SpillIndex.riseRange: the sea levels the API takes.\n"
                + "export const RISE_MIN = \(Int(range.lowerBound)), RISE_MAX = \(Int(range.upperBound));\n"
        ]
    }
    /// Files of `data/` the page draws, under `/static/`: the land borders (`make data` writes them).
    static var dataFiles: [String: String] { ["borders.geojson": "application/geo+json"] }
    /// The page's own files under `/static/`: its modules and its style.
    static var pageFiles: [String: String] {
        var files = Dictionary(uniqueKeysWithValues: pageModules.map { ($0, "application/javascript; charset=utf-8") })
        files["geoq.css"] = "text/css; charset=utf-8"
        return files
    }
    /// three.js (release 111 in Debian 12), for the globe, under `/three/`.
    static var threeFiles: [String: String] { ["three.min.js": "application/javascript; charset=utf-8"] }
    /// Leaflet's script and style under `/leaflet/`.
    static var leafletFiles: [String: String] { ["leaflet.js": "application/javascript; charset=utf-8", "leaflet.css": "text/css; charset=utf-8"] }
    /// The images `leaflet.css` refers to (`url(images/…)`), under `/leaflet/images/`.
    static var leafletImages: [String: String] {
        Dictionary(uniqueKeysWithValues: ["layers.png", "layers-2x.png", "marker-icon.png", "marker-icon-2x.png", "marker-shadow.png"].map { ($0, "image/png") })
    }

    init(
        pageFolder: String? = ShippedData.repositoryFile("web"), leafletFolder: String = Self.systemLeafletFolder,
        threeFolder: String = Self.systemThreeFolder
    ) {
        self.pageFolder = pageFolder
        self.leafletFolder = leafletFolder
        self.threeFolder = threeFolder
    }

    /// Whether Leaflet is where the page expects it; without it the page loads and says what to install.
    var leafletIsInstalled: Bool { FileManager.default.isReadableFile(atPath: leafletFolder + "/leaflet.js") }
    /// Whether three.js is there; without it the page keeps to the map and says what to install.
    var threeIsInstalled: Bool { FileManager.default.isReadableFile(atPath: threeFolder + "/three.min.js") }

    func add(to router: Router<Context>) {
        if !leafletIsInstalled {
            // Said once at start-up: the page still loads and shows the same advice.
            FileHandle.standardError.write(Data("geoq: Leaflet not found in \(leafletFolder) (Debian package libjs-leaflet); the web page at / cannot show its map\n".utf8))
        }
        if !threeIsInstalled {
            FileHandle.standardError.write(Data("geoq: three.js not found in \(threeFolder) (Debian package libjs-three); the web page cannot show its globe\n".utf8))
        }
        router.get("/") { _, _ in try self.page(folder: self.pageFolder, file: "index.html", type: "text/html; charset=utf-8") }
        router.get("/static/{file}") { _, context in
            if let name = context.parameters.get("file"), let source = Self.generatedModules[name] {
                return Response.data(Data(source.utf8), contentType: "application/javascript; charset=utf-8", headers: [.cacheControl: "no-cache"])
            }
            if let name = context.parameters.get("file"), Self.dataFiles[name] != nil {
                let folder = ShippedData.path(of: name).map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
                return try self.serve(name, from: Self.dataFiles, folder: folder, route: "/static/", cache: "max-age=86400")
            }
            return try self.serve(context.parameters.get("file"), from: Self.pageFiles, folder: self.pageFolder, route: "/static/", cache: "no-cache")
        }
        router.get("/leaflet/{file}") { _, context in
            try self.serve(context.parameters.get("file"), from: Self.leafletFiles, folder: self.leafletFolder, route: "/leaflet/", cache: "max-age=86400")
        }
        router.get("/three/{file}") { _, context in
            try self.serve(context.parameters.get("file"), from: Self.threeFiles, folder: self.threeFolder, route: "/three/", cache: "max-age=86400")
        }
        router.get("/leaflet/images/{file}") { _, context in
            try self.serve(context.parameters.get("file"), from: Self.leafletImages, folder: self.leafletFolder + "/images", route: "/leaflet/images/", cache: "max-age=86400")
        }
    }

    private func page(folder: String?, file: String, type: String) throws -> Response {
        guard let folder, let data = FileManager.default.contents(atPath: folder + "/" + file) else {
            throw APIError(status: .notFound, code: "not_found", message: "the web page's files were not found (expected web/\(file) beside data/)")
        }
        return .data(data, contentType: type, headers: [.cacheControl: "no-cache"])
    }

    private func serve(_ name: String?, from table: [String: String], folder: String?, route: String, cache: String) throws -> Response {
        guard let name, let type = table[name] else {
            throw APIError(status: .notFound, code: "not_found", message: "no file \(route)\(name ?? ""); served here: \(table.keys.sorted().joined(separator: ", "))")
        }
        guard let folder, let data = FileManager.default.contents(atPath: folder + "/" + name) else {
            let advice =
                route.hasPrefix("/leaflet/")
                ? " (install the Debian package libjs-leaflet)"
                : route == "/three/" ? " (install the Debian package libjs-three)" : ""
            throw APIError(status: .notFound, code: "not_found", message: "\(route)\(name) is missing on the server\(advice)")
        }
        return .data(data, contentType: type, headers: [.cacheControl: cache])
    }
}
