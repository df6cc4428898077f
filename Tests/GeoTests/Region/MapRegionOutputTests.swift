import Testing
@testable import Geo

/// The JSON and GeoJSON forms of a region, read back with the JSON reader.
@Suite struct MapRegionOutputTests {
    private let fiji = [(-18.0, 178.0), (-17.5, 178.5), (-17.0, 179.5), (-16.5, -179.5), (-16.0, -179.0), (51.5, -0.1)]

    private func numbers(_ value: JSONValue?) -> [Double] {
        value?.array?.compactMap(\.number) ?? []
    }

    @Test func jsonHoldsEveryField() throws {
        let region = try frame(fiji, RegionOptions(viewport: try Viewport(width: 800, height: 600)))
        let json = try JSONReader.parse(Array(JSONOutput.encode(region)))
        #expect(json["center"]?["latitude"]?.number == region.center.latitude)
        #expect(json["span"]?["longitudeDelta"]?.number == region.span.longitudeDelta)
        #expect(numbers(json["bbox"]) == region.bounds.rfc7946)
        #expect(numbers(json["pointBounds"]) == [178, -18, -179, -16])
        #expect(numbers(json["trimmedIndices"]) == [5])
        #expect(json["keptCount"]?.number == 5 && json["pointCount"]?.number == 6)
        #expect(json["zoom"]?.number == Double(region.zoom!))
        #expect(try JSONReader.parse(Array(JSONOutput.encode(frame(fiji))))["zoom"] == nil)
    }

    @Test func geoJSONCutsARegionAcrossTheAntimeridianInTwo() throws {
        let set = try PointSet(latitudes: fiji.map(\.0), longitudes: fiji.map(\.1))
        let region = try RegionFramer().frame(set)
        let collection = try JSONReader.parse(Array(JSONOutput.encode(region.geoJSON(points: set))))
        #expect(collection["type"]?.string == "FeatureCollection")
        #expect(numbers(collection["bbox"]) == region.bounds.rfc7946)
        let features = try #require(collection["features"]?.array)
        #expect(features.count == 2)

        let geometry = try #require(features[0]["geometry"])
        #expect(geometry["type"]?.string == "MultiPolygon")
        let polygons = try #require(geometry["coordinates"]?.array)
        let rings = polygons.compactMap { $0.array?.first?.array?.map(numbers) }
        #expect(rings.count == 2)
        let (west, south, east, north) = (region.bounds.west, region.bounds.south, region.bounds.east, region.bounds.north)
        #expect(rings[0] == [[west, south], [180, south], [180, north], [west, north], [west, south]])
        #expect(rings[1] == [[-180, south], [east, south], [east, north], [-180, north], [-180, south]])
        #expect(rings.allSatisfy { signedArea($0) > 0 }, "RFC 7946 exterior rings are counterclockwise")

        #expect(features[1]["properties"]?["role"]?.string == "trimmed")
        #expect(features[1]["properties"]?["index"]?.number == 5)
        #expect(numbers(features[1]["geometry"]?["coordinates"]) == [-0.1, 51.5])
    }

    @Test func geoJSONDrawsAnOrdinaryRegionAsOnePolygon() throws {
        let set = try PointSet(latitudes: [48.85, 48.86, 0], longitudes: [2.35, 2.29, 0])
        let region = try RegionFramer().frame(set)
        let collection = try JSONReader.parse(Array(JSONOutput.encode(region.geoJSON(points: set))))
        let geometry = try #require(collection["features"]?.array?.first?["geometry"])
        #expect(geometry["type"]?.string == "Polygon")
        let ring = try #require(geometry["coordinates"]?.array?.first?.array?.map(numbers))
        #expect(ring.count == 5 && ring.first == ring.last && signedArea(ring) > 0)
        #expect(collection["features"]?.array?.count == 2)
    }

    /// Twice the shoelace area: positive for a counterclockwise ring.
    private func signedArea(_ ring: [[Double]]) -> Double {
        zip(ring, ring.dropFirst()).reduce(0) { $0 + $1.0[0] * $1.1[1] - $1.1[0] * $1.0[1] }
    }
}
