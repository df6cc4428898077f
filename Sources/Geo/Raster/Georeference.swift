import Foundation

/// Where a grid's cells are on the Earth: its geotransform and coordinate reference system.
public struct Georeference: Sendable, Equatable {
    /// Pixel ↔ map coordinates (map x is longitude for geographic grids).
    public var geoTransform: GeoTransform
    /// The CRS as WKT, kept to write outputs in the grid's own CRS.
    public var crsWKT: String
    /// True for latitude/longitude grids.
    public var isGeographic: Bool
    /// For projected grids: metres per map unit.
    public var linearUnitMetres: Double
    /// The ellipsoid, for geodesic cell areas.
    public var semiMajorMetres: Double
    public var inverseFlattening: Double

    /// WGS 84, the CRS of the embedded DEM and of every coordinate a user gives.
    public static let wgs84WKT = """
        GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],\
        UNIT["degree",0.0174532925199433],AUTHORITY["EPSG","4326"]]
        """

    public init(
        geoTransform: GeoTransform, crsWKT: String, isGeographic: Bool,
        linearUnitMetres: Double = 1, semiMajorMetres: Double = 6_378_137,
        inverseFlattening: Double = 298.257223563
    ) {
        self.geoTransform = geoTransform
        self.crsWKT = crsWKT
        self.isGeographic = isGeographic
        self.linearUnitMetres = linearUnitMetres
        self.semiMajorMetres = semiMajorMetres
        self.inverseFlattening = inverseFlattening
    }

    /// A WGS 84 lat/lon grid whose top-left corner is (west, north), with square cells of `cellDegrees`.
    public static func geographic(west: Double, north: Double, cellDegrees: Double) -> Georeference {
        Georeference(
            geoTransform: GeoTransform([west, cellDegrees, 0, north, 0, -cellDegrees]),
            crsWKT: wgs84WKT, isGeographic: true)
    }

    /// True when `width` columns cover the full 360° of longitude, so the grid wraps east–west.
    public func coversAllLongitudes(width: Int) -> Bool {
        guard isGeographic, geoTransform.isNorthUp else { return false }
        let cell = abs(geoTransform.coefficients[1])
        return abs(Double(width) * cell - 360) < cell * 0.01
    }

    /// True when the last of `width` columns repeats the first (centres 360° apart), a common
    /// way of storing global grids that must not count the seam twice.
    public func repeatsSeamColumn(width: Int) -> Bool {
        guard isGeographic, geoTransform.isNorthUp, width > 1 else { return false }
        let cell = abs(geoTransform.coefficients[1])
        return abs(Double(width - 1) * cell - 360) < cell * 0.01
    }
}
