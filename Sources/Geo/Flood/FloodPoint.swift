import Foundation

/// What the flood model says about one place.
public struct FloodPoint: Sendable, Equatable, Encodable {
    /// The point asked about.
    public var latitude: Double
    public var longitude: Double
    /// Centre of the grid cell that answered.
    public var cellLatitude: Double
    public var cellLongitude: Double
    /// Elevation of the cell in metres, nil where the grid has no data.
    public var elevation: Double?
    /// The lowest sea level at which the cell is water; −∞ always, +∞ never.
    public var spillLevel: Double
    /// The elevation model that answered (set by the elevation stack).
    public var source: FloodModelSource? = nil
    /// What the place is today, from the coastline; nil for a model flooded without one (then
    /// a cell at or below 0 m that the sea reaches is sea today).
    public var today: Today? = nil
    /// The range of elevations of the 3 × 3 cells around the cell, metres (nil: not known).
    public var reliefM: Double? = nil
    /// The answering grid's cell size, metres, for a grid answering without a `source`.
    public var gridCellSizeM: Double? = nil
    /// The sea level the question was about, for the confidence in the answer (nil: today's, 0 m).
    public var askedRise: Double? = nil
    /// Why the place's level is not resolved, nil when it is. Such an answer is always `low`.
    public var unresolvedLevel: UnresolvedLevel? = nil
    /// What keeps the answer from the model that would have given it, one line each: the
    /// on-demand entry's source that could not be reached, and what answered instead
    /// (`OnDemandAnswering.unreachableNote(answeredBy:)`). Empty, and left out of JSON, otherwise.
    public var notes: [String] = []
    /// Whether the place's level is not resolved (`unresolvedLevel`).
    public var levelUnresolved: Bool { unresolvedLevel != nil }

    /// Why a model cannot tell how high a place on land stands, or where the shore is.
    public enum UnresolvedLevel: UInt8, Sendable, Equatable, CaseIterable {
        /// Land in a coarse cell that holds sea, whose one height, at or below 0 m, is its sea's.
        case cellHoldsSea
        /// Land the model puts lower than any land defences keep dry (`lowestDefendedLandM`).
        case belowDefendedLand
        /// Land a coarse model does not resolve (a cell that holds sea, or that it puts at or
        /// below 0 m), modelled on a ramp from the shore (`CoastalRamp`, `rampTopM`).
        case modelledBelowTheCell
        /// A point in a coastline cell the shoreline crosses: land or sea, finer than the mask.
        case shoreFinerThanMask
        /// A point in the sea by the coastline, within about a cell of the mask's land.
        case seaBesideShore
    }

    /// Where the model's land is `modelledBelowTheCell`: the top of its ramp, metres (the land
    /// rises from 0 m at the shore to it). Nil otherwise.
    public var rampTopM: Double? = nil

    /// The lowest land defences keep dry lies about 7 m below the sea (the Zuidplaspolder,
    /// −6.8 m; Lammefjord, −7 m; docs/confidence.md). Land by the coastline that a model puts
    /// below −10 m, where the sea reaches it, has the sea floor's height or the model's error
    /// there, not the land's: its level is not resolved.
    public static let lowestDefendedLandM = -10.0

    /// What a place is today.
    public enum Today: String, Sendable, Equatable, Encodable, CaseIterable {
        /// The sea, by the coastline (and, on a fine model, water at 0 m).
        case sea
        /// Land above the sea's level, or that the sea does not reach.
        case land
        /// Land at or below the sea's level that the sea would reach: dry today, kept so by
        /// defences or lower than the model resolves. It floods when the sea rises.
        case landBelowSeaLevel = "land below sea level"
        /// A lake (the Caspian): not the sea, reached only when the sea tops its shores.
        case lake
    }

    public init(
        latitude: Double, longitude: Double, cellLatitude: Double, cellLongitude: Double, elevation: Double?,
        spillLevel: Double, source: FloodModelSource? = nil
    ) {
        (self.latitude, self.longitude, self.cellLatitude, self.cellLongitude) = (latitude, longitude, cellLatitude, cellLongitude)
        (self.elevation, self.spillLevel, self.source) = (elevation, spillLevel, source)
    }

    /// True when the place is water at `rise`: the sea where its level is at or below the rise;
    /// land (below sea level or not) only when the sea stands above today's.
    public func isWater(atRise rise: Double) -> Bool {
        switch today {
        case .land?, .landBelowSeaLevel?, .lake?: return rise > 0 && spillLevel <= rise
        case .sea?, nil: return spillLevel <= rise
        }
    }

