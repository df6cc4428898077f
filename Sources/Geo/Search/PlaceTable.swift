/// Every place of a completion index, column by column in flat arrays: what a persisted index
/// maps from its file and reads in place. A `Place` value is made only for a place asked for
/// (`place(_:)`), and the hot paths read single columns (`name(_:)`, `latitude`, …).
///
/// Each place's strings lie together in `strings`, from `stringStart[p]`: name, ASCII name,
/// country code, admin1 code, feature code, time zone, locality, then its codes, then its
/// alternate names (`codeCount[p]` of the first kind). A class for the reason `PrefixTrie` is one.
final class PlaceTable: Sendable {
    let id: FlatArray<Int64>
    /// `Place.Kind` as its index in `Place.Kind.allCases`.
    let kind: FlatArray<UInt8>
    let latitude: FlatArray<Double>
    let longitude: FlatArray<Double>
    let population: FlatArray<Int64>
    /// Metres; NaN when unknown.
    let elevation: FlatArray<Double>
    let codeCount: FlatArray<UInt16>
    let stringStart: FlatArray<UInt32>
    let strings: StringTable
    /// Place indices in ascending id order (what `index(ofID:)` searches).
    let orderByID: FlatArray<UInt32>

    /// Strings every place has before its codes and alternate names.
    static let fixedStrings = 7

    init(
        id: FlatArray<Int64>, kind: FlatArray<UInt8>, latitude: FlatArray<Double>, longitude: FlatArray<Double>,
        population: FlatArray<Int64>, elevation: FlatArray<Double>, codeCount: FlatArray<UInt16>,
        stringStart: FlatArray<UInt32>, strings: StringTable, orderByID: FlatArray<UInt32>
    ) {
        self.id = id
        self.kind = kind
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.elevation = elevation
        self.codeCount = codeCount
        self.stringStart = stringStart
        self.strings = strings
        self.orderByID = orderByID
    }

    /// The table of `places`, in order. O(places + their string bytes).
    convenience init(places: [Place]) {
        var stringStart: [UInt32] = []
        stringStart.reserveCapacity(places.count + 1)
        var all: [String] = []
        for place in places {
            stringStart.append(UInt32(all.count))
            all += [place.name, place.asciiName, place.countryCode, place.admin1Code, place.featureCode, place.timeZone, place.locality]
            all += place.codes
            all += place.alternateNames
        }
        stringStart.append(UInt32(all.count))
        let kinds = Place.Kind.allCases
        self.init(
            id: FlatArray(places.map { Int64($0.id) }),
            kind: FlatArray(places.map { UInt8(kinds.firstIndex(of: $0.kind)!) }),
            latitude: FlatArray(places.map(\.latitude)), longitude: FlatArray(places.map(\.longitude)),
            population: FlatArray(places.map { Int64($0.population) }),
            elevation: FlatArray(places.map { $0.elevation ?? .nan }),
            codeCount: FlatArray(places.map { UInt16(min($0.codes.count, Int(UInt16.max))) }),
            stringStart: FlatArray(stringStart), strings: StringTable(all),
            orderByID: FlatArray(places.indices.sorted { (places[$0].id, $0) < (places[$1].id, $1) }.map { UInt32($0) }))
    }

    var count: Int { id.count }

    func kind(_ place: Int) -> Place.Kind {
        let index = Int(kind[place])
        return index < Place.Kind.allCases.count ? Place.Kind.allCases[index] : .city
    }

    /// String `offset` of `place`'s strings (see the type's comment).
    @inline(__always)
    func string(_ offset: Int, of place: Int) -> String {
        strings[Int(stringStart[place]) + offset]
    }

    func name(_ place: Int) -> String { string(0, of: place) }
    func locality(_ place: Int) -> String { string(6, of: place) }

    /// The place's official codes (an airport's IATA and ICAO codes). O(codes).
    func codes(_ place: Int) -> [String] {
        (0..<Int(codeCount[place])).map { string(Self.fixedStrings + $0, of: place) }
    }

    /// The name an index entry names: 0 the name, 1 the ASCII name, then the codes, then the
    /// alternate names (`PlaceCompleter.name(at:of:)` on a `Place`). O(1).
    func name(at nameIndex: Int, of place: Int) -> String {
        string(nameIndex < 2 ? nameIndex : Self.fixedStrings + nameIndex - 2, of: place)
    }

    /// The whole place. O(its strings).
    func place(_ place: Int) -> Place {
        // A place has at most 65,535 names past its fixed strings (the index numbers names in
        // 16 bits); a damaged file claiming more is read that far and no further.
        let first = Int(stringStart[place])
        let end = min(max(first, Int(stringStart[place + 1])), first + Self.fixedStrings + Int(UInt16.max))
        let codes = Int(codeCount[place])
        let extra = (first + Self.fixedStrings)..<max(first + Self.fixedStrings, end)
        let elevation = elevation[place]
        return Place(
            id: Int(id[place]), kind: kind(place), name: strings[first], asciiName: strings[first + 1],
            alternateNames: extra.dropFirst(codes).map { strings[$0] },
            countryCode: strings[first + 2], admin1Code: strings[first + 3],
            latitude: latitude[place], longitude: longitude[place], population: Int(population[place]),
            featureCode: strings[first + 4], timeZone: strings[first + 5], locality: strings[first + 6],
            codes: extra.prefix(codes).map { strings[$0] }, elevation: elevation.isNaN ? nil : elevation)
    }

    /// The index of the place with GeoNames (or geoq) id `id`, nil when there is none.
    /// O(log places).
    func index(ofID id: Int) -> Int? {
        let position = orderByID.partitioningIndex { Int(self.id[Int($0)]) >= id }
        guard position < orderByID.count else { return nil }
        let index = Int(orderByID[position])
        return Int(self.id[index]) == id ? index : nil
    }
}
