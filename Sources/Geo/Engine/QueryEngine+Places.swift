import Foundation

extension QueryEngine {
    /// The most flooded places one answer lists.
    public static let maximumFloodedPlaceLimit = Quantity.placeLimit.declaration.upperInteger

    /// Checks how many flooded places an answer should list: 1…`maximumFloodedPlaceLimit`.
    public static func validateFloodedPlaceLimit(_ limit: Int) throws {
        guard (1...maximumFloodedPlaceLimit).contains(limit) else {
            throw GeoError.invalidInput(.placeLimit, "expected \(Quantity.placeLimit.declaration.expectation), got \(limit)")
        }
    }

    /// The places the sea reaches at `rise` that are dry today, with their count and total
    /// population, and one page of them: from the `offset`-th most populous (0 the largest), at
    /// most `limit`, largest first. Places are ordered by population, then by their position in
    /// the gazetteer, so the pages of one rise never repeat or skip a place and together make the
    /// whole list. O(k log k) for the k places flooded. Within `bbox`, only the places inside it count.
    public func floodedPlaces(rise: Double, limit: Int = Quantity.placeLimit.declaration.defaultInteger, offset: Int = 0, bbox: GeoBBox? = nil) throws -> FloodedPlaces {
        try SpillIndex.validateRise(rise)
        try Self.validateFloodedPlaceLimit(limit)
        guard offset >= 0 else { throw GeoError.invalidInput(.offset, "expected a whole number from 0 (the most populous place), got \(offset)") }
        _ = try requirePlaceFlooding()
        try Self.requireOverGrid(bbox, of: try requireFlood())
        return try floodedPlaces(rise: rise, limit: limit, offset: offset, within: bbox, inside: nil)
    }

    /// `floodedPlaces(rise:limit:offset:bbox:)` of the places inside `bbox` for which `inside`
    /// (latitude, longitude) holds (an area's outline). Places the model can resolve come first,
    /// most populous first; those it cannot tell about (confidence low) after them, marked.
    /// With a `surface` of high tide cell by cell, each place is asked at the level where it
    /// stands, and `rise` is only the level the answer reports.
    /// O(k) for the k places flooded, plus the walk down the places by population to the page.
    func floodedPlaces(
        rise: Double, limit: Int, offset: Int, within bbox: GeoBBox?,
        inside: ((Double, Double) -> Bool)?, surface: SeaSurface? = nil
    ) throws -> FloodedPlaces {
        let table = try requirePlaceFlooding(), completer = try requirePlaces(), places = completer.placeTable
        func inArea(_ place: Int) -> Bool {
            guard let bbox else { return true }
            return bbox.contains(latitude: places.latitude[place], longitude: places.longitude[place])
                && inside?(places.latitude[place], places.longitude[place]) ?? true
        }
        // With high tide cell by cell, each place against the level where it stands.
        let tide = surface?.tide == nil ? nil : surface
        func level(_ place: Int) -> Double {
            tide?.level(longitude: places.longitude[place], latitude: places.latitude[place]) ?? rise
        }
        // The places the sea can reach: those flooded at the highest level the surface takes.
        let highest = tide.map { $0.rise + $0.tide!.range.upperBound } ?? rise
        let floodedCount = table.floodedCount(atRise: highest)
        var count = 0, population = 0, resolvedCount = 0, resolvedPopulation = 0
        if bbox == nil, tide == nil {
            (count, population) = (floodedCount, table.floodedPeople(atRise: rise))
            (resolvedCount, resolvedPopulation) = table.resolvedFlooded(atRise: rise)
        } else {
            // People by the share of their land under water: every place the sea reaches in
            // part counts, flooded (by its lean) or not.
            var people = 0.0
            for place in table.rampOrder.lazy.map(Int.init) where inArea(place) {
                people += table.floodedPeople(place, population: places.population[place], atRise: level(place))
            }
            for place in table.floodOrder[0..<floodedCount] where inArea(place) && table.isFlooded(place, atRise: level(place)) {
                let placeLevel = level(place)
                if table.rampTop[place] == 0 { people += Double(places.population[place]) }
                count += 1
                if table.resolves(place, atRise: placeLevel) {
                    resolvedCount += 1
                    resolvedPopulation += Int(places.population[place])
                }
            }
            population = Int(people.rounded())
        }
        // The page: resolved places by population, then the others. In a box, or with a level
        // per place (high tide cell by cell), the candidates are filtered and sorted by
        // population: the walk down all places assumes one level and the whole grid.
        let sorts = bbox != nil || tide != nil
        // Past the last flooded place the page is empty; before it, offset + limit cannot overflow.
        let pageEnd = offset >= floodedCount ? 0 : offset + limit
        let resolvedFloodedCount = table.resolvedFlooded(atRise: highest).count
        let resolvedFlooded = table.resolvedOrder[0..<resolvedFloodedCount].lazy.map(Int.init)
        let page = table.mostPopulous(pageEnd, among: resolvedFlooded, count: resolvedFloodedCount, areaLimited: sorts) {
            table.isFlooded($0, atRise: level($0)) && table.resolves($0, atRise: level($0)) && inArea($0)
        }
        // At one level the flooded places the model does not resolve number exactly the rest;
        // with a level per place a place resolved at the highest level may not be at its own.
        let unresolvedCount = tide == nil ? floodedCount - resolvedFloodedCount : floodedCount
        let unresolvedPage =
            page.count >= pageEnd
            ? []
            : table.mostPopulous(
                pageEnd - page.count, among: table.floodOrder[0..<floodedCount], count: unresolvedCount,
                areaLimited: sorts
            ) { table.isFlooded($0, atRise: level($0)) && !table.resolves($0, atRise: level($0)) && inArea($0) }
        let wanted = (page + unresolvedPage).dropFirst(offset).prefix(limit)
        return FloodedPlaces(
            rise: rise, count: count, population: population, offset: offset,
            places: wanted.map { floodedPlace(index: $0, rise: level($0), table: table, completer: completer) },
            resolvedCount: resolvedCount, resolvedPopulation: resolvedPopulation)
    }

