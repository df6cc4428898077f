/// Where every gazetteer place stands against the sea: its cell's elevation and spill level,
/// and the places that are dry today ordered by the rise that floods them.
struct PlaceFloodTable: Sendable {
    /// Per gazetteer place (same order): the elevation of its cell (nil: nodata or off the
    /// DEM), or the surveyed elevation of the site when the gazetteer has one (airports).
    let elevation: [Double?]
    /// Per gazetteer place: its cell's spill level (+∞ off the DEM); for a site of known
    /// elevation, the higher of that and its cell's spill level: the sea must reach the
    /// cell, then rise to the site (an airport 4 m up on a coastal cell floods from +4 m).
    let spillLevel: [Double]
    /// Cities dry today (spill level > 0, finite), by ascending spill level (postal codes and
    /// airports have no inhabitants of their own to count).
    let floodOrder: [Int]
    /// `floodOrder`'s spill levels, for binary search.
    let floodOrderLevels: [Double]
    /// `floodOrder`'s places, most populous first (ties: gazetteer order): pages of flooded
    /// places are walked off it, never sorted per question.
    let populationOrder: [Int]
    /// Per gazetteer place: its position in `populationOrder` (-1 for places not in it).
    let populationRank: [Int32]
    /// For the places of `floodOrder` whose level is resolved, the lowest rise at which the model
    /// can tell they are under water (their level plus ±u: `AnswerConfidence`), ascending, and
    /// the population of the first k of them: how many flooded places are resolved, in O(log n).
    let resolvedFrom: [Double]
    let resolvedPopulationPrefix: [Int]
    /// The places of `resolvedFrom`, in its order: the first `resolvedFlooded(atRise:).count`
    /// are the flooded places the model resolves.
    let resolvedOrder: [Int32]
    /// `populationPrefix[k]` = population of the first k places of `floodOrder`.
    let populationPrefix: [Int]
    /// Per gazetteer place: the top of its cell's `CoastalRamp` where a coarse model does not
    /// resolve its land (0: resolved). Its people count by the share of that land under water.
    let rampTop: [Float]
    /// Per gazetteer place: whether it stands inside a larger listed town (`PartsOfLargerCities`),
    /// which stands for it: it is in no flooded-places figure, list or count.
    let partOfLargerCity: [Bool]
    /// The places of `floodOrder` whose land is resolved, by level, and their people's prefix
    /// sums; the people of the others by the share of their ramp under water.
    let resolvedLandLevels: [Double]
    let resolvedLandPeoplePrefix: [Int]
    let rampPeople: RampCurve
    /// The places of `floodOrder` on a ramp, in its order.
    let rampOrder: [Int32]
    /// Per gazetteer place: which of `sources` answered for it (the finest model covering it).
    let sourceIndex: [UInt8]
    /// Per gazetteer place: what it is today (nil: a model without a coastline, or off it).
    let today: [FloodPoint.Today?]
    /// Per gazetteer place: the relief around its cell, metres (NaN: not known).
    let relief: [Float]
    /// Per gazetteer place: ±u, how well its level is known (`AnswerConfidence`), metres.
    let uncertainty: [Float]
    /// Per gazetteer place: whether its level is not resolved (`FloodPoint.levelUnresolved`).
    let unresolved: [FloodPoint.UnresolvedLevel?]
    /// The models that answered, in the order first met, and the cell size of each one's grid
    /// (which a grid without a named source still has, and its confidence sentence names).
    let sources: [FloodModelSource?]
    let gridCellSizes: [Double?]
    /// Places' sentences at today's sea level, as completion has written them.
    let todaySentences = TodaySentences()

    /// A place's answer from its cell's: a site of surveyed elevation (an airport's, from the
    /// gazetteer; NaN for none) stands at that elevation, and floods when the sea reaches its cell
    /// and then rises to the site (an airport 4 m up on a coastal cell floods from +4 m). The one
    /// rule completion (through this table) and the town question (`floodAtPlace`) both answer
    /// by, so that one place on one model has one answer. O(1).
    static func atSite(_ cell: FloodPoint, elevation site: Double) -> FloodPoint {
        // A place stands on land, though the coastline's cell at its point holds only ocean.
        let cell = cell.standingOnLand()
        guard !site.isNaN, cell.spillLevel.isFinite else { return cell }
        var point = cell
        point.elevation = site
        // On a ramp the cell's level is its land's median; the sea reaches the cell itself at 0 m.
        point.spillLevel = cell.rampTopM == nil ? max(site, cell.spillLevel) : site
        point.rampTopM = nil
        // A site above the sea stands on land, though its cell's height is below the sea's
        // (Venice's airport, 2.1 m, on a 9 km cell of the lagoon): not "below sea level today".
        if site > 0, point.today == .landBelowSeaLevel { point.today = .land }
        // The site's height is surveyed: the cell's unresolved height no longer decides.
        point.unresolvedLevel = nil
        return point
    }

