import CGDAL
import Foundation

/// A WGS 84 ↔ grid-CRS transformation; GDAL's transformation objects are not thread-safe,
/// so each call takes a lock (projected grids only; geographic grids never get here).
final class ProjectedTransform: @unchecked Sendable {
    private let forwardTransform: OGRCoordinateTransformationH
    private let inverseTransform: OGRCoordinateTransformationH
    private let lock = NSLock()

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [String: ProjectedTransform] = [:]

    static func shared(for wkt: String) -> ProjectedTransform? {
        cacheLock.lock(); defer { cacheLock.unlock() }
        if let existing = cache[wkt] { return existing }
        guard let created = ProjectedTransform(wkt: wkt) else { return nil }
        cache[wkt] = created
        return created
    }

    private init?(wkt: String) {
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
        forwardTransform = forward
        inverseTransform = inverse
    }

    func forward(longitude: Double, latitude: Double) -> (x: Double, y: Double)? {
        transform(forwardTransform, longitude, latitude)
    }

    func inverse(x: Double, y: Double) -> (longitude: Double, latitude: Double)? {
        transform(inverseTransform, x, y).map { ($0.x, $0.y) }
    }

    private func transform(_ handle: OGRCoordinateTransformationH, _ a: Double, _ b: Double) -> (x: Double, y: Double)? {
        lock.lock(); defer { lock.unlock() }
        var x = a, y = b, z = 0.0
        guard OCTTransform(handle, 1, &x, &y, &z) != 0, x.isFinite, y.isFinite else { return nil }
        return (x, y)
    }
}