    /// Flood figures at `rise` and, when a gazetteer is loaded, the places they flood.
    public func floodReport(rise: Double, bbox: GeoBBox? = nil, placeLimit: Int = 10) throws -> FloodReport {
        FloodReport(
            stats: try floodStats(rise: rise, bbox: bbox),
            floodedPlaces: placeFlooding == nil ? nil : try floodedPlaces(rise: rise, limit: placeLimit, bbox: bbox))
    }

    /// Completions for a partly typed place name, postal code or airport, each with its
    /// elevation and spill level when a DEM is loaded: every kind joins the sea ("an airport
    /// under water from +4 m"). O(|query| + k) for plain prefixes (see `PlaceCompleter`).
    ///
    /// - Throws: ``GeoError/invalidInput(_:_:)`` for a bad ``Quantity/query``, ``Quantity/limit``
    ///   or ``Quantity/near`` point (see ``PlaceCompleter/complete(query:near:limit:kinds:)``).
    public func complete(
        query: String, near: GeoPoint? = nil, limit: Int = 10,
        kinds: Set<Place.Kind>? = nil
    ) throws -> [PlaceSuggestion] {
        let completions = try requirePlaces().complete(query: query, near: near, limit: limit, kinds: kinds)
        return try completions.map { completion in
            guard let completer = places, let index = completion.placeIndex ?? completer.placeIndex(id: completion.id),
                placePoints != nil || flood != nil
            else {
                return PlaceSuggestion(completion: completion, elevationM: nil, spillLevelM: nil, flooding: "no elevation data loaded")
            }
            if let placePoints {
                return Self.suggestion(completion, point: try placePoints.point(index, latitude: completion.latitude, longitude: completion.longitude))
            }
            guard let table = placeFlooding, PlaceFloodTable.tabulates(completer.placeTable.kind(index)) else {
                return Self.suggestion(completion, point: untabulatedPoint(completion, index: index, completer: completer))
            }
            // A place beyond every model is not "never under water": nothing was asked of it.
            guard table.isCovered(index) else { return Self.suggestion(completion, point: nil) }
            let point = table.point(index, latitude: completion.latitude, longitude: completion.longitude)
            let sentences = table.todaySentences.sentences(of: index) {
                .init(flooding: point.spillDescription, confidence: point.confidence())
            }
            return Self.suggestion(completion, point: point, sentences: sentences)
        }
    }

