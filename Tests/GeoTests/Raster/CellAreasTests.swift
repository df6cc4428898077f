import Foundation
import Testing
@testable import Geo

@Suite struct CellAreasTests {
    @Test func aGlobalGridAddsUpToTheWGS84Surface() throws {
        // The surface of the WGS 84 ellipsoid is 510,065,621.7 km² (Moritz 2000, Geodetic Reference System 1980, same a and f to 1e-9).
        let grid = try ElevationGrid(
            width: 360, height: 180, samples: .int16(Array(repeating: 0, count: 360 * 180)),
            georeference: .geographic(west: -180, north: 90, cellDegrees: 1))
        let areas = CellAreas(grid: grid)
        let total = areas.rowAreasKm2.reduce(0, +) * 360
        #expect(abs(total - 510_065_621.7) < 1.0)
        #expect(abs(areas.areaKm2(row: 0) - areas.areaKm2(row: 179)) < 1e-9, "hemispheres are symmetric")
        #expect(areas.areaKm2(row: 90) > areas.areaKm2(row: 0) * 50, "equatorial cells dwarf polar ones")
    }

    @Test func onASphereABandIsTwoPiRSquaredTimesTheSineDifference() {
        let sphere = EllipsoidBand(semiMajorMetres: 6_371_000, inverseFlattening: 0)
        let expected = 2 * Double.pi * 6371.0 * 6371.0 * (sin(30 * Double.pi / 180) - sin(0))
        #expect(abs(sphere.areaKm2(between: 0, and: 30, deltaLongitudeRadians: 2 * .pi) - expected) < 1e-3)
        #expect(
            sphere.areaKm2(between: 89, and: 95, deltaLongitudeRadians: 1) == sphere.areaKm2(between: 89, and: 90, deltaLongitudeRadians: 1),
            "latitudes beyond the pole are clamped")
    }

    @Test func projectedCellsArePixelAreasInKilometres() throws {
        let reference = Georeference(geoTransform: GeoTransform([0, 250, 0, 0, 0, -400]), crsWKT: "", isGeographic: false)
        let grid = try ElevationGrid(width: 2, height: 2, samples: .int16([0, 0, 0, 0]), georeference: reference)
        #expect(CellAreas(grid: grid).rowAreasKm2 == [0.1, 0.1])
    }
}
