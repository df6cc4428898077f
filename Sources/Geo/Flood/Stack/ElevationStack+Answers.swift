import Foundation

extension ElevationStack: FloodAnswering {
    /// Whole-grid figures: the base's (a mosaic's total would count a fine model's area twice).
    public func stats(rise: Double) throws -> FloodStats {
        var stats = try base.flood.stats(rise: rise)
        stats.source = base.source
        return stats
    }

    /// Figures for a box, from the finest model covering all of it (an on-demand tile among
    /// them: `boxModel(covering:)`), else the base.
    public func stats(rise: Double, bbox: GeoBBox) throws -> FloodStats {
        try boxStats(bbox) { try $0.stats(rise: rise, bbox: bbox) }
    }

    /// A point, from the finest model covering it, the on-demand entry's tile among them
    /// (fetched and nested on first use). Where the entry has no tile, the models loaded at
    /// start answer, the base's answer saying so; where its tile has no data (a void), or its
    /// source cannot be reached, they answer too, and the answer's `notes` say so. O(fine models) on top of the model's answer.
    public func point(latitude: Double, longitude: Double) throws -> FloodPoint {
        let cell = fineCell(latitude: latitude, longitude: longitude)
        var unreachable: GeoError? = nil, noTile: String? = nil, voidOf: String? = nil, offline = false
        let asked = onDemand != nil && onDemandOutranks(cell.map { fineIndexes[$0.model] })
        if asked, let onDemand { offline = onDemand.isOffline }
        if asked, !offline, let onDemand, onDemand.answersNow(latitude: latitude, longitude: longitude) {
            do {
                switch try onDemand.answer(latitude: latitude, longitude: longitude) {
                case .point(let point): return point
                case .noTile(let note): noTile = note
                case .void(let model, _): voidOf = model
                case .notInMemory: break
                }
            } catch let error as GeoError {
                // Offline, or the endpoint down: the models loaded at start answer, and it is said once.
                guard case .unreachable = error else { throw error }
                unreachable = error
            }
        }
        var point: FloodPoint
        if let cell, fineIndexes[cell.model].index.filledFromBase?.contains(cell.row * fineIndexes[cell.model].index.grid.width + cell.col) != true {
            point = fineIndexes[cell.model].point(row: cell.row, col: cell.col, latitude: latitude, longitude: longitude)
        } else if let cell {
            // A void of the fine model, filled from the base: the base's answer, saying so.
            var basePoint = try base.flood.point(latitude: latitude, longitude: longitude)
            basePoint.source = base.source
            basePoint.notes.append(
                "\(fineIndexes[cell.model].source.model) has no data here (a void); answered from \(base.source.model), "
                    + "\(base.source.cellSizeText) cells")
            point = basePoint
        } else {
            var basePoint = try base.flood.point(latitude: latitude, longitude: longitude)
            basePoint.source = base.source
            if let noTile { basePoint.source?.model += " (\(noTile))" }
            point = basePoint
        }
        if let voidOf, let source = point.source {
            // The on-demand tile's void, answered as a fine model's given by hand is.
            point.notes.append("\(voidOf) has no data here (a void); answered from \(source.model), \(source.cellSizeText) cells")
        }
        if let unreachable, let onDemand { onDemand.recordUnreachable(unreachable, answeredBy: point.source) }
        if offline || unreachable != nil, let onDemand { point.notes.append(onDemand.unreachableNote(answeredBy: point.source)) }
        return point
    }

    /// Whether the on-demand entry answers the point, rather than a loaded model. O(fine models).
    public func onDemandAnswers(latitude: Double, longitude: Double) -> Bool {
        guard onDemand != nil else { return false }
        return onDemandOutranks(fineCell(latitude: latitude, longitude: longitude).map { fineIndexes[$0.model] })
    }