    /// `sourceIndex` of a place no model covers (outside the elevation data).
    static let outside = UInt8.max

    /// The model that answered for place `index`.
    func source(of index: Int) -> FloodModelSource? {
        sourceIndex[index] == Self.outside ? nil : sources[Int(sourceIndex[index])]
    }

    /// Whether any elevation model covers place `index`.
    func isCovered(_ index: Int) -> Bool { sourceIndex[index] != Self.outside }

    init(places: PlaceTable, flood: any FloodAnswering) {
        let joined = Columns(everyPlaceOf: places, flood: flood)
        let (elevation, spillLevel, sourceIndex, sources, gridCellSizes) =
            (joined.elevation, joined.spillLevel, joined.sourceIndex, joined.sources, joined.gridCellSizes)
        let (today, relief, uncertainty, unresolved) = (joined.today, joined.relief, joined.uncertainty, joined.unresolved)
        let rampTop = joined.rampTop.map { Float($0) }
        // Cities dry today: above the sea's level, or land below it (which floods when it rises);
        // a town inside a larger one is counted in it.
        let partOfLargerCity = PartsOfLargerCities.flags(places)
        let order = spillLevel.indices.filter { place in
            guard places.kind(place) == .city, spillLevel[place].isFinite, !partOfLargerCity[place] else { return false }
            switch today[place] {
            case nil: return spillLevel[place] > 0
            case .sea?: return false
            case .land?, .landBelowSeaLevel?, .lake?: return true
            }
        }
        .sorted { (spillLevel[$0], places.population[$1]) < (spillLevel[$1], places.population[$0]) }
        var prefix = [0]
        prefix.reserveCapacity(order.count + 1)
        for index in order { prefix.append(prefix[prefix.count - 1] + Int(places.population[index])) }
        self.elevation = elevation
        self.spillLevel = spillLevel
        self.sourceIndex = sourceIndex
        self.sources = sources
        self.gridCellSizes = gridCellSizes
        self.today = today
        self.relief = relief
        self.uncertainty = uncertainty
        self.unresolved = unresolved
        floodOrder = order
        floodOrderLevels = order.map { spillLevel[$0] }
        populationOrder = order.sorted { (places.population[$0], $1) > (places.population[$1], $0) }
        var rank = [Int32](repeating: -1, count: places.count)
        for (position, place) in populationOrder.enumerated() { rank[place] = Int32(position) }
        populationRank = rank
        let resolvable = order.filter { unresolved[$0] == nil }
            .map { (place: $0, from: spillLevel[$0] + Double(uncertainty[$0]), population: Int(places.population[$0])) }
            .sorted { ($0.from, $0.place) < ($1.from, $1.place) }
        resolvedFrom = resolvable.map(\.from)
        resolvedOrder = resolvable.map { Int32($0.place) }
        var resolvedPrefix = [0]
        resolvedPrefix.reserveCapacity(resolvable.count + 1)
        for place in resolvable { resolvedPrefix.append(resolvedPrefix[resolvedPrefix.count - 1] + place.population) }
        resolvedPopulationPrefix = resolvedPrefix
        populationPrefix = prefix
        self.rampTop = rampTop
        self.partOfLargerCity = partOfLargerCity
        let resolvedLand = order.filter { rampTop[$0] == 0 }
        resolvedLandLevels = resolvedLand.map { spillLevel[$0] }
        var landPrefix = [0]
        landPrefix.reserveCapacity(resolvedLand.count + 1)
        for index in resolvedLand { landPrefix.append(landPrefix[landPrefix.count - 1] + Int(places.population[index])) }
        resolvedLandPeoplePrefix = landPrefix
        let onRamp = order.filter { rampTop[$0] > 0 }
        rampOrder = onRamp.map(Int32.init)
        rampPeople = RampCurve(onRamp.map { (Double(rampTop[$0]), Double(places.population[$0])) })
    }

    /// The people of the flooded places at `rise`: whole for a place whose land is resolved and
    /// under water, by the share of its cell's land under water on a ramp (`CoastalRamp`). O(log n).
    func floodedPeople(atRise rise: Double) -> Int {
        guard rise > 0 else { return 0 }
        let resolved = resolvedLandPeoplePrefix[resolvedLandLevels.partitioningIndex { $0 > rise }]
        return resolved + Int(rampPeople.amount(atRise: rise).rounded())
    }

