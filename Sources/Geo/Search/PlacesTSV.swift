import Synchronization

/// geoq's gazetteer file: UTF-8, tab-separated, one header line, then one row per place
/// (kind `P`), postal code (`Z`), airport (`F`), country name (`C`), first-level region name
/// (`A`), postal-code pattern (`V`), or country (`N`) or region (`R`) to complete (an area
/// with an outline in `data/areas.geojson.gz`). Alternate names are separated by commas, as in GeoNames
/// dumps. Lines starting with `#` are comments. The file may be gzip-compressed
/// (`data/places.tsv.gz`). Files written before the `elevation` column are read too.
///
///     kind geonameid  name          asciiname     alternatenames country admin1 latitude longitude population feature timezone elevation
///     P    4726206    San Antonio   …                            US      TX     29.42    -98.49    1434625    PPLA2   America/Chicago
///     Z    1000108662 90210         Beverly Hills Los Angeles County US  CA     34.09    -118.41   34869      ZIP
///     F    2000013074 John F Kennedy International Airport New York JFK,KJFK US NY 40.64 -73.78 0 AIRP America/New_York 4.0
///     C               United States …             USA,US         US
///     A               Texas         …             TX             US      TX
///     V               ^\d{5}(-\d{4})?$ #####-####                 US
enum PlacesTSV {
    static let columns = [
        "kind", "geonameid", "name", "asciiname", "alternatenames", "country", "admin1",
        "latitude", "longitude", "population", "feature", "timezone", "elevation"
    ]
    /// The columns of files written before airports had elevations.
    static let columnsWithoutElevation = Array(columns.dropLast())
    static let headerLine = columns.joined(separator: "\t")
    static let headerDescription = "a header line of \(columns.count) tab-separated columns: \(columns.joined(separator: " "))"
    static let comment = "# geoq places: GeoNames data (https://www.geonames.org), CC BY 4.0; see data/README.md"

    /// Parses a places file already in memory. O(file size).
    static func parse(_ bytes: [UInt8], path: String) throws -> Gazetteer {
        if bytes.isEmpty { throw GazetteerError.empty(path: path) }
        var places: [Place] = []
        var countries: [String: AreaName] = [:]
        var regions: [String: AreaName] = [:]
        var postalPatterns: [String: PostalCodePattern] = [:]
        var columnCount = columns.count
        var sawHeader = false
        var lastLine = 0
        var fields: [String] = []
        fields.reserveCapacity(columns.count)
        try forEachLine(bytes) { lineNumber, line in
            lastLine = lineNumber
            if line.isEmpty || line[0] == UInt8(ascii: "#") { return }
            try splitFields(line, into: &fields, path: path, lineNumber: lineNumber)
            if !sawHeader {
                guard fields == columns || fields == columnsWithoutElevation else {
                    let found = fields.joined(separator: " ⇥ ")
                    throw GazetteerError.notPlacesTSV(path: path, line: lineNumber, found: String(found.prefix(60)))
                }
                columnCount = fields.count
                sawHeader = true
                return
            }
            guard fields.count == columnCount else {
                throw GazetteerError.badRow(
                    path: path, line: lineNumber,
                    reason: "expected \(columnCount) tab-separated fields, found \(fields.count)")
            }
            let aliases = fields[4].isEmpty ? [] : fields[4].split(separator: ",").map(String.init)
            switch fields[0] {
            case "P", "Z", "F", "N", "R":
                places.append(try place(from: fields, aliases: aliases, path: path, lineNumber: lineNumber))
            case "V":
                postalPatterns[fields[5]] = PostalCodePattern(regularExpression: fields[2], format: fields[3])
            case "C":
                countries[fields[5]] = AreaName(name: fields[2], aliases: aliases)
            case "A":
                regions[Gazetteer.regionKey(country: fields[5], admin1: fields[6])] = AreaName(name: fields[2], aliases: aliases)
            default:
                throw GazetteerError.badRow(
                    path: path, line: lineNumber,
                    reason: "unknown row kind '\(fields[0])' (expected P, Z, F, N, R, C, A or V)")
            }
        }
        if !sawHeader {
            throw GazetteerError.notPlacesTSV(path: path, line: lastLine, found: "only comments")
        }
        if places.isEmpty { throw GazetteerError.noPlaces(path: path) }
        return Gazetteer(places: places, countries: countries, regions: regions, postalPatterns: postalPatterns)
    }

