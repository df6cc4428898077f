import Foundation

extension QueryEngine {
    /// The side of the box a town's figures are counted over, km. A town is a point in the
    /// gazetteer, and its built-up area is not known; 20 km holds the built-up area of all but
    /// the largest cities (a city of a million people covers a few hundred km², this box 400)
    /// and at least 2 × 2 cells of the base model (ETOPO5's are 9 km), so its figures are not
    /// one cell's.
    public static let townBoxKilometers = 20.0

    /// "How much of Bangladesh floods at +2 m?": `name` through completion (its first
    /// suggestion), then the figures over that country's or region's outline, or over a square
    /// of `townBoxKilometers` around a town, postal code or airport, with the places flooded
    /// inside. `kinds` and `near` choose among places of one name as completion does (the page
    /// sends a suggestion's kind and point, so a namesake elsewhere never answers for it).
    /// O(completion + cells in the area's box).
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/place`` when nothing
    ///   completes `name`; ``GeoError/unreadableFile(path:message:)`` when the outlines file
    ///   does not parse; ``GeoError/unanswerable(subject:reason:)`` when an area has no outline or holds no
    ///   cell of the model.
    public func areaFloodReport(
        named name: String, rise: Double, placeLimit: Int = 10,
        kinds: Set<Place.Kind>? = nil, near: GeoPoint? = nil
    ) throws -> AreaFloodReport {
        try areaFloodReport(named: name, surface: .level(rise), reportedRise: rise, placeLimit: placeLimit, kinds: kinds, near: near)
    }

    /// `areaFloodReport(named:rise:…)` at a sea surface: cells and places each against the
    /// level where they stand; the figures say `reportedRise`.
    func areaFloodReport(
        named name: String, surface: SeaSurface, reportedRise rise: Double, placeLimit: Int,
        kinds: Set<Place.Kind>?, near: GeoPoint?
    ) throws -> AreaFloodReport {
        try surface.validate()
        try SpillIndex.validateRise(rise)
        try Self.validateFloodedPlaceLimit(placeLimit)
        let flood = try requireFlood()
        let place = try firstPlace(named: name, kinds: kinds, near: near)
        if place.kind.isArea {
            guard let outline = try areaOutlines?.outline(id: place.id) else {
                throw GeoError.unanswerable(subject: nil, reason: "\(place.title) (\(place.kind.rawValue) \(place.id)) has no outline: areas.geojson.gz is not loaded or lacks it")
            }
            let stats = try flood.stats(surface: surface, outline: outline, reportedRise: rise)
            let flooded =
                placeFlooding == nil
                ? nil
                : try floodedPlaces(
                    rise: rise, limit: placeLimit, offset: 0, within: outline.bbox,
                    inside: { outline.contains(latitude: $0, longitude: $1) }, surface: surface)
            return AreaFloodReport(place: place, shape: .outline, bbox: outline.bbox, boxKilometers: nil, stats: stats, floodedPlaces: flooded)
        }
        let box = Self.townBox(latitude: place.latitude, longitude: place.longitude, answeredBy: flood)
        return AreaFloodReport(
            place: place, shape: .box, bbox: box, boxKilometers: Self.townBoxKilometers,
            stats: try flood.stats(surface: surface, bbox: box, reportedRise: rise),
            floodedPlaces: placeFlooding == nil
                ? nil
                : try floodedPlaces(rise: rise, limit: placeLimit, offset: 0, within: box, inside: nil, surface: surface))
    }

    /// The area question at the level `question` asks where the place stands (its high tide,
    /// its regional projection), with what that level is. See ``areaFloodReport(named:rise:placeLimit:)``.
    public func areaFloodReport(
        named name: String, question: SeaLevelQuestion, placeLimit: Int = 10,
        kinds: Set<Place.Kind>? = nil, near: GeoPoint? = nil
    ) throws -> SeaLevelAnswer<AreaFloodReport> {
        let place = try firstPlace(named: name, kinds: kinds, near: near)
        let basis = try resolve(question, at: GeoPoint(latitude: place.latitude, longitude: place.longitude), placeName: place.title)
        return SeaLevelAnswer(
            try areaFloodReport(
                named: name, surface: withDefaults(question).surface(for: basis), reportedRise: basis.level,
                placeLimit: placeLimit, kinds: kinds, near: near), basis: basis)
    }

    /// The first place `name` completes to, of `kinds` and nearest `near` when given.
    func firstPlace(named name: String, kinds: Set<Place.Kind>? = nil, near: GeoPoint? = nil) throws -> Completion {
        try PlaceCompleter.validatePlaceName(name)
        guard let place = try requirePlaces().complete(query: name, near: near, limit: 1, kinds: kinds).first else {
            if let kinds {
                let named = kinds.map(\.rawValue).sorted().joined(separator: " or ")
                throw GeoError.noMatch(.place, "no place of kind \(named) matches \"\(name)\"; expected the name of one geoq knows")
            }
            throw GeoError.noMatch(.place, "no place matches \"\(name)\"; expected a country, region, town, postal code or airport geoq knows")
        }
        return place
    }

    /// `townBox(latitude:longitude:)` cut to the fine model with a cell under the point, where
    /// `flood` is a stack with one: the box's figures then come from the model that answers the
    /// point (a box over a fine model's edge would be answered by the base). O(fine models).
    static func townBox(latitude: Double, longitude: Double, answeredBy flood: any FloodAnswering) -> GeoBBox {
        let box = townBox(latitude: latitude, longitude: longitude)
        guard !box.crossesAntimeridian, let footprint = flood.fineFootprint(latitude: latitude, longitude: longitude) else { return box }
        let cut = GeoBBox(
            west: max(box.west, footprint.west), south: max(box.south, footprint.south),
            east: min(box.east, footprint.east), north: min(box.north, footprint.north))
        return cut.west < cut.east && cut.south < cut.north ? cut : box
    }

    /// A square of `townBoxKilometers` centred on a point (on a sphere of 6371 km; its width
    /// in degrees grows as 1 / cos latitude, capped at the poles' 360°). O(1).
    static func townBox(latitude: Double, longitude: Double) -> GeoBBox {
        let half = townBoxKilometers / 2 / (6371 * Double.pi / 180)
        let halfWidth = min(180, half / max(cos(latitude * Double.pi / 180), 1e-6))
        var west = longitude - halfWidth, east = longitude + halfWidth
        if west < -180 { west += 360 }
        if east > 180 { east -= 360 }
        return GeoBBox(west: west, south: max(-90, latitude - half), east: east, north: min(90, latitude + half))
    }
}
