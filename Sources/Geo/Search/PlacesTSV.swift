/// geoq's gazetteer file: UTF-8, tab-separated, one header line, then one row per place
/// (kind `P`), country (`C`) or first-level region (`A`). Alternate names are separated by
/// commas, as in GeoNames dumps. Lines starting with `#` are comments. The file may be
/// gzip-compressed (`data/places.tsv.gz`).
///
///     kind geonameid name asciiname alternatenames country admin1 latitude longitude population feature timezone
///     P    4726206   San Antonio …                  US      TX     29.42    -98.49    1434625    PPLA2   America/Chicago
///     C    6252001   United States … USA,US          US
///     A              Texas         … TX              US      TX
enum PlacesTSV {
    static let columns = [
        "kind", "geonameid", "name", "asciiname", "alternatenames", "country", "admin1",
        "latitude", "longitude", "population", "feature", "timezone",
    ]
    static let headerLine = columns.joined(separator: "\t")
    static let headerDescription = "a header line of \(columns.count) tab-separated columns: \(columns.joined(separator: " "))"
    static let comment = "# geoq places: GeoNames data (https://www.geonames.org), CC BY 4.0; see data/README.md"

    /// Parses a places file already in memory. O(file size).
    static func parse(_ bytes: [UInt8], path: String) throws -> Gazetteer {
        if bytes.isEmpty { throw GazetteerError.empty(path: path) }
        var places: [Place] = []
        var countries: [String: AreaName] = [:]
        var regions: [String: AreaName] = [:]
        var sawHeader = false
        var lastLine = 0
        var fields: [String] = []
        fields.reserveCapacity(columns.count)
        try forEachLine(bytes) { lineNumber, line in
            lastLine = lineNumber
            if line.isEmpty || line[0] == UInt8(ascii: "#") { return }
            try splitFields(line, into: &fields, path: path, lineNumber: lineNumber)
            if !sawHeader {
                guard fields == columns else {
                    let found = fields.joined(separator: " ⇥ ")
                    throw GazetteerError.notPlacesTSV(path: path, line: lineNumber, found: String(found.prefix(60)))
                }
                sawHeader = true
                return
            }
            guard fields.count == columns.count else {
                throw GazetteerError.badRow(path: path, line: lineNumber,
                    reason: "expected \(columns.count) tab-separated fields, found \(fields.count)")
            }
            let aliases = fields[4].isEmpty ? [] : fields[4].split(separator: ",").map(String.init)
            switch fields[0] {
            case "P":
                places.append(try place(from: fields, aliases: aliases, path: path, lineNumber: lineNumber))
            case "C":
                countries[fields[5]] = AreaName(name: fields[2], aliases: aliases)
            case "A":
                regions[Gazetteer.regionKey(country: fields[5], admin1: fields[6])] = AreaName(name: fields[2], aliases: aliases)
            default:
                throw GazetteerError.badRow(path: path, line: lineNumber,
                    reason: "unknown row kind '\(fields[0])' (expected P, C or A)")
            }
        }
        if !sawHeader {
            throw GazetteerError.notPlacesTSV(path: path, line: lastLine, found: "only comments")
        }
        if places.isEmpty { throw GazetteerError.noPlaces(path: path) }
        return Gazetteer(places: places, countries: countries, regions: regions)
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
                throw GazetteerError.badRow(path: path, line: lineNumber,
                    reason: "\(columns[index]) '\(fields[index].prefix(30))' is not a number")
            }
            return value
        }
        let latitude = try number(7, Double.self), longitude = try number(8, Double.self)
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw GazetteerError.badRow(path: path, line: lineNumber,
                reason: "coordinates \(latitude),\(longitude) out of range (expected latitude −90…90, longitude −180…180)")
        }
        return Place(
            id: try number(1, Int.self), name: fields[2], asciiName: fields[3], alternateNames: aliases,
            countryCode: fields[5], admin1Code: fields[6], latitude: latitude, longitude: longitude,
            population: fields[9].isEmpty ? 0 : try number(9, Int.self),
            featureCode: fields[10], timeZone: fields[11])
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
            out += ["C", "", clean(country.name), "", aliasList(country.aliases), code, "", "", "", "", "", ""]
                .joined(separator: "\t") + "\n"
        }
        for key in includeRegions.keys.sorted() {
            let region = includeRegions[key]!
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            out += ["A", "", clean(region.name), "", aliasList(region.aliases), parts[0], parts.count > 1 ? parts[1] : "",
                    "", "", "", "", ""].joined(separator: "\t") + "\n"
        }
        for place in gazetteer.places {
            out += [
                "P", String(place.id), clean(place.name), clean(place.asciiName), aliasList(place.alternateNames),
                place.countryCode, place.admin1Code, String(place.latitude), String(place.longitude),
                String(place.population), place.featureCode, place.timeZone,
            ].joined(separator: "\t") + "\n"
        }
        return out
    }
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
}
