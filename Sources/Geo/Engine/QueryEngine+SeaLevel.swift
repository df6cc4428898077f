import Foundation

/// The flood answers asked with a ``SeaLevelQuestion`` (a rise, or a year and a scenario; above
/// mean sea level or high tide): the level is resolved where the question stands (the place,
/// or a box's centre), the answer computed at it, and returned with what the level is
/// (``SeaLevelAnswer``: `datum` always, `seaLevel` when asked).
extension QueryEngine {
    /// The level `question` stands for over `bbox`: at its centre for a box, for the whole grid
    /// without one. O(1) (O(locations) with a regional file).
    public func seaLevel(_ question: SeaLevelQuestion, bbox: GeoBBox?) throws -> SeaLevelBasis {
        guard let bbox else { return try resolve(question, at: nil, placeName: "the whole grid") }
        return try resolve(question, at: Self.centre(of: bbox), placeName: "the box's centre")
    }

    /// `question` resolved at `point` (nil for the whole grid). A projection asked without a
    /// file of its own takes the engine's file of its scenario (``regionalProjections``) where
    /// the question stands at a place, a point or a box; else the global mean.
    /// O(1), O(locations) with a regional file.
    func resolve(_ question: SeaLevelQuestion, at point: GeoPoint?, placeName: String) throws -> SeaLevelBasis {
        var question = withDefaults(question)
        if question.regional == nil, point != nil, case let .projected(projection) = question.rise {
            question.regional = regionalProjections?.file(for: projection.scenario)
        }
        return try question.resolved(at: point, placeName: placeName)
    }

    /// `question` with the engine's high tide (``highTide``) when it asks none of its own. O(1).
    public func withDefaults(_ question: SeaLevelQuestion) -> SeaLevelQuestion {
        var question = question
        if question.highTide == nil { question.highTide = highTide }
        return question
    }

    /// The centre of a box, across the antimeridian too.
    static func centre(of bbox: GeoBBox) -> GeoPoint {
        let span = bbox.west <= bbox.east ? bbox.east - bbox.west : bbox.east + 360 - bbox.west
        var longitude = bbox.west + span / 2
        if longitude > 180 { longitude -= 360 }
        return GeoPoint(latitude: (bbox.south + bbox.north) / 2, longitude: longitude)
    }

    /// Flood figures and the places flooded at the level asked. See ``floodReport(rise:bbox:placeLimit:)``.
    /// With a raster of high tide, the figures are counted cell by cell and each place is
    /// asked at the level where it stands (``SeaSurface``).
    public func floodReport(_ question: SeaLevelQuestion, bbox: GeoBBox?, placeLimit: Int) throws -> SeaLevelAnswer<FloodReport> {
        let (surface, basis) = try seaSurface(question, bbox: bbox)
        guard surface.tide != nil else { return SeaLevelAnswer(try floodReport(rise: basis.level, bbox: bbox, placeLimit: placeLimit), basis: basis) }
        let stats = try requireFlood().stats(surface: surface, bbox: bbox, reportedRise: basis.level)
        let places = placeFlooding == nil ? nil : try floodedPlaces(surface: surface, reportedRise: basis.level, limit: placeLimit, offset: 0, bbox: bbox)
        return SeaLevelAnswer(FloodReport(stats: stats, floodedPlaces: places), basis: basis)
    }

    /// Flood figures at the level asked (cell by cell on a raster of high tide). See ``floodStats(rise:bbox:)``.
    public func floodStats(_ question: SeaLevelQuestion, bbox: GeoBBox?) throws -> SeaLevelAnswer<FloodStats> {
        let (surface, basis) = try seaSurface(question, bbox: bbox)
        guard surface.tide != nil else { return SeaLevelAnswer(try floodStats(rise: basis.level, bbox: bbox), basis: basis) }
        return SeaLevelAnswer(try requireFlood().stats(surface: surface, bbox: bbox, reportedRise: basis.level), basis: basis)
    }

    /// A page of the places flooded at the level asked (each where it stands on a raster of
    /// high tide). See ``floodedPlaces(rise:limit:offset:bbox:)``.
    public func floodedPlaces(_ question: SeaLevelQuestion, limit: Int, offset: Int, bbox: GeoBBox?) throws -> SeaLevelAnswer<FloodedPlaces> {
        let (surface, basis) = try seaSurface(question, bbox: bbox)
        guard surface.tide != nil else { return SeaLevelAnswer(try floodedPlaces(rise: basis.level, limit: limit, offset: offset, bbox: bbox), basis: basis) }
        return SeaLevelAnswer(try floodedPlaces(surface: surface, reportedRise: basis.level, limit: limit, offset: offset, bbox: bbox), basis: basis)
    }

    /// `floodedPlaces(rise:limit:offset:bbox:)` with each place at the level where it stands.
    func floodedPlaces(surface: SeaSurface, reportedRise: Double, limit: Int, offset: Int, bbox: GeoBBox?) throws -> FloodedPlaces {
        try Self.validateFloodedPlaceLimit(limit)
        guard offset >= 0 else { throw GeoError.invalidInput(.offset, "expected a whole number from 0 (the most populous place), got \(offset)") }
        try Self.requireOverGrid(bbox, of: try requireFlood())
        return try floodedPlaces(rise: reportedRise, limit: limit, offset: offset, within: bbox, inside: nil, surface: surface)
    }

    /// One point's elevation and spill level, with the datum they are above.
    public func floodPointAnswer(latitude: Double, longitude: Double) throws -> SeaLevelAnswer<FloodPoint> {
        SeaLevelAnswer(try floodPoint(latitude: latitude, longitude: longitude), basis: nil)
    }

    /// The town question at the level asked where the place stands (its high tide, its
    /// regional projection). See ``floodAtPlace(named:rise:kinds:)``.
    public func floodAtPlace(named name: String, question: SeaLevelQuestion?, kinds: Set<Place.Kind>? = nil) throws -> SeaLevelAnswer<PlaceFloodAnswer> {
        try floodAtPlace(try pointPlace(named: name, kinds: kinds), question: question)
    }

    /// `floodAtPlace(named:question:kinds:)` for a place already chosen (`pointPlace(named:kinds:)`).
    public func floodAtPlace(_ choice: PlaceCompleter.PointChoice, question: SeaLevelQuestion?) throws -> SeaLevelAnswer<PlaceFloodAnswer> {
        var answer = try floodAtPlace(choice, rise: nil)
        guard let question else { return SeaLevelAnswer(answer, basis: nil) }
        let point = GeoPoint(latitude: answer.place.latitude, longitude: answer.place.longitude)
        let basis = try resolve(question, at: point, placeName: answer.place.title)
        answer.rise = basis.level
        answer.point.askedRise = basis.level
        return SeaLevelAnswer(answer, basis: basis)
    }
}

extension QueryEngine {
    /// The projections offered, with the regional files set up; at `point`, each scenario a
    /// file holds from that file. See ``SeaLevelProjectionTable/init(regional:at:)``.
    public func projectionTable(at point: GeoPoint? = nil) throws -> SeaLevelProjectionTable {
        try SeaLevelProjectionTable(regional: regionalProjections, at: point)
    }
}
