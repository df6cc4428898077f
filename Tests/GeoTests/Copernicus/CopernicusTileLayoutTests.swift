import Foundation
import Testing
@testable import Geo

/// The published layout of the Copernicus DEM's tiles: each tile's cells start half a cell west
/// and north of its whole degrees (the shared east column and south row were dropped). A point
/// on either side of every tile edge is answered from the tile whose cells hold it.
@Suite struct CopernicusTileLayoutTests {
    /// The tile's published extent: west and north half a cell beyond its whole degrees.
    static func extent(_ tile: CopernicusTile) -> (west: Double, south: Double, east: Double, north: Double) {
        let halfColumn = 0.5 / Double(tile.columns), halfRow = 0.5 / Double(tile.resolution.rows)
        return (Double(tile.west) - halfColumn, Double(tile.south) + halfRow, Double(tile.west + 1) - halfColumn, Double(tile.south + 1) + halfRow)
    }

    /// Whether a point lies within a tile's extent, longitudes taken round the circle.
    static func holds(_ tile: CopernicusTile, latitude: Double, longitude: Double) -> Bool {
        let box = extent(tile)
        var lon = longitude
        while lon < box.west { lon += 360 }
        while lon >= box.west + 360 { lon -= 360 }
        return latitude >= box.south && latitude < box.north && lon >= box.west && lon < box.east
    }

    @Test func testHolding_pointsWithinHalfACellOfEveryEdge_takeTheTileWhoseCellsHoldThem() {
        for resolution in CopernicusTile.Resolution.allCases {
            for (south, west) in [(53, 9), (-17, 179), (-1, 30), (0, -1), (62, 25), (-90, -180), (89, 179)] {
                let tile = CopernicusTile(resolution: resolution, south: south, west: west)
                let box = Self.extent(tile)
                let epsilon = 0.1 / Double(resolution.rows)
                // Just inside each edge, and just outside it.
                let middleLatitude = (box.south + box.north) / 2, middleLongitude = (box.west + box.east) / 2
                let inside = [
                    (box.south + epsilon, middleLongitude), (box.north - epsilon, middleLongitude),
                    (middleLatitude, box.west + epsilon), (middleLatitude, box.east - epsilon)
                ]
                for (latitude, longitude) in inside where latitude >= -90 && latitude <= 90 {
                    let normalized = longitude >= 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
                    let found = CopernicusTile.holding(latitude: latitude, longitude: normalized, resolution: resolution)
                    #expect(found == tile, "\(latitude), \(normalized) at GLO-\(resolution.rawValue): \(found.name), expected \(tile.name)")
                    #expect(Self.holds(found, latitude: latitude, longitude: normalized))
                }
            }
        }
    }

    @Test func testHolding_theIssuesPoints() {
        // A point 0.0002° north of 53° N lies in N52's cells at GLO-90 (they reach 53.00042° N).
        #expect(CopernicusTile.holding(latitude: 53.0002, longitude: 9.5, resolution: .glo90).south == 52)
        #expect(CopernicusTile.holding(latitude: 54.0002, longitude: 9.5, resolution: .glo90).south == 53)
        // Just west of 10° E lies in E010's first column.
        #expect(CopernicusTile.holding(latitude: 53.6, longitude: 9.9999, resolution: .glo90).west == 10)
        // Just west of 180° E: the tile W180.
        #expect(CopernicusTile.holding(latitude: -16.5, longitude: 179.9999, resolution: .glo90).west == -180)
        #expect(CopernicusTile.holding(latitude: -16.5, longitude: 179.999, resolution: .glo90).west == 179)
    }

    @Test func testCovering_aBoxTouchingAnEdgeTakesTheTileBeyond() {
        let tiles = CopernicusTile.covering(GeoBBox(west: 9.2, south: 53.0001, east: 9.4, north: 53.5), resolution: .glo90)
        #expect(tiles.map(\.south) == [52, 53] && tiles.allSatisfy { $0.west == 9 })
        let across = CopernicusTile.covering(GeoBBox(west: 179.5, south: -16.9, east: -179.5, north: -16.1), resolution: .glo90)
        #expect(Set(across.map(\.west)) == [179, -180] && across.allSatisfy { $0.south == -17 })
    }
}
