import Foundation

/// What a region frames: points from anywhere, or places of the gazetteer.
public enum RegionInput: Sendable, Equatable {
    /// Points already read.
    case points(PointSet)
    /// Points in any format ``PointSetParser`` reads (GeoJSON, [lon, lat] pairs, CSV); `source`
    /// names them in errors ("standard input", a path, "request body").
    case pointData([UInt8], source: String)
    /// Gazetteer places by GeoNames id, in the order given: every one framed (the user named
    /// each), unless `trimmed` asks for outliers to be left out (suggestions, namesakes among them).
    case places([Int], trimmed: Bool = false)
    /// Every place the sea floods at this rise (dry today), in flooding order.
    case floodedAt(Double)
}

/// A framed region and the points it framed (their indices are the region's `trimmedIndices`).
public struct RegionAnswer: Sendable, Equatable {
    public let region: MapRegion
    public let points: PointSet
    /// What the sea level is, when the region frames the places flooded at a level asked
    /// (``QueryEngine/region(floodedAt:options:)``); nil for points and places given.
    public var seaLevel: SeaLevelBasis?

    public init(region: MapRegion, points: PointSet, seaLevel: SeaLevelBasis? = nil) {
        (self.region, self.points, self.seaLevel) = (region, points, seaLevel)
    }

    /// The JSON answer: the region, with `datum` and `seaLevel` when it frames flooded places.
    public func json() throws -> Data {
        guard let seaLevel else { return try JSONOutput.encode(region) }
        return try JSONOutput.encode(SeaLevelAnswer(region, basis: seaLevel))
    }
}

extension QueryEngine {
    /// The region that frames `input`, trimming outliers. O(n) for n points (see ``RegionFramer``),
    /// plus reading them: O(bytes) for point data, O(k) for k places.
    ///
    /// - Throws: ``GeoError/malformedInput(source:message:)`` naming the source of point data
    ///   that is not points; ``GeoError/invalidInput(_:_:)`` for options out of range, no place
    ///   ids (``Quantity/placeIDs``), a rise out of range or one that floods no place
    ///   (``Quantity/floodedAt``); ``GeoError/noMatch(_:_:)`` for a place id the gazetteer does
    ///   not hold; ``GeoError/notSetUp(_:)`` when the places or the model they need are not loaded.
    public func region(for input: RegionInput, options: RegionOptions = RegionOptions()) throws -> RegionAnswer {
        let framer = try RegionFramer(options: options)
        let points: PointSet
        var trims = true
        switch input {
        case .points(let given):
            points = given
        case .pointData(let bytes, let source):
            do {
                points = try PointSetParser.read(bytes)
            } catch let error as PointSetError {
                throw GeoError.malformedInput(source: source, message: error.description)
            }
        case .places(let ids, let trimmed):
            points = try placePoints(ids: ids)
            trims = trimmed
        case .floodedAt(let rise):
            points = try floodedPlacePoints(rise: rise)
        }
        return RegionAnswer(region: trims ? framer.frame(points) : framer.frameAll(points), points: points)
    }

    /// The region that frames every place flooded (dry today) at the level `question` asks, with
    /// what that level is. The places are the whole grid's, so the level is the whole grid's
    /// (``seaLevel(_:bbox:)`` without a box): a rise or a global mean projection, on a number
    /// of metres of high tide; a raster of high tide or a regional projection file cannot
    /// answer for it. O(k) for k places flooded.
    /// - Throws: as ``region(for:options:)`` with ``RegionInput/floodedAt(_:)``, and
    ///   ``SeaLevelQuestion/resolved(at:placeName:)``'s errors.
    public func region(floodedAt question: SeaLevelQuestion, options: RegionOptions = RegionOptions()) throws -> RegionAnswer {
        let basis = try seaLevel(question, bbox: nil)
        var answer = try region(for: .floodedAt(basis.level), options: options)
        answer.seaLevel = basis
        return answer
    }

    /// The points of gazetteer places given by GeoNames id, in the order given.
    func placePoints(ids: [Int]) throws -> PointSet {
        let places = try requirePlaces()
        guard !ids.isEmpty else { throw GeoError.invalidInput(.placeIDs, "expected at least one GeoNames id") }
        let indices = try ids.map { id -> Int in
            guard let index = places.placeIndex(id: id) else { throw GeoError.noMatch(.placeIDs, "no place has GeoNames id \(id)") }
            return index
        }
        return try PointSet(latitudes: indices.map { places.placeTable.latitude[$0] }, longitudes: indices.map { places.placeTable.longitude[$0] })
    }

    /// The points of every place flooded at `rise` (dry today), in flooding order.
    func floodedPlacePoints(rise: Double) throws -> PointSet {
        try SpillIndex.validateRise(rise, as: .floodedAt)
        let table = try requirePlaceFlooding(), places = try requirePlaces().placeTable
        let indices = table.floodOrder[0..<table.floodedCount(atRise: rise)]
        guard !indices.isEmpty else {
            throw GeoError.invalidInput(.floodedAt, "no place is flooded at \(FloodPoint.signed(rise)) m; expected a higher rise")
        }
        return try PointSet(latitudes: indices.map { places.latitude[$0] }, longitudes: indices.map { places.longitude[$0] })
    }
}
