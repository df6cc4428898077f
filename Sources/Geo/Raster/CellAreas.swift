import Foundation

/// The area of every cell of a grid, in km², one value per row.
///
/// Geographic grids: the exact area of the ellipsoidal quadrangle between the row's two
/// parallels (authalic formula), so the cells of a global grid add up to the ellipsoid's surface.
/// Projected grids: the pixel's area in the CRS's linear unit.
public struct CellAreas: Sendable {
    /// Area of one cell in each row, top row first.
    public let rowAreasKm2: [Double]

    /// Computes the row areas of `grid`. O(height).
    public init(grid: ElevationGrid) {
        self.init(georeference: grid.georeference, height: grid.height)
    }

    /// The row areas of a grid of `height` rows with this georeference. O(height).
    public init(georeference reference: Georeference, height: Int) {
        if reference.isGeographic {
            let c = reference.geoTransform.coefficients
            let deltaLongitude = abs(c[1]) * .pi / 180
            let band = EllipsoidBand(
                semiMajorMetres: reference.semiMajorMetres,
                inverseFlattening: reference.inverseFlattening)
            rowAreasKm2 = (0..<height).map { row in
                let edgeA = c[3] + Double(row) * c[5], edgeB = edgeA + c[5]
                return band.areaKm2(between: edgeA, and: edgeB, deltaLongitudeRadians: deltaLongitude)
            }
        } else {
            let metres = reference.linearUnitMetres
            let area = reference.geoTransform.pixelArea * metres * metres / 1e6
            rowAreasKm2 = Array(repeating: area, count: height)
        }
    }

    /// The area of the cell at `row`. O(1).
    @inlinable public func areaKm2(row: Int) -> Double { rowAreasKm2[row] }
}

/// Areas of latitude bands on an ellipsoid of revolution.
struct EllipsoidBand {
    let semiMinor: Double
    let eccentricity: Double

    init(semiMajorMetres a: Double, inverseFlattening: Double) {
        let flattening = inverseFlattening > 0 ? 1 / inverseFlattening : 0
        semiMinor = a * (1 - flattening)
        eccentricity = sqrt(flattening * (2 - flattening))
    }

    /// Area in km² between two parallels (degrees, any order, clamped to ±90°) over Δλ.
    func areaKm2(between latitudeA: Double, and latitudeB: Double, deltaLongitudeRadians: Double) -> Double {
        let low = max(-90, min(latitudeA, latitudeB)), high = min(90, max(latitudeA, latitudeB))
        guard high > low else { return 0 }
        let b2 = semiMinor * semiMinor
        return b2 * deltaLongitudeRadians / 2 * (authalicTerm(high) - authalicTerm(low)) / 1e6
    }

    /// q(φ) = sinφ/(1−e²sin²φ) + ln((1+e sinφ)/(1−e sinφ))/(2e); on a sphere it tends to 2 sinφ.
    private func authalicTerm(_ latitudeDegrees: Double) -> Double {
        let s = sin(latitudeDegrees * .pi / 180)
        let e = eccentricity
        guard e > 1e-12 else { return 2 * s }
        return s / (1 - e * e * s * s) + log((1 + e * s) / (1 - e * s)) / (2 * e)
    }
}
