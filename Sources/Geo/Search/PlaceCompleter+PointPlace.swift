extension PlaceCompleter {
    /// What a point question ("does Lisbon flood?") takes a name to mean: its first
    /// suggestion, unless that is a country or region and a town of the same name stands out
    /// in it (lies in it and holds at least `seatShare` of its people, or, for a country,
    /// `townShareOfCountry`): then the town ("lisbon": the city, not the district;
    /// "ulaanbaatar": the city, not the municipality). An area stays the answer when no town
    /// stands out ("france"); `town` is then the first town of that name suggested, if any,
    /// for the caller to offer.
    public struct PointChoice: Sendable {
        /// The place taken.
        public var place: Completion
        /// The area of the same name passed over for `place`, if one was.
        public var passedOver: Completion?
        /// When `place` is an area: a town of the same name that did not stand out.
        public var town: Completion?
    }

    /// The share of a country's people a town of its name holds at least to be taken for it
    /// (Luxembourg: 13 % of the country).
    static let townShareOfCountry = 0.05

    /// The place a point question means by `name` (see `PointChoice`); nil when nothing
    /// matches. O(a completion at limit `stableHead`).
    public func pointPlace(named name: String, kinds: Set<Place.Kind>? = nil) throws -> PointChoice? {
        let results = try complete(query: name, limit: Self.stableHead, kinds: kinds)
        guard let first = results.first else { return nil }
        guard first.kind.isArea, let area = first.placeIndex else { return PointChoice(place: first) }
        let areaName = Normalizer.normalize(first.matchedAlias ?? first.title)
        let namesakes = results.filter { result in
            result.kind == .city && Normalizer.normalize(result.matchedAlias ?? result.title) == areaName
        }
        let standsOut = namesakes.first { town in
            guard let index = town.placeIndex,
                placeTable.string(2, of: index) == placeTable.string(2, of: area),
                first.kind == .country || placeTable.string(3, of: index) == placeTable.string(3, of: area)
            else { return false }
            let share = first.kind == .country ? Self.townShareOfCountry : Self.seatShare
            return Double(town.population) >= share * Double(placeTable.population[area])
        }
        if let standsOut { return PointChoice(place: standsOut, passedOver: first) }
        return PointChoice(place: first, town: namesakes.first)
    }
}