    /// A suggestion with its point's answer (nil: no model covers it), its sentences written
    /// from the point unless given. O(1).
    private static func suggestion(_ completion: Completion, point: FloodPoint?, sentences: TodaySentences.Sentences? = nil) -> PlaceSuggestion {
        guard let point else {
            return PlaceSuggestion(
                completion: completion, elevationM: nil, spillLevelM: nil,
                flooding: "outside the elevation data (no elevation model covers it)")
        }
        let sentences = sentences ?? .init(flooding: point.spillDescription, confidence: point.confidence())
        return PlaceSuggestion(
            completion: completion, elevationM: point.elevation,
            spillLevelM: point.spillLevel.isFinite ? point.spillLevel : nil, flooding: sentences.flooding,
            source: point.source, today: point.today, confidence: sentences.confidence)
    }

    /// A suggestion's point read from the models loaded at start (`PlaceFloodTable`'s rule:
    /// the finest model covering it, without on-demand tiles; a site of surveyed elevation
    /// stands at it); nil when none covers it. O(one point's answer).
    private func untabulatedPoint(_ completion: Completion, index: Int, completer: PlaceCompleter) -> FloodPoint? {
        guard let models = flood?.modelsLoadedAtStart,
            let cell = try? models.point(latitude: completion.latitude, longitude: completion.longitude)
        else { return nil }
        var point = PlaceFloodTable.atSite(cell, elevation: completer.placeTable.elevation[index])
        // As the table keeps it, so that both say the same.
        point.reliefM = point.reliefM.map { Double(Float($0)) }
        return point
    }

    private func floodedPlace(index: Int, rise: Double, table: PlaceFloodTable, completer: PlaceCompleter) -> FloodedPlace {
        let places = completer.placeTable
        let point = table.point(index, latitude: places.latitude[index], longitude: places.longitude[index])
        return FloodedPlace(
            id: Int(places.id[index]), name: places.name(index), subtitle: completer.subtitle(ofPlaceAt: index),
            latitude: places.latitude[index], longitude: places.longitude[index],
            population: Int(places.population[index]), elevationM: table.elevation[index],
            spillLevelM: table.spillLevel[index], source: table.source(of: index),
            today: point.today, confidence: point.confidence(atRise: rise))
    }
}

extension QueryEngine {
    /// Whether `code` has a valid postal code's format (of `country`, or of the country its shape
    /// suggests), and why not: US and Canadian rules as written, other countries' patterns
    /// from the loaded postal-code data; and, apart, whether the loaded postal codes hold it
    /// (a Canadian code by its forward sortation area, a UK code by its outward code: what geoq
    /// ships).
    /// O(|code| · patterns + completion).
    /// - Throws: ``GeoError/notSetUp(_:)`` when no gazetteer is loaded.
    public func checkPostalCode(_ code: String, country: String? = nil) throws -> PostalCodeCheck {
        let completer = try requirePlaces()
        var check = PostalCodeCheck.check(code, country: country, patterns: completer.postalPatterns)
        guard check.isValid, let canonical = check.canonical, !completer.postalPatterns.isEmpty else { return check }
        // The units the data has: a Canadian code's forward sortation area, a UK code's outward code.
        var names: Set<String> = [canonical]
        if check.country == "CA" { names.insert(String(canonical.prefix(3))) }
        let compact = PostalQuery.indexKey(canonical)
        if check.country == nil || check.country == "GB", let outward = PostalQuery.ukOutwardCodeLength(compact) {
            let outwardCode = String(decoding: compact.prefix(outward), as: UTF8.self).uppercased()
            names.insert(outwardCode)
            check.reason += ", outward code \(outwardCode)"
        }
        var holders = Set<String>()
        for name in names {
            for completion in try completer.complete(query: name, limit: Quantity.limit.declaration.upperInteger, kinds: [.postcode])
            where completion.title.uppercased() == name || PostalQuery.withoutCountryPrefix(completion.title).uppercased() == name {
                if let index = completer.placeIndex(id: completion.id) { holders.insert(completer.placeTable.place(index).countryCode) }
            }
        }
        check.knownIn = holders.sorted()
        check.known = check.country.map { holders.contains($0) } ?? !holders.isEmpty
        // A valid code of a country geoq ships no codes of is not "unknown": it cannot be told.
        if check.known == false, let country = check.country, !completer.shipsPostalCodes(of: country) {
            check.known = nil
            check.countryShipped = false
        }
        return check
    }
}
