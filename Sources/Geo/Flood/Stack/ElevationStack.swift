import Foundation

/// One global base model and any number of fine models of regions nested in it, answering each
/// question from the finest model that covers it (docs/elevation-stack.md):
///
/// | question | answered from |
/// | --- | --- |
/// | a point, a place | the finest model covering it |
/// | a box (figures, polygons, masks) | the finest model covering the whole box, else the base |
/// | whole-grid figures, the globe's relief | the base |
/// | maps and tiles | each pixel from the finest model covering it, the base elsewhere |
///
/// Every answer carries its `FloodModelSource`. Fine models are ordered finest first; between
/// equal cell sizes the one given later wins. An on-demand entry (`onDemand`: `copernicus:30`,
/// `tiles:FOLDER/NAME`) ranks as a fine model of its cell size, and answers points, boxes inside
/// one of its tiles, and maps whose pixels are fine enough (docs/elevation-stack.md, "Maps and
/// boxes from on-demand tiles"). Immutable and `Sendable` (the entry's tiles are its own, shared and
/// locked). Assembled from the entries given by `assemble(_:loading:)`.
public struct ElevationStack: Sendable {
    /// One model of the stack and where it came from.
    public struct Model: Sendable {
        public let flood: any FloodAnswering
        public let source: FloodModelSource
        /// A fine model's cells, for telling whether it covers a point; nil for the base.
        let locator: GridLocator?
        /// The WGS 84 box around a fine model's cells, for a quick reject; nil for the base.
        let footprint: GeoBBox?
        /// For a mosaic (`FineModelMosaic`), the boxes of the rasters it joins; empty otherwise.
        let parts: [GeoBBox]

        init(flood: any FloodAnswering, source: FloodModelSource, locator: GridLocator?, footprint: GeoBBox?, parts: [GeoBBox] = []) {
            (self.flood, self.source, self.locator, self.footprint, self.parts) = (flood, source, locator, footprint, parts)
        }

        /// Whether the model has a cell under the point. O(1) (PROJ for projected grids).
        func covers(latitude: Double, longitude: Double) -> Bool {
            guard let locator else { return true }
            guard let footprint, footprint.contains(latitude: latitude, longitude: longitude), inParts(latitude: latitude, longitude: longitude) else { return false }
            return locator.cell(latitude: latitude, longitude: longitude) != nil
        }

        /// Whether the point lies in one of a mosaic's rasters (always, for a single raster).
        func inParts(latitude: Double, longitude: Double) -> Bool {
            parts.isEmpty || parts.contains { $0.contains(latitude: latitude, longitude: longitude) }
        }
    }

    public let base: Model
    /// Finest first; equal cell sizes: the one given later first.
    public let fines: [Model]
    /// `fines`' footprints as plain numbers (south, north, west, east), scanned first: a point
    /// outside every fine model costs a few compares per model, no model touched.
    private let footprintBounds: [(south: Double, north: Double, west: Double, east: Double)]
    /// The box holding every footprint: most points on the Earth fall outside it, and are
    /// answered by the base after four compares instead of four per fine model.
    private let allFootprints: (south: Double, north: Double, west: Double, east: Double)
    /// `fines`' spill indexes, held as such (behind one reference each, so that answering a
    /// point copies nothing): a point is answered from its cell without asking again.
    let fineIndexes: [FineIndex]
    /// The on-demand tiles around each point asked about (Copernicus', a folder's), when the
    /// stack has such an entry.
    public private(set) var onDemand: (any OnDemandAnswering)?
    /// How many fine models were given before the `onDemand` entry (it wins ties of cell size
    /// against those).
    let onDemandGivenAt: Int

    /// A fine model's spill index and source behind one reference.
    final class FineIndex: Sendable {
        let index: SpillIndex
        let source: FloodModelSource
        /// Its place among the fine models as given (the later wins a tie of cell size).
        let givenAt: Int

        init(index: SpillIndex, source: FloodModelSource, givenAt: Int) {
            self.index = index
            self.source = source
            self.givenAt = givenAt
        }

        /// The answer for the cell at `row`, `col`, asked about at a point inside it. O(1).
        func point(row: Int, col: Int, latitude: Double, longitude: Double) -> FloodPoint {
            var point = index.point(row: row, col: col, latitude: latitude, longitude: longitude)
            point.source = source
            return point
        }
    }

