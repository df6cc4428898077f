import Foundation
import Synchronization

/// The outlines of the countries and regions completion knows (`data/areas.geojson.gz`: a
/// GeoJSON FeatureCollection of Polygons and MultiPolygons, each with a numeric `id`
/// property equal to its place's id in `areas.tsv.gz`), read from the file the first time one
/// is asked for, then kept: a command that never asks about an area never reads it.
/// A class shared by the engine's copies; the file is read once, under a lock.
public final class AreaOutlines: Sendable {
    /// The file read, plain or gzip.
    public let path: String
    private let loaded = Mutex<[Int: AreaOutline]?>(nil)

    public init(path: String) { self.path = path }

    /// Outlines given directly (tests, and callers that built their own).
    public init(outlines: [Int: AreaOutline]) {
        path = ""
        loaded.withLock { $0 = outlines }
    }

    /// The outline of the place with id `id`, nil when the file has none. The first call reads
    /// the file: O(file size); then O(1).
    /// - Throws: ``GeoError/unreadableFile(path:message:)`` when the file is missing or does
    ///   not parse, naming the feature at fault.
    public func outline(id: Int) throws -> AreaOutline? {
        try loaded.withLock { cache in
            if cache == nil { cache = try Self.read(path) }
            return cache?[id]
        }
    }

    /// Reads and checks the file now, not at the first question: what a service does at start,
    /// so a missing or damaged file stops it in one line. O(file size) once.
    /// - Throws: as ``outline(id:)``.
    public func load() throws {
        _ = try outline(id: 0)
    }

    /// Every outline of the GeoJSON file at `path` by its `id` property. O(file size).
    public static func read(_ path: String) throws -> [Int: AreaOutline] {
        // Said as what it is (GazetteerFile's own words expect a places TSV); a FIFO never opened.
        switch AtomicFile.kind(of: path) {
        case .regular: break
        case .missing:
            throw GeoError.unreadableFile(path: path, message: "no such file; expected the outlines of the areas (a GeoJSON FeatureCollection, optionally gzip-compressed)")
        case .directory, .special:
            throw GeoError.unreadableFile(
                path: path, message: "is not a regular file; expected the outlines of the areas (a GeoJSON FeatureCollection, optionally gzip-compressed)")
        }
        let bytes: [UInt8]
        do {
            bytes = try GazetteerFile.read(path)
        } catch let error as GazetteerError {
            throw GeoError.unreadableFile(path: path, message: "\(error)")
        }
        return try parse(bytes, path: path)
    }

    /// Every outline of GeoJSON `bytes` by its `id` property. O(size).
    static func parse(_ bytes: [UInt8], path: String) throws -> [Int: AreaOutline] {
        func fail(_ message: String) -> GeoError {
            .unreadableFile(path: path, message: message + "; expected a GeoJSON FeatureCollection of Polygons and MultiPolygons with a numeric id property")
        }
        let root: JSONValue
        do { root = try JSONReader.parse(bytes) } catch let error as JSONReader.SyntaxError { throw fail("\(error)") }
        guard root["type"]?.string == "FeatureCollection", let features = root["features"]?.array else {
            throw fail("not a FeatureCollection")
        }
        var outlines: [Int: AreaOutline] = [:]
        for (index, feature) in features.enumerated() {
            guard let id = feature["properties"]?["id"]?.number, id == id.rounded(), let geometry = feature["geometry"] else {
                throw fail("feature \(index) has no numeric id")
            }
            let polygons: [JSONValue]
            switch geometry["type"]?.string {
            case "Polygon": polygons = [geometry["coordinates"] ?? .null]
            case "MultiPolygon": polygons = geometry["coordinates"]?.array ?? []
            default: throw fail("feature \(index) is not a Polygon or MultiPolygon")
            }
            var rings: [[(longitude: Double, latitude: Double)]] = []
            for polygon in polygons {
                guard let polygonRings = polygon.array else { throw fail("feature \(index) has a polygon that is not an array of rings") }
                for ring in polygonRings {
                    var points: [(longitude: Double, latitude: Double)] = []
                    for position in ring.array ?? [] {
                        guard let pair = position.array, pair.count >= 2, let lon = pair[0].number, let lat = pair[1].number,
                            abs(lon) <= 180, abs(lat) <= 90
                        else {
                            throw fail("feature \(index) has a position that is not [longitude, latitude] in range")
                        }
                        points.append((lon, lat))
                    }
                    rings.append(points)
                }
            }
            guard let outline = AreaOutline(rings: rings) else { throw fail("feature \(index) has no ring of three points or more") }
            outlines[Int(id)] = outline
        }
        return outlines
    }
}
