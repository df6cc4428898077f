import Foundation

/// Masks and polygons of a box that loaded fine models reach into but none covers whole
/// (docs/elevation-stack.md, "Boxes across fine models"): drawn as maps are, each cell from the
/// finest model holding its centre, on the cells of the finest model reaching in, so that the
/// polygons a view downloads have the detail its map shows.
extension ElevationStack {
    /// The most cells such a box's mask is made of. Past it the mask's cells are a whole
    /// multiple of the fine model's, each showing the fine cell under its centre, as a map's
    /// pixel does; 2²² cells is a desktop view around one 1° tile at its own 3″ cells.
    public static var mixedBoxCells: Int { 1 << 22 }

    /// The class mask of `bbox` from every model reaching into it, or nil when no geographic
    /// fine model reaches into it, or its cells would be no finer than the base's (the base's
    /// mask is then the answer). O(cells × fine models reaching in).
    func mixedClassMask(surface: SeaSurface, bbox: GeoBBox) throws -> (mask: RasterImage, connectivity: FloodOptions.Connectivity)? {
        let reaching = fineIndexes.indices.filter { fineIndexes[$0].index.grid.georeference.isGeographic && Self.overlap(fines[$0].footprint, bbox) != nil }
        guard let finest = reaching.first else { return nil }
        let georeference = fineIndexes[finest].index.grid.georeference
        let c = georeference.geoTransform.coefficients
        let (cellWidth, cellHeight) = (abs(c[1]), abs(c[5]))
        // The finest model's own cells over the box, then as many of them to a mask cell as the budget asks.
        let firstColumn = ((bbox.west - c[0]) / cellWidth).rounded(.down), firstRow = ((c[3] - bbox.north) / cellHeight).rounded(.down)
        let west = c[0] + firstColumn * cellWidth, north = c[3] - firstRow * cellHeight
        let columns = Int(((bbox.west + bbox.longitudeSpan - west) / cellWidth).rounded(.up))
        let rows = Int(((north - bbox.south) / cellHeight).rounded(.up))
        guard columns > 0, rows > 0 else { return nil }
        let step = max(1, Int((Double(columns) * Double(rows) / Double(Self.mixedBoxCells)).squareRoot().rounded(.up)))
        guard Double(step) * fineIndexes[finest].source.cellSizeM < base.source.cellSizeM else { return nil }
        let width = (columns + step - 1) / step, height = (rows + step - 1) / step
        let (maskWidth, maskHeight) = (cellWidth * Double(step), cellHeight * Double(step))

        // The base's cells whose centres lie in the box, and a cell more around: the mask's edge
        // cells stand in base cells whose centres lie outside it.
        var baseMask = try base.flood.classMask(surface: surface, bbox: bbox)
        if let b = baseMask.georeference?.geoTransform.coefficients {
            let (across, up) = (abs(b[1]), abs(b[5]))
            let whole = bbox.longitudeSpan + 2 * across >= 360
            baseMask = try base.flood.classMask(
                surface: surface,
                bbox: GeoBBox(
                    west: whole ? -180 : LongitudeEdge.west(bbox.west - across), south: max(-90, bbox.south - up),
                    east: whole ? 180 : LongitudeEdge.east(bbox.east + across), north: min(90, bbox.north + up)))
        }
        // Each reaching model's classes over its part of the box; a sliver that holds none of its cells has none.
        let fineMasks: [(model: Model, mask: RasterImage)] = reaching.compactMap { index in
            guard let part = Self.overlap(fines[index].footprint, bbox), let mask = try? fines[index].flood.classMask(surface: surface, bbox: part) else { return nil }
            return (fines[index], mask)
        }
        let noData = FloodClass.noData.rawValue
        var pixels = [UInt8](repeating: noData, count: width * height)
        for row in 0..<height {
            let latitude = north - (Double(row) + 0.5) * maskHeight
            for column in 0..<width {
                let longitude = west + (Double(column) + 0.5) * maskWidth
                var value: UInt8? = nil
                for fine in fineMasks where fine.model.inParts(latitude: latitude, longitude: longitude) {
                    if let class_ = Self.sample(fine.mask, latitude: latitude, longitude: longitude), class_ != noData {
                        value = class_
                        break
                    }
                }
                pixels[row * width + column] = value ?? Self.sample(baseMask, latitude: latitude, longitude: longitude) ?? noData
            }
        }
        var mask = RasterImage(
            width: width, height: height, bandCount: 1, pixels: pixels,
            georeference: Georeference(
                geoTransform: GeoTransform([west, maskWidth, 0, north, 0, -maskHeight]), crsWKT: georeference.crsWKT, isGeographic: true,
                linearUnitMetres: georeference.linearUnitMetres, semiMajorMetres: georeference.semiMajorMetres,
                inverseFlattening: georeference.inverseFlattening))
        mask.nodata = baseMask.nodata
        mask.palette = baseMask.palette
        return (mask, fineIndexes[finest].index.options.connectivity)
    }

    /// The part of `bbox` inside `footprint` (the footprint whole when either crosses ±180°);
    /// nil when they do not meet or there is no footprint. O(1).
    static func overlap(_ footprint: GeoBBox?, _ bbox: GeoBBox) -> GeoBBox? {
        guard let footprint, footprint.south < bbox.north, bbox.south < footprint.north else { return nil }
        let south = max(footprint.south, bbox.south), north = min(footprint.north, bbox.north)
        if footprint.crossesAntimeridian || bbox.crossesAntimeridian || bbox.longitudeSpan >= 360 {
            let meets = bbox.containsLongitude(footprint.west) || bbox.containsLongitude(footprint.east) || footprint.containsLongitude(bbox.west)
            return meets ? GeoBBox(west: footprint.west, south: south, east: footprint.east, north: north) : nil
        }
        let west = max(footprint.west, bbox.west), east = min(footprint.east, bbox.east)
        return west < east ? GeoBBox(west: west, south: south, east: east, north: north) : nil
    }

    /// A geographic mask's value at a point (any turn of longitude); nil off the mask. A point on
    /// a cell's edge (to a millionth of a cell) is the cell east or south of it, whatever the
    /// mask's corner: a 3″ tile's cell centres lie on ETOPO5's cell edges. O(1).
    static func sample(_ mask: RasterImage, latitude: Double, longitude: Double) -> UInt8? {
        guard let c = mask.georeference?.geoTransform.coefficients else { return nil }
        var x = longitude
        while x < c[0] { x += 360 }
        while x >= c[0] + 360 { x -= 360 }
        func cell(_ position: Double) -> Int {
            let nearest = position.rounded()
            return Int(abs(position - nearest) < 1e-6 ? nearest : position.rounded(.down))
        }
        let column = cell((x - c[0]) / c[1]), row = cell((latitude - c[3]) / c[5])
        guard row >= 0, row < mask.height, column >= 0, column < mask.width else { return nil }
        return mask.pixels[row * mask.width + column]
    }
}