    /// The people of place `index` under water at `rise` (`floodedPeople(atRise:)`'s rule). O(1).
    func floodedPeople(_ index: Int, population: Int64, atRise rise: Double) -> Double {
        guard rise > 0 else { return 0 }
        if rampTop[index] > 0 { return Double(population) * CoastalRamp.floodedShare(top: Double(rampTop[index]), rise: rise) }
        return spillLevel[index] <= rise ? Double(population) : 0
    }

    /// How many places of `floodOrder` are under water at `rise`. O(log n).
    /// Land floods only when the sea stands above today's: none at 0 m or below.
    func floodedCount(atRise rise: Double) -> Int {
        rise > 0 ? floodOrderLevels.partitioningIndex { $0 > rise } : 0
    }

    /// How many places flooded at `rise` the model resolves (confidence not low), and their
    /// people. O(log n).
    func resolvedFlooded(atRise rise: Double) -> (count: Int, population: Int) {
        guard rise > 0 else { return (0, 0) }
        let count = resolvedFrom.partitioningIndex { $0 > rise }
        return (count, resolvedPopulationPrefix[count])
    }

    /// The `need` most populous places of `floodOrder` for which `member` holds, in
    /// `populationOrder`'s order, out of `candidates` (about `count` places holding them all).
    /// Walks `populationOrder` when members are dense enough that the walk soon finds `need` of
    /// them, else sorts the members among the candidates, so that a page of a rise where few
    /// places flood does not walk every place. O(min(need · n / count, count log count)).
    func mostPopulous(
        _ need: Int, among candidates: some Sequence<Int>, count: Int, areaLimited: Bool,
        where member: (Int) -> Bool
    ) -> [Int] {
        guard need > 0, count > 0 else { return [] }
        let expectedWalk = Double(need) * Double(populationOrder.count) / Double(count)
        if !areaLimited, expectedWalk < 4 * Double(count) {
            var found: [Int] = []
            for place in populationOrder where member(place) {
                found.append(place)
                if found.count == need { break }
            }
            return found
        }
        let members = candidates.filter(member).sorted { populationRank[$0] < populationRank[$1] }
        return Array(members.prefix(need))
    }

    /// Whether place `index` of `floodOrder` is under water at `rise` (`floodedCount`'s rule). O(1).
    func isFlooded(_ index: Int, atRise rise: Double) -> Bool {
        rise > 0 && spillLevel[index] <= rise
    }

    /// Whether the model can resolve "is place `index` under water at `rise`?" (confidence not low). O(1).
    /// For a flooded place, by `resolvedFrom`'s sum, so that pages and counts agree to the last bit.
    func resolves(_ index: Int, atRise rise: Double) -> Bool {
        if today[index] == .sea { return true }
        if unresolved[index] != nil { return false }
        if spillLevel[index] <= rise { return rise >= spillLevel[index] + Double(uncertainty[index]) }
        return AnswerConfidence.level(placeLevel: spillLevel[index], asked: rise, uncertaintyM: Double(uncertainty[index])) != .low
    }

    /// The place's answer as a point: its level, what it is today, and what answered.
    func point(_ index: Int, latitude: Double, longitude: Double) -> FloodPoint {
        let model = sourceIndex[index] == Self.outside ? nil : Int(sourceIndex[index])
        return Self.point(
            latitude: latitude, longitude: longitude, elevation: elevation[index], spillLevel: spillLevel[index],
            model: model.map { (sources[$0], gridCellSizes[$0]) }, today: today[index], relief: relief[index],
            unresolved: unresolved[index], rampTop: Double(rampTop[index]))
    }

    /// A place's point from its columns, as this table and `PlacePoints` keep them: relief NaN
    /// and ramp top 0 for none. O(1).
    static func point(
        latitude: Double, longitude: Double, elevation: Double?, spillLevel: Double,
        model: (source: FloodModelSource?, gridCellSizeM: Double?)?, today: FloodPoint.Today?, relief: Float,
        unresolved: FloodPoint.UnresolvedLevel?, rampTop: Double
    ) -> FloodPoint {
        var point = FloodPoint(
            latitude: latitude, longitude: longitude, cellLatitude: latitude, cellLongitude: longitude,
            elevation: elevation, spillLevel: spillLevel, source: model?.source ?? nil)
        point.today = today
        if let model { point.gridCellSizeM = model.gridCellSizeM }
        point.reliefM = relief.isNaN ? nil : Double(relief)
        point.unresolvedLevel = unresolved
        point.rampTopM = rampTop > 0 ? rampTop : nil
        return point
    }
}

extension PlaceFloodTable {
    /// Whether the table holds the points of places of `kind`: the towns, whose lists (flooded
    /// places, their people, the regions that frame them) it answers. Postal codes, airports,
    /// countries and regions are only ever suggested a few at a time: their points are read
    /// then, by the same rule (`QueryEngine.complete`), so that serve's start asks a point of
    /// each town only. O(1).
    static func tabulates(_ kind: Place.Kind) -> Bool { kind == .city }