    private static func splitFields(
        _ line: UnsafeBufferPointer<UInt8>, into fields: inout [String], path: String, lineNumber: Int
    ) throws {
        fields.removeAll(keepingCapacity: true)
        var start = 0
        for index in 0...line.count where index == line.count || line[index] == UInt8(ascii: "\t") {
            let slice = UnsafeBufferPointer(rebasing: line[start..<index])
            guard let field = String(validating: slice, as: UTF8.self) else {
                let column = start + (firstInvalidUTF8(slice) ?? 0) + 1
                throw GazetteerError.invalidUTF8(path: path, line: lineNumber, byteColumn: column)
            }
            fields.append(field)
            start = index + 1
        }
    }

    private static func place(from fields: [String], aliases: [String], path: String, lineNumber: Int) throws -> Place {
        func number<T: LosslessStringConvertible>(_ index: Int, _ type: T.Type) throws -> T {
            guard let value = T(fields[index]) else {
                throw GazetteerError.badRow(
                    path: path, line: lineNumber,
                    reason: "\(columns[index]) '\(fields[index].prefix(30))' is not a number")
            }
            return value
        }
        let latitude = try number(7, Double.self), longitude = try number(8, Double.self)
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw GazetteerError.badRow(
                path: path, line: lineNumber,
                reason: "coordinates \(latitude),\(longitude) out of range (expected latitude −90…90, longitude −180…180)")
        }
        let id = try number(1, Int.self)
        let population = fields[9].isEmpty ? 0 : try number(9, Int.self)
        let elevation = fields.count > 12 && !fields[12].isEmpty ? try number(12, Double.self) : nil
        switch fields[0] {
        case "Z":
            // A postal code: the code is its name, the town it serves goes in the subtitle.
            return Place(
                id: id, kind: .postcode, name: fields[2], asciiName: fields[2], alternateNames: aliases,
                countryCode: fields[5], admin1Code: fields[6], latitude: latitude, longitude: longitude,
                population: population, featureCode: fields[10], timeZone: fields[11], locality: fields[3],
                elevation: elevation)
        case "F":
            // An airport: its official codes are the alternate names column.
            return Place(
                id: id, kind: .airport, name: fields[2], asciiName: fields[2], alternateNames: [],
                countryCode: fields[5], admin1Code: fields[6], latitude: latitude, longitude: longitude,
                population: population, featureCode: fields[10], timeZone: fields[11], locality: fields[3],
                codes: aliases, elevation: elevation)
        case "N", "R":
            // A country's ISO alpha-2 code, and its alpha-3 code (listed first among its names),
            // are its official codes ("fr", "RUS"), as an airport's are.
            let isCountry = fields[0] == "N"
            let alpha3 = aliases.first.flatMap { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isUppercase } ? $0 : nil }
            return Place(
                id: id, kind: isCountry ? .country : .region, name: fields[2], asciiName: fields[3],
                alternateNames: aliases, countryCode: fields[5], admin1Code: fields[6], latitude: latitude,
                longitude: longitude, population: population, featureCode: fields[10], timeZone: fields[11],
                codes: isCountry && fields[5].count == 2 ? [fields[5]] + (alpha3.map { [$0] } ?? []) : [])
        default:
            return Place(
                id: id, name: fields[2], asciiName: fields[3], alternateNames: aliases,
                countryCode: fields[5], admin1Code: fields[6], latitude: latitude, longitude: longitude,
                population: population, featureCode: fields[10], timeZone: fields[11], elevation: elevation)
        }
    }

    /// The TSV text of `gazetteer`, the inverse of `parse`. Tabs, newlines and commas inside
    /// names (which the format cannot hold) become spaces. O(size).
    static func render(_ gazetteer: Gazetteer, includeRegions: [String: AreaName] = [:]) -> String {
        func clean(_ text: String) -> String {
            String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "," ? " " : $0 })
        }
        func aliasList(_ names: [String]) -> String {
            names.map(clean).filter { !$0.isEmpty }.joined(separator: ",")
        }
        var out = comment + "\n" + headerLine + "\n"
        for code in gazetteer.countries.keys.sorted() {
            let country = gazetteer.countries[code]!
            out +=
                ["C", "", clean(country.name), "", aliasList(country.aliases), code, "", "", "", "", "", "", ""]
                .joined(separator: "\t") + "\n"
        }
        for key in includeRegions.keys.sorted() {
            let region = includeRegions[key]!
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            out +=
                [
                    "A", "", clean(region.name), "", aliasList(region.aliases), parts[0], parts.count > 1 ? parts[1] : "",
                    "", "", "", "", "", ""
                ].joined(separator: "\t") + "\n"
        }
        for code in gazetteer.postalPatterns.keys.sorted() {
            let pattern = gazetteer.postalPatterns[code]!
            out +=
                ["V", "", pattern.regularExpression.replacingTabs, clean(pattern.format), "", code, "", "", "", "", "", "", ""]
                .joined(separator: "\t") + "\n"
        }
        for place in gazetteer.places {
            let (kind, second, aliases): (String, String, [String])
            switch place.kind {
            case .city: (kind, second, aliases) = ("P", place.asciiName, place.alternateNames)
            case .postcode: (kind, second, aliases) = ("Z", place.locality, place.alternateNames)
            case .airport: (kind, second, aliases) = ("F", place.locality, place.codes)
            case .country: (kind, second, aliases) = ("N", place.asciiName, place.alternateNames)
            case .region: (kind, second, aliases) = ("R", place.asciiName, place.alternateNames)
            }
            out +=
                [
                    kind, String(place.id), clean(place.name), clean(second), aliasList(aliases),
                    place.countryCode, place.admin1Code, String(place.latitude), String(place.longitude),
                    String(place.population), place.featureCode, place.timeZone, place.elevation.map { String($0) } ?? ""
                ].joined(separator: "\t") + "\n"
        }
        return out
    }
}