    /// A stack of `base` alone.
    public init(base: any FloodAnswering, source: FloodModelSource) {
        self.base = Model(flood: base, source: source, locator: nil, footprint: nil)
        fines = []
        footprintBounds = []
        allFootprints = (1, -1, 1, -1)
        fineIndexes = []
        onDemand = nil
        onDemandGivenAt = 0
    }

    /// A stack of `base` and fine models already nested in it (`SpillIndex(nesting:in:)`), in
    /// the order given, and the on-demand tiles around each point when `onDemand` is given
    /// (`givenAt`: how many of `fines` were given before it).
    public init(
        base: any FloodAnswering, source: FloodModelSource, fines: [(index: SpillIndex, source: FloodModelSource)],
        onDemand: (models: any OnDemandAnswering, givenAt: Int)? = nil
    ) {
        self.init(
            base: base, source: source, nested: fines.map { NestedFineModel(index: $0.index, source: $0.source, parts: []) },
            onDemand: onDemand)
    }

    /// A stack of `base` and fine models nested in it (`nestedModels`), mosaics among them.
    public init(
        base: any FloodAnswering, source: FloodModelSource, nested fines: [NestedFineModel],
        onDemand: (models: any OnDemandAnswering, givenAt: Int)? = nil
    ) {
        self.onDemand = onDemand?.models
        onDemandGivenAt = onDemand?.givenAt ?? 0
        self.base = Model(flood: base, source: source, locator: nil, footprint: nil)
        let models = fines.enumerated().map { order, fine in
            (
                order, fine.index,
                Model(
                    flood: fine.index, source: fine.source, locator: fine.index.locator,
                    footprint: Self.footprint(of: fine.index.locator), parts: fine.parts)
            )
        }.sorted { a, b in
            a.2.source.cellSizeM != b.2.source.cellSizeM ? a.2.source.cellSizeM < b.2.source.cellSizeM : a.0 > b.0
        }
        self.fines = models.map(\.2)
        fineIndexes = models.map { FineIndex(index: $0.1, source: $0.2.source, givenAt: $0.0) }
        // A footprint across ±180° has west > east; the box of them all then spans every longitude.
        footprintBounds = self.fines.map { fine in
            fine.footprint.map { ($0.south, $0.north, $0.west, $0.east) } ?? (1, -1, 1, -1)
        }
        let held = footprintBounds.filter { $0.south <= $0.north }
        let crossing = held.contains { $0.west > $0.east }
        allFootprints =
            held.isEmpty
            ? (1, -1, 1, -1)
            : (held.map(\.south).min()!, held.map(\.north).max()!, crossing ? -180 : held.map(\.west).min()!, crossing ? 180 : held.map(\.east).max()!)
    }

    /// The stack without its on-demand entry: the models loaded at start, which answer
    /// everything but points (the places table among them).
    public var withoutOnDemand: ElevationStack {
        var stack = self
        stack.onDemand = nil
        return stack
    }

    /// Whether the `onDemand` entry answers a point rather than `fine`, the finest loaded fine
    /// model covering it: it is finer, or as fine and given later. O(1).
    func onDemandOutranks(_ fine: FineIndex?) -> Bool {
        guard let onDemand else { return false }
        guard let fine else { return true }
        return onDemand.cellSizeM != fine.source.cellSizeM ? onDemand.cellSizeM < fine.source.cellSizeM : onDemandGivenAt > fine.givenAt
    }

    /// The model loaded at start answering at a point: the finest covering it, else the base (a
    /// `copernicus:` entry is not asked). O(fine models).
    public func model(latitude: Double, longitude: Double) -> Model {
        fineCell(latitude: latitude, longitude: longitude).map { fines[$0.model] } ?? base
    }

    /// The finest fine model with a cell under the point, and that cell; nil where only the base
    /// covers it. O(fine models).
    func fineCell(latitude: Double, longitude: Double) -> (model: Int, row: Int, col: Int)? {
        guard latitude >= allFootprints.south, latitude <= allFootprints.north,
            longitude >= allFootprints.west, longitude <= allFootprints.east
        else { return nil }
        for index in footprintBounds.indices {
            let bounds = footprintBounds[index]
            let onArc =
                bounds.west <= bounds.east
                ? longitude >= bounds.west && longitude <= bounds.east
                : longitude >= bounds.west || longitude <= bounds.east
            guard latitude >= bounds.south, latitude <= bounds.north, onArc,
                fines[index].inParts(latitude: latitude, longitude: longitude)
            else { continue }
            if let (row, col) = fineIndexes[index].index.locator.cell(latitude: latitude, longitude: longitude) { return (index, row, col) }
        }
        return nil
    }

