import Foundation

/// "Is my town under water at +2 m?": the place a name completes to, what the finest model
/// covering it says, and, with a rise, plainly whether it is water then.
public struct PlaceFloodAnswer: Sendable, Encodable {
    /// The place taken: the first suggestion for the name typed.
    public var place: Completion
    /// The place's cell on the finest model covering it (its `source` names the model).
    public var point: FloodPoint
    /// The rise asked about, if any.
    public var rise: Double?
    /// The area of the same name passed over for the town ("Lisbon, Region of Portugal"), if any.
    public var passedOver: String?

    /// Whether the place is water at `rise` (nil without a rise).
    public var isWaterAtRise: Bool? { rise.map { point.isWater(atRise: $0) } }

    /// "Hamburg, Hamburg, Germany".
    public var placeName: String { place.subtitle.isEmpty ? place.title : "\(place.title), \(place.subtitle)" }

    /// "under water at +2 m", "dry at +2 m (under water from +17 m)", "sea today …"
    /// (`FloodPoint.answer(atRise:)`).
    public var answer: String { point.answer(atRise: rise) }

    public func encode(to encoder: any Encoder) throws {
        try point.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(PlaceSummary(id: place.id, kind: place.kind.rawValue, title: place.title, subtitle: place.subtitle), forKey: .place)
        try container.encodeIfPresent(passedOver, forKey: .passedOver)
        try container.encodeIfPresent(rise, forKey: .rise)
        try container.encodeIfPresent(isWaterAtRise, forKey: .underWaterAtRise)
        try container.encode(answer, forKey: .answer)
    }

    private struct PlaceSummary: Encodable {
        var id: Int, kind: String, title: String, subtitle: String
    }

    private enum CodingKeys: String, CodingKey { case place, passedOver, rise, underWaterAtRise, answer }
}

extension QueryEngine {
    /// The town question asked directly: `name` through completion (its first suggestion, of
    /// `kinds` when given: Hamburg's airport rather than the city), that place's cell on the
    /// finest model covering it (a site of surveyed elevation, an airport, at that elevation, by
    /// the rule completion answers by: `PlaceFloodTable.atSite`), and whether it is water at
    /// `rise`. O(completion + fine models).
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/place`` when nothing
    ///   completes `name`, or when it completes to a country or region: an area has no one
    ///   point's answer, and the figures over it (`areaFloodReport(named:rise:)`) answer it.
    public func floodAtPlace(named name: String, rise: Double? = nil, kinds: Set<Place.Kind>? = nil) throws -> PlaceFloodAnswer {
        if let rise { try SpillIndex.validateRise(rise) }
        return try floodAtPlace(try pointPlace(named: name, kinds: kinds), rise: rise)
    }

    /// The place a point question takes `name` to mean (`PlaceCompleter.pointPlace`): what
    /// the service completes once, to load its on-demand tile and then answer at it.
    /// - Throws: as `floodAtPlace(named:rise:kinds:)`.
    public func pointPlace(named name: String, kinds: Set<Place.Kind>? = nil) throws -> PlaceCompleter.PointChoice {
        _ = try requireFlood()
        let places = try requirePlaces()
        try PlaceCompleter.validatePlaceName(name)
        guard let choice = try places.pointPlace(named: name, kinds: kinds) else {
            if let kinds {
                let named = kinds.map(\.rawValue).sorted().joined(separator: " or ")
                throw GeoError.noMatch(.place, "no place of kind \(named) matches \"\(name)\"; expected the name of one geoq knows")
            }
            throw GeoError.noMatch(.place, "no place matches \"\(name)\"; expected a town, postal code or airport geoq knows")
        }
        let place = choice.place
        if place.kind.isArea {
            let town = choice.town.map { "; for the town \($0.title), \($0.subtitle), choose kind city" } ?? ", or choose kinds city, postcode or airport"
            throw GeoError.invalidInput(
                .place, "\"\(name)\" is \(place.title), a \(place.kind.rawValue): an area, not a point; ask for the flood figures over the area by this name\(town)")
        }
        return choice
    }

    /// The town question for a place already chosen (`pointPlace(named:kinds:)`). O(fine models).
    public func floodAtPlace(_ choice: PlaceCompleter.PointChoice, rise: Double? = nil) throws -> PlaceFloodAnswer {
        if let rise { try SpillIndex.validateRise(rise) }
        let flood = try requireFlood()
        let places = try requirePlaces()
        let place = choice.place
        var point = try flood.point(latitude: place.latitude, longitude: place.longitude)
        // Completion's answer for the same place: a site of surveyed elevation stands at it.
        if let index = places.placeIndex(id: place.id) {
            point = PlaceFloodTable.atSite(point, elevation: places.placeTable.elevation[index])
        }
        point.askedRise = rise
        var answer = PlaceFloodAnswer(place: place, point: point, rise: rise)
        answer.passedOver = choice.passedOver.map { "\($0.title), \($0.subtitle)" }
        return answer
    }
}
