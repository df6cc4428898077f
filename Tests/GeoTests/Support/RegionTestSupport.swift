@_spi(Testing) @testable import Geo

/// Frames points given as (latitude, longitude) pairs; by the seed's recipe unless told otherwise.
func frame(
    _ points: [(Double, Double)], _ options: RegionOptions = RegionOptions(mode: .locator),
    runSearch: RegionFramer.RunSearch = .automatic
) throws -> MapRegion {
    let set = try PointSet(latitudes: points.map(\.0), longitudes: points.map(\.1))
    return try RegionFramer(options: options, runSearch: runSearch).frame(set)
}

/// Whether two degree values agree to a nanodegree (hand-computed decimals are not exact in binary).
func close(_ a: Double, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether a box matches `[west, south, east, north]` to a nanodegree.
func close(_ box: GeoBBox, _ expected: [Double]) -> Bool {
    zip(box.rfc7946, expected).allSatisfy { close($0, $1) }
}