    /// Each pixel from the finest model covering it: the base's picture, with every fine model
    /// that reaches into it painted over it, coarsest first, the on-demand entry's tiles in
    /// memory among them where the pixels are fine enough (`onDemandTiles(longitudes:latitudes:)`).
    /// A fine model renders only the pixels inside its footprint. O(pixels × models overlapping).
    public func render(rise: Double, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)?) throws -> RasterImage {
        try render(surface: .level(rise), longitudes: longitudes, latitudes: latitudes, hatchOrigin: hatchOrigin)
    }

    /// `render(rise:…)` at a sea surface, each model drawing its cells against it.
    public func render(surface: SeaSurface, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)?) throws -> RasterImage {
        try render(
            surface: surface, longitudes: longitudes, latitudes: latitudes, hatchOrigin: hatchOrigin,
            onDemandTiles: try onDemandTiles(longitudes: longitudes, latitudes: latitudes)?.tiles ?? [])
    }

    /// The globe's relief: the base's (it is drawn whole, at the base's scale).
    public func relief(step: Int) throws -> FloodRelief {
        try base.flood.relief(step: step)
    }

    /// The land newly flooded, from the finest model covering all of the box; a box no model
    /// covers whole but fine models reach into, from each where it reaches
    /// (`mixedClassMask(surface:bbox:)`); else the base.
    public func floodedLand(rise: Double, bbox: GeoBBox?) throws -> FloodedLand {
        try floodedLand(surface: .level(rise), bbox: bbox)
    }

    public func classMask(rise: Double, bbox: GeoBBox?) throws -> RasterImage {
        try classMask(surface: .level(rise), bbox: bbox)
    }

    /// Figures at a sea surface, from the model `stats(rise:bbox:)` (or `stats(rise:)`) takes.
    public func stats(surface: SeaSurface, bbox: GeoBBox?, reportedRise: Double) throws -> FloodStats {
        guard let bbox else {
            var stats = try base.flood.stats(surface: surface, bbox: nil, reportedRise: reportedRise)
            stats.source = base.source
            return stats
        }
        return try boxStats(bbox) { try $0.stats(surface: surface, bbox: bbox, reportedRise: reportedRise) }
    }

    /// The land newly flooded at a sea surface, from the model `floodedLand(rise:bbox:)` takes.
    public func floodedLand(surface: SeaSurface, bbox: GeoBBox?) throws -> FloodedLand {
        let model = try boxModel(covering: bbox)
        if let bbox, model.footprint == nil, let mixed = try mixedClassMask(surface: surface, bbox: bbox) {
            return FloodedLand(mask: mixed.mask, rise: surface.rise, connectivity: mixed.connectivity)
        }
        return try model.flood.floodedLand(surface: surface, bbox: bbox)
    }

    public func classMask(surface: SeaSurface, bbox: GeoBBox?) throws -> RasterImage {
        let model = try boxModel(covering: bbox)
        if let bbox, model.footprint == nil, let mixed = try mixedClassMask(surface: surface, bbox: bbox) { return mixed.mask }
        return try model.flood.classMask(surface: surface, bbox: bbox)
    }

    public var gridDescription: String {
        let loaded = fines.isEmpty ? base.flood.gridDescription : "\(base.flood.gridDescription), with \(fines.count) fine model\(fines.count == 1 ? "" : "s")"
        return onDemand.map { "\(loaded), and \($0.summary)" } ?? loaded
    }
}

extension ElevationStack {
    /// Asks the on-demand entry's source, once, whether it answers, and says so in one line
    /// (`OnDemandAnswering.checkReachability`), naming the models loaded at start as what
    /// answers where it does not; nothing without an entry. Blocks for a few seconds at most
    /// (`CopernicusFetcher.reachabilityTimeLimit`).
    public func checkOnDemandReachability() {
        guard let onDemand else { return }
        let loaded = ([base] + fines).map { "\($0.source.model), \($0.source.cellSizeText) cells" }.joined(separator: "; ")
        onDemand.checkReachability(loadedModels: "the models loaded at start (\(loaded))")
    }
}