    /// True when the place is sea today: by the coastline where the model has one, else water at
    /// the present sea level on the model that answered.
    public var isSeaToday: Bool { today.map { $0 == .sea } ?? (spillLevel <= 0) }

    /// "under water from +12 m", "always under water", "never under water", "sea today", or
    /// land below sea level; a cell that is sea today on a model without a coastline says so,
    /// with the model's cell when known, rather than offering a fall of the sea.
    public var spillDescription: String {
        if spillLevel == -.infinity { return "always under water" }
        if spillLevel == .infinity { return "never under water (the sea cannot reach it)" }
        switch today {
        case .sea? where unresolvedLevel == .seaBesideShore:
            return "sea today by today's coastline, within about a cell of its land: the shore here is finer than the coastline's cells"
        case .sea?: return "sea today (by today's coastline)"
        case .landBelowSeaLevel?:
            // A height that is not the land's (the cell's sea, or the sea floor) says nothing of
            // when the land floods: Valletta, on 50 m cliffs, sits in a 9 km cell of -103 m.
            switch unresolvedLevel {
            case .cellHoldsSea?:
                return "land, but this model cannot tell its height: its \(cellSizeText) cell takes in the sea nearby, "
                    + "and the \(FloodPoint.signed(spillLevel)) m it gives is the sea's"
            case .belowDefendedLand?:
                return "land, but this model cannot tell its height: the \(FloodPoint.signed(spillLevel)) m it gives is lower than any "
                    + "land defences keep dry (the sea floor's height, or the model's error)"
            case nil, .modelledBelowTheCell?, .shoreFinerThanMask?, .seaBesideShore?:
                return "below sea level today (\(FloodPoint.signed(spillLevel)) m): dry, kept so by defences or lower than this model resolves; "
                    + "under water as soon as the sea rises (defences are not modelled)"
            }
        case .land? where unresolvedLevel == .modelledBelowTheCell:
            let top = rampTopM.map { FloodPoint.signed(($0 * 10).rounded() / 10) } ?? "?"
            return "near the coast, where this model's \(cellSizeText) cells do not show how high the land stands: "
                + "taken to rise from 0 m at the shore to about \(top) m, half of it under water from \(FloodPoint.signed((spillLevel * 10).rounded() / 10)) m"
        case .land?, .lake?: return "under water from \(FloodPoint.signed(spillLevel)) m"
        case nil:
            if isSeaToday {
                guard let source else { return "sea today on this model (its cell is water at the present sea level)" }
                return "sea today on this model: its \(source.cellSizeText) cell of \(source.model) is water"
            }
            return "under water from \(FloodPoint.signed(spillLevel)) m"
        }
    }

    /// Plainly, whether the place is under water at `rise`: "under water at +2 m (…)", "dry at
    /// +2 m (under water from +17 m)", "sea today …", or, where the confidence at that rise is
    /// low, that this model cannot tell, and what it alone says. Without a rise, the level it
    /// floods from (`spillDescription`).
    public func answer(atRise rise: Double?) -> String {
        guard let rise else { return spillDescription }
        if isSeaToday || spillLevel == -.infinity { return spillDescription }
        if confidence(atRise: rise).level == .low {
            return "cannot tell at this model's resolution whether it is under water at \(FloodPoint.signed(rise)) m; the model alone says "
                + (isWater(atRise: rise) ? "under water" : "dry") + " (\(spillDescription))"
        }
        return isWater(atRise: rise)
            ? "under water at \(FloodPoint.signed(rise)) m (\(spillDescription))"
            : "dry at \(FloodPoint.signed(rise)) m (\(spillDescription))"
    }

    /// The answering model's cell size in words: "9.3 km", "93 m".
    var cellSizeText: String {
        source?.cellSizeText ?? FloodModelSource(model: "this model", cellSizeM: gridCellSizeM ?? 0, role: .base).cellSizeText
    }

    /// The model's published vertical error for this answer, metres (`VerticalAccuracy`).
    public var verticalAccuracyM: Double {
        VerticalAccuracy.of(model: source?.model ?? "this model", cellSizeM: source?.cellSizeM ?? gridCellSizeM ?? 0)
    }

    /// ±u, how well the place's level is known, metres (`AnswerConfidence`).
    ///
    /// The relief counts in full for cells of 1 km or more, where a place may stand anywhere in
    /// its cell's span of heights; for finer cells in proportion to the cell, where the
    /// neighbours' spread is roofs and trees more than the place's own uncertainty.
    public var uncertaintyM: Double {
        let cellSize = source?.cellSizeM ?? gridCellSizeM ?? 1000
        return AnswerConfidence.uncertainty(verticalAccuracyM: verticalAccuracyM, reliefM: (reliefM ?? 0) * min(1, cellSize / 1000))
    }