    /// The per-place columns of a range of places, their models numbered from 1 in the order
    /// met (0: none), `outside` where no model covers the place.
    struct Columns: Sendable {
        var elevation: [Double?] = [], spillLevel: [Double] = [], sourceIndex: [UInt8] = []
        var today: [FloodPoint.Today?] = [], relief: [Float] = [], uncertainty: [Float] = []
        var unresolved: [FloodPoint.UnresolvedLevel?] = [], rampTop: [Double] = []
        var sources: [FloodModelSource?] = [nil], gridCellSizes: [Double?] = [nil]

        /// Empty columns with room for `capacity` places.
        init(capacity: Int) {
            elevation.reserveCapacity(capacity)
            spillLevel.reserveCapacity(capacity)
            sourceIndex.reserveCapacity(capacity)
            today.reserveCapacity(capacity)
            relief.reserveCapacity(capacity)
            uncertainty.reserveCapacity(capacity)
            unresolved.reserveCapacity(capacity)
            rampTop.reserveCapacity(capacity)
        }

        /// Every place's columns, in chunks across the cores (the service makes them at every
        /// start), joined in order, each chunk's models renumbered into one list.
        init(everyPlaceOf places: PlaceTable, flood: any FloodAnswering, everyKind: Bool = false) {
            let chunkSize = 8192
            let chunks = concurrentMap((places.count + chunkSize - 1) / chunkSize) { chunk in
                Columns(places: places, range: chunk * chunkSize..<min(places.count, (chunk + 1) * chunkSize), flood: flood, everyKind: everyKind)
            }
            self.init(capacity: places.count)
            for chunk in chunks { append(chunk) }
        }

        /// Appends `chunk`'s places, its models renumbered into this list in the order first met.
        mutating func append(_ chunk: Columns) {
            let renumbered: [UInt8] = chunk.sources.indices.map { local in
                if local == 0 { return 0 }
                if let known = sources.indices.first(where: { sources[$0] == chunk.sources[local] && gridCellSizes[$0] == chunk.gridCellSizes[local] }) {
                    return UInt8(known)
                }
                guard sources.count < Int(PlaceFloodTable.outside) else { return 0 }
                sources.append(chunk.sources[local])
                gridCellSizes.append(chunk.gridCellSizes[local])
                return UInt8(sources.count - 1)
            }
            sourceIndex += chunk.sourceIndex.map { $0 == PlaceFloodTable.outside ? PlaceFloodTable.outside : renumbered[Int($0)] }
            elevation += chunk.elevation
            spillLevel += chunk.spillLevel
            today += chunk.today
            relief += chunk.relief
            uncertainty += chunk.uncertainty
            unresolved += chunk.unresolved
            rampTop += chunk.rampTop
        }

        /// With `everyKind`, the points of postal codes, airports and areas too (`PlacePoints`).
        init(places: PlaceTable, range: Range<Int>, flood: any FloodAnswering, everyKind: Bool = false) {
            self.init(capacity: range.count)
            for place in range {
                guard everyKind || PlaceFloodTable.tabulates(places.kind(place)) else {
                    // Not asked: a postal code's or an airport's point is read when it is suggested.
                    rampTop.append(0); today.append(nil); relief.append(.nan); uncertainty.append(0); unresolved.append(nil)
                    sourceIndex.append(PlaceFloodTable.outside); elevation.append(nil); spillLevel.append(.infinity)
                    continue
                }
                let point = (try? flood.point(latitude: places.latitude[place], longitude: places.longitude[place]))
                    .map { PlaceFloodTable.atSite($0, elevation: places.elevation[place]) }
                let source = point?.source
                rampTop.append(point?.rampTopM ?? 0)
                today.append(point?.today)
                relief.append(point?.reliefM.map { Float($0) } ?? Float.nan)
                uncertainty.append(Float(point?.uncertaintyM ?? 0))
                unresolved.append(point?.unresolvedLevel)
                if point == nil {
                    sourceIndex.append(PlaceFloodTable.outside)
                } else if let known = sources.indices.first(where: { sources[$0] == source && gridCellSizes[$0] == point?.gridCellSizeM }) {
                    sourceIndex.append(UInt8(known))
                } else if sources.count < Int(PlaceFloodTable.outside) {
                    sources.append(source)
                    gridCellSizes.append(point?.gridCellSizeM)
                    sourceIndex.append(UInt8(sources.count - 1))
                } else {
                    sourceIndex.append(0)
                }
                elevation.append(point?.elevation)
                spillLevel.append(point?.spillLevel ?? .infinity)
            }
        }
    }
}