extension String {
    /// Tabs cannot stand inside a TSV field.
    fileprivate var replacingTabs: String { String(map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 }) }
}

/// The offset of the first byte that breaks UTF-8 in `bytes`, or nil when it is valid. O(n).
func firstInvalidUTF8<C: Collection>(_ bytes: C) -> Int? where C.Element == UInt8 {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): offset += UTF8.width(scalar)
        case .emptyInput: return nil
        case .error: return offset
        }
    }
}

extension Gazetteer {
    /// Loads a geoq places file (plain or gzip TSV). O(file size).
    /// - Throws: ``GeoError/unreadableFile(path:message:)`` naming the file, the line and what
    ///   was expected.
    public init(contentsOf path: String) throws {
        self = try GazetteerError.reported { try PlacesTSV.parse(try GazetteerFile.read(path), path: path) }
    }

    /// Loads several places files (towns, postal codes, airports) as one gazetteer, read
    /// on every core. O(total size). `progress` hears "place index: reading N gazetteers" and
    /// the fraction of the files read.
    /// - Throws: the first file's `GazetteerError`, in the order given.
    public init(contentsOfFiles paths: [String], progress: ProgressHandler? = nil) throws {
        let label = "place index: reading \(paths.count) gazetteer\(paths.count == 1 ? "" : "s")"
        progress?(label, 0)
        let read = Atomic<Int>(0)
        let results = concurrentMap(paths.count) { index in
            defer { progress?(label, Double(read.add(1, ordering: .relaxed).newValue) / Double(paths.count)) }
            return Result { try Gazetteer(contentsOf: paths[index]) }
        }
        self.init(merging: try results.map { try $0.get() })
    }
}