    /// The level of `confidence(atRise:)` alone, without its sentence. O(1).
    public func confidenceLevel(atRise rise: Double? = nil) -> AnswerConfidence.Level {
        if today == .sea, (rise ?? 0) >= 0 { return unresolvedLevel == .seaBesideShore ? .low : .high }
        if levelUnresolved { return .low }
        return AnswerConfidence.level(placeLevel: spillLevel, asked: rise ?? 0, uncertaintyM: uncertaintyM)
    }

    /// How sure the answer to "is it under water at `rise`?" is (`AnswerConfidence`).
    public func confidence(atRise rise: Double? = nil) -> AnswerConfidence {
        let model = source?.model ?? "this model"
        let accuracy = verticalAccuracyM
        let relief = reliefM ?? 0
        let cellText = cellSizeText
        if today == .sea, (rise ?? 0) >= 0 {
            if unresolvedLevel == .seaBesideShore {
                return AnswerConfidence(
                    level: .low,
                    reason: "cannot tell: the sea today by today's coastline (GSHHG), but within about one of its cells of land, "
                        + "and the shore here is finer than the coastline's cells: this point may stand on land")
            }
            return AnswerConfidence(level: .high, reason: "the sea today, by today's coastline (GSHHG): water at any level at or above today's")
        }
        if unresolvedLevel == .modelledBelowTheCell {
            let top = rampTopM.map { FloodPoint.signed(($0 * 10).rounded() / 10) } ?? "?"
            return AnswerConfidence(
                level: .low,
                reason: "cannot tell at this model's resolution: its \(cellText) cells do not show how high the land near the coast stands; "
                    + "it is taken to rise from 0 m at the shore to about \(top) m (a sub-grid model, not a measurement)")
        }
        if unresolvedLevel == .shoreFinerThanMask {
            return AnswerConfidence(
                level: .low,
                reason: "cannot tell: the shore crosses today's coastline cell here, so this point may be land or sea, "
                    + "and \(model)'s \(cellText) cells do not resolve it")
        }
        if unresolvedLevel == .belowDefendedLand {
            return AnswerConfidence(
                level: .low,
                reason: "cannot tell at this model's resolution: its \(cellText) cell puts this land at "
                    + "\(FloodPoint.signed(elevation ?? spillLevel)) m, below any land defences keep dry (about -7 m at the lowest): that height is the sea floor's "
                    + "or the model's error, not the land's")
        }
        if levelUnresolved {
            return AnswerConfidence(
                level: .low,
                reason: "cannot tell at this model's resolution: the \(cellText) cell holds sea and land, and its one height "
                    + "(\(FloodPoint.signed(elevation ?? spillLevel)) m) is the sea's, not the land's")
        }
        return AnswerConfidence.assess(
            placeLevel: spillLevel, asked: rise ?? 0, uncertaintyM: uncertaintyM,
            verticalAccuracyM: accuracy, reliefM: relief, cellSizeText: cellText, model: model)
    }

    /// The answer for a place that stands on land (a town, an airport, a postal code's point)
    /// where the coastline's cell at its point holds only ocean beside cells that hold land: the
    /// island or spit it stands on is finer than the coastline's cells (an atoll's capital), so
    /// it is land on its cell's land, and `low`. Any other answer is returned as it is. O(1).
    public func standingOnLand() -> FloodPoint {
        guard today == .sea, unresolvedLevel == .seaBesideShore, let elevation else { return self }
        var point = self
        point.today = .land
        point.unresolvedLevel = rampTopM == nil ? .shoreFinerThanMask : .modelledBelowTheCell
        point.spillLevel = rampTopM.map(CoastalRamp.medianLevel(top:)) ?? max(spillLevel, elevation, 0)
        return point
    }

    /// A level with its sign, whole metres without decimals: "+12", "-3.5", "+0".
    public static func signed(_ metres: Double) -> String {
        let text = metres == metres.rounded() && abs(metres) < 1e9 ? String(Int(metres)) : FixedDecimal.text(metres, digits: 2)
        return metres >= 0 && !text.hasPrefix("+") ? "+" + text : text
    }
}

