import CGDAL
import Foundation
import Synchronization

/// A WGS 84 ↔ grid-CRS transformation; GDAL's transformation objects are not thread-safe,
/// so each call holds the transformations' mutex (projected grids only; geographic grids never
/// get here).
final class ProjectedTransform: Sendable {
    /// GDAL's two transformation objects, used by one thread at a time.
    private struct Handles {
        let forward: OGRCoordinateTransformationH
        let inverse: OGRCoordinateTransformationH
    }

    private let handles: Mutex<Handles>

    /// One transformation per CRS, made on first use.
    private static let cache = Mutex<[String: ProjectedTransform]>([:])

    static func shared(for wkt: String) -> ProjectedTransform? {
        cache.withLock { cache in
            if let existing = cache[wkt] { return existing }
            guard let created = ProjectedTransform(wkt: wkt) else { return nil }
            cache[wkt] = created
            return created
        }
    }

    private init?(wkt: String) {
        guard let handles = Self.makeHandles(wkt: wkt) else { return nil }
        self.handles = Mutex(handles)
    }

    /// GDAL's transformations between WGS 84 and `wkt`, owned by the caller alone.
    private static func makeHandles(wkt: String) -> sending Handles? {
        GDAL.ensureInitialized()
        let wgs84 = OSRNewSpatialReference(nil), target = OSRNewSpatialReference(wkt)
        defer { OSRDestroySpatialReference(wgs84); OSRDestroySpatialReference(target) }
        guard let wgs84, let target, OSRImportFromEPSG(wgs84, 4326) == OGRERR_NONE else { return nil }
        OSRSetAxisMappingStrategy(wgs84, OAMS_TRADITIONAL_GIS_ORDER)
        OSRSetAxisMappingStrategy(target, OAMS_TRADITIONAL_GIS_ORDER)
        guard let forward = OCTNewCoordinateTransformation(wgs84, target) else { return nil }
        guard let inverse = OCTNewCoordinateTransformation(target, wgs84) else {
            OCTDestroyCoordinateTransformation(forward)
            return nil
        }
        return Handles(forward: forward, inverse: inverse)
    }

    func forward(longitude: Double, latitude: Double) -> (x: Double, y: Double)? {
        handles.withLock { Self.transform($0.forward, longitude, latitude) }
    }

    func inverse(x: Double, y: Double) -> (longitude: Double, latitude: Double)? {
        handles.withLock { Self.transform($0.inverse, x, y) }.map { ($0.x, $0.y) }
    }

    private static func transform(_ handle: OGRCoordinateTransformationH, _ a: Double, _ b: Double) -> (x: Double, y: Double)? {
        var x = a, y = b, z = 0.0
        guard OCTTransform(handle, 1, &x, &y, &z) != 0, x.isFinite, y.isFinite else { return nil }
        return (x, y)
    }
}