    /// The model answering for a box: the finest covering all of it (its corners and the middle
    /// of each side), else the base. O(fine models).
    public func model(covering bbox: GeoBBox) -> Model {
        fineModel(covering: bbox).map { fines[$0] } ?? base
    }

    /// The place in `fines` of the finest model covering all of a box (its corners and the
    /// middle of each side); nil where only the base does. O(fine models).
    func fineModel(covering bbox: GeoBBox) -> Int? {
        let east = bbox.crossesAntimeridian ? bbox.east + 360 : bbox.east
        let middleLongitude = (bbox.west + east) / 2, middleLatitude = (bbox.south + bbox.north) / 2
        let probes = [
            (bbox.south, bbox.west), (bbox.south, bbox.east), (bbox.north, bbox.west), (bbox.north, bbox.east),
            (bbox.south, middleLongitude), (bbox.north, middleLongitude), (middleLatitude, bbox.west), (middleLatitude, bbox.east)
        ]
        return fines.firstIndex { fine in
            probes.allSatisfy { fine.covers(latitude: $0.0, longitude: $0.1 > 180 ? $0.1 - 360 : $0.1) }
        }
    }

    /// The WGS 84 box around a grid's cells: its border cells' centres, widened by a cell.
    static func footprint(of locator: GridLocator) -> GeoBBox? {
        var south = Double.infinity, north = -Double.infinity, west = Double.infinity, east = -Double.infinity
        let rows = [0, locator.height - 1], cols = [0, locator.width - 1]
        let stepRows = max(1, locator.height / 64), stepCols = max(1, locator.width / 64)
        var cells: [(Int, Int)] = []
        for row in rows { for col in stride(from: 0, to: locator.width, by: stepCols) { cells.append((row, col)) }; cells.append((row, locator.width - 1)) }
        for col in cols { for row in stride(from: 0, to: locator.height, by: stepRows) { cells.append((row, col)) } }
        for (row, col) in cells {
            guard let centre = locator.centre(row: row, col: col) else { continue }
            south = min(south, centre.latitude); north = max(north, centre.latitude)
            west = min(west, centre.longitude); east = max(east, centre.longitude)
        }
        guard south <= north, west <= east else { return nil }
        // Half a cell of the grid beyond the outermost centres, and some slack for projected edges.
        let marginLatitude = (north - south) / Double(max(1, locator.height - 1)) + 1e-9
        let marginLongitude = (east - west) / Double(max(1, locator.width - 1)) + 1e-9
        // A grid holding a pole (polar stereographic) reaches it from every longitude: its border
        // cells bound only the cap's rim.
        let holdsSouthPole = locator.cell(latitude: -90, longitude: 0) != nil, holdsNorthPole = locator.cell(latitude: 90, longitude: 0) != nil
        if holdsSouthPole || holdsNorthPole {
            return GeoBBox(
                west: -180, south: holdsSouthPole ? -90 : max(-90, south - marginLatitude),
                east: 180, north: holdsNorthPole ? 90 : min(90, north + marginLatitude))
        }
        let (boxSouth, boxNorth) = (max(-90, south - marginLatitude), min(90, north + marginLatitude))
        // A geographic grid reaching past ±180° answers there a turn of the circle round (the
        // locator takes it): its box crosses the antimeridian rather than being cut at it.
        let (boxWest, boxEast) = (west - marginLongitude, east + marginLongitude)
        if boxEast - boxWest >= 360 { return GeoBBox(west: -180, south: boxSouth, east: 180, north: boxNorth) }
        if boxEast > 180 || boxWest < -180 {
            return GeoBBox(west: boxWest < -180 ? boxWest + 360 : boxWest, south: boxSouth, east: boxEast > 180 ? boxEast - 360 : boxEast, north: boxNorth)
        }
        return GeoBBox(west: boxWest, south: boxSouth, east: boxEast, north: boxNorth)
    }
}