extension FloodPoint {
    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, cellLatitude, cellLongitude, elevationM, spillLevelM, flooding, today, confidence, uncertaintyM, source, notes
    }

    /// JSON has no infinity: a spill level of ±∞ is null, and `flooding` says which it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(cellLatitude, forKey: .cellLatitude)
        try container.encode(cellLongitude, forKey: .cellLongitude)
        try container.encode(elevation, forKey: .elevationM)
        try container.encode(spillLevel.isFinite ? spillLevel : nil, forKey: .spillLevelM)
        try container.encode(spillDescription, forKey: .flooding)
        try container.encodeIfPresent(today, forKey: .today)
        try container.encode(confidence(atRise: askedRise), forKey: .confidence)
        try container.encode((uncertaintyM * 10).rounded() / 10, forKey: .uncertaintyM)
        try container.encodeIfPresent(source, forKey: .source)
        if !notes.isEmpty { try container.encode(notes, forKey: .notes) }
    }
}

extension SpillIndex {
    /// The elevation and spill level at a WGS 84 point. O(1) for geographic grids.
    public func point(latitude: Double, longitude: Double) throws -> FloodPoint {
        let point = try GeoPoint.validated(latitude: latitude, longitude: longitude)
        guard let (row, col) = locator.cell(latitude: point.latitude, longitude: point.longitude) else {
            throw GeoError.invalidInput(.point, "\(latitude),\(longitude) is outside the DEM's extent; expected a point on it")
        }
        return self.point(row: row, col: col, latitude: latitude, longitude: longitude)
    }

    /// The answer for the cell at `row`, `col`, asked about at a point inside it. O(1).
    /// With a coastline, a place on land takes its cell's land level (the higher of the spill
    /// level and the elevation), and what it is today comes from the coastline: on a coarse
    /// model at the place itself, on a fine one from its cell.
    func point(row: Int, col: Int, latitude: Double, longitude: Double) -> FloodPoint {
        let index = row * grid.width + col
        let centre = locator.centre(row: row, col: col) ?? (longitude, latitude)
        let elevation = grid.elevation(atIndex: index).map(ElevationGrid.answered)
        let level = ElevationGrid.answered(levels.level(atIndex: index))
        var point = FloodPoint(
            latitude: latitude, longitude: longitude, cellLatitude: centre.latitude,
            cellLongitude: centre.longitude, elevation: elevation, spillLevel: level)
        point.reliefM = relief(row: row, col: col)
        point.gridCellSizeM = FloodModelSource.cellMetres(grid.georeference)
        guard let today, let elevation else { return point }
        let surface: CoastlineMask.Surface
        var maskCell: (row: Int, col: Int)? = nil
        switch today.regime {
        case .coarse:
            let cell = today.mask.cell(latitude: latitude, longitude: longitude)
            maskCell = cell
            surface = today.mask.surface(row: cell.row, col: cell.col)
        case .fine: surface = today.holdsOcean(atIndex: index) ? .ocean : .land
        }
        switch surface {
        case .ocean:
            point.today = .sea
            if let maskCell, today.mask.landBeside(row: maskCell.row, col: maskCell.col) {
                point.unresolvedLevel = .seaBesideShore
                // The land the cell holds, should the point be a place on it (`standingOnLand`).
                point.rampTopM = ramp?.top(atIndex: index)
            }
        case .land, .lake, .shore:
            point.spillLevel = max(level, elevation)
            point.today = surface == .lake ? .lake : point.spillLevel <= 0 ? .landBelowSeaLevel : .land
            if surface != .lake, let top = ramp?.top(atIndex: index) {
                // Land the coarse cell does not resolve: on its ramp from the shore, never below sea level.
                point.rampTopM = top
                point.spillLevel = CoastalRamp.medianLevel(top: top)
                point.today = .land
                point.unresolvedLevel = .modelledBelowTheCell
            } else if surface == .shore {
                point.unresolvedLevel = .shoreFinerThanMask
            } else if today.regime == .coarse, today.holdsOcean(atIndex: index), elevation <= 0 {
                point.unresolvedLevel = .cellHoldsSea
            } else if point.today == .landBelowSeaLevel, elevation < FloodPoint.lowestDefendedLandM {
                point.unresolvedLevel = .belowDefendedLand
            }
        }
        return point
    }

    /// The range of elevations of the 3 × 3 cells around a cell (those on the grid with data). O(1).
    func relief(row: Int, col: Int) -> Double? {
        var low = Double.infinity, high = -Double.infinity
        for r in max(0, row - 1)...min(grid.height - 1, row + 1) {
            for dc in -1...1 {
                var c = col + dc
                if grid.wrapsEastWest { c = (c + grid.width) % grid.width } else if c < 0 || c >= grid.width { continue }
                guard let value = grid.elevation(atIndex: r * grid.width + c) else { continue }
                low = min(low, value)
                high = max(high, value)
            }
        }
        return low <= high ? high - low : nil
    }
}
