extension SpillIndex {
    /// Flood figures for the cells whose centres fall inside `outline`: the cells of the
    /// outline's box (as `stats(rise:bbox:)` takes them), kept where the centre is inside, each
    /// with its geodesic area. A geographic grid only: its rows are parallels, so each row
    /// is cut by the outline once. O(cells in the box · log crossings + rows · outline points).
    /// - Throws: ``GeoError/unanswerable(subject:reason:)`` when the outline holds no cell centre, or the
    ///   grid is projected.
    public func stats(rise: Double, outline: AreaOutline) throws -> FloodStats {
        try stats(surface: .level(rise), outline: outline, reportedRise: rise)
    }

    /// `stats(rise:outline:)` at a sea surface: each cell against the level where its centre
    /// stands; the figures' `rise` is `reportedRise`. Same complexity.
    public func stats(surface: SeaSurface, outline: AreaOutline, reportedRise: Double) throws -> FloodStats {
        try surface.validate()
        let rise = reportedRise
        guard grid.georeference.isGeographic else {
            throw GeoError.unanswerable(subject: nil, reason: "figures over an outline need a geographic (longitude, latitude) grid; this model is projected")
        }
        let window = try self.window(outline.bbox)
        let c = grid.georeference.geoTransform.coefficients
        var sums = FloodSums(rise: rise)
        for row in window.rows {
            let crossings = outline.crossings(atLatitude: c[3] + (Double(row) + 0.5) * c[5])
            guard !crossings.isEmpty else { continue }
            let area = cellAreas.areaKm2(row: row)
            for run in window.columnRuns {
                for col in run {
                    let longitude = AreaOutline.normalizedLongitude(c[0] + (Double(col) + 0.5) * c[1])
                    guard AreaOutline.isInside(longitude: longitude, crossings: crossings) else { continue }
                    let index = row * grid.width + col
                    let elevation = grid.elevation(atIndex: index)
                    sums.add(
                        area: area, level: levels.level(atIndex: index), elevation: elevation,
                        landShare: landShare(atIndex: index, elevation: elevation),
                        floodedElevation: elevation.map { today?.floodedElevation($0, atIndex: index) ?? $0 },
                        seaLevel: surface.level(row: row, col: col, locator: locator), rampTop: ramp?.top(atIndex: index))
                }
            }
        }
        guard sums.total > 0 else {
            throw GeoError.unanswerable(subject: nil, reason: "the area holds no cell centre of the elevation model: it is smaller than one of its cells")
        }
        return sums.stats
    }
}

extension AreaOutline {
    /// A longitude in −180…<180 (a grid's cell centres may run to 360). O(1).
    static func normalizedLongitude(_ longitude: Double) -> Double {
        var value = longitude.truncatingRemainder(dividingBy: 360)
        if value >= 180 { value -= 360 } else if value < -180 { value += 360 }
        return value
    }
}
