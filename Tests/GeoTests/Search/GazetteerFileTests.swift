import Foundation
import Testing
@testable import Geo

/// Reading and writing gazetteer files, and importing GeoNames data, including the ways
/// such files go wrong.
struct GazetteerFileTests {
    typealias F = SearchFixtures

    static let dumpLines = [
        // geonameid name asciiname alternatenames lat lon class code cc cc2 admin1 a2 a3 a4 population elevation dem tz date
        "2988507\tParis\tParis\tLutetia,Paname\t48.85341\t2.3488\tP\tPPLC\tFR\t\t11\t75\t751\t75056\t2138551\t\t42\tEurope/Paris\t2024-01-01",
        "4717560\tParis\tParis\t\t33.66094\t-95.55551\tP\tPPLA2\tUS\t\tTX\t277\t\t\t24782\t\t183\tAmerica/Chicago\t2024-01-01",
        "this line is not a GeoNames row",
        "3017382\tFrance\tFrance\t\t46\t2\tA\tPCLI\tFR\t\t00\t\t\t\t66987244\t\t\tEurope/Paris\t2024-01-01",
        "123\tBroken\tBroken\t\tnorth\t2\tP\tPPL\tFR\t\t11\t\t\t\t5\t\t\tEurope/Paris\t2024-01-01",
        "5391959\tSan Francisco\tSan Francisco\tSF,Frisco\t37.77493\t-122.41942\tP\tPPLA2\tUS\t\tCA\t075\t\t\t864816\t16\t28\tAmerica/Los_Angeles\t2024-01-01"
    ]

    @Test func importsAGeoNamesDumpSkippingMalformedLinesByNumber() throws {
        let path = try F.temporaryFile("cities500.txt", contents: Array(Self.dumpLines.joined(separator: "\n").utf8))
        let countryInfo = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("countryInfo.txt")
        try "#ISO\tISO3\tISO-Numeric\tfips\tCountry\nFR\tFRA\t250\tFR\tFrance\nUS\tUSA\t840\tUS\tUnited States\n"
            .write(to: countryInfo, atomically: false, encoding: .utf8)
        let result = try Gazetteer.importGeoNames(from: path)
        #expect(result.gazetteer.places.map(\.id) == [2988507, 4717560, 5391959])
        #expect(result.skipped.map(\.line) == [3, 5])
        #expect(result.notPopulated == 1)
        #expect(result.gazetteer.countries["US"]?.name == "United States")
        #expect(result.gazetteer.places[0].alternateNames == ["Lutetia", "Paname"])
        #expect(result.gazetteer.places[0].featureCode == "PPLC")

        // Written and read back, nothing changes; the write leaves no temporary file.
        let output = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("out.tsv.gz").path
        try result.gazetteer.write(to: output)
        let reread = try Gazetteer(contentsOf: output)
        #expect(reread.places == result.gazetteer.places)
        #expect(reread.countries == result.gazetteer.countries)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: output).deletingLastPathComponent().path)
        #expect(leftovers.filter { $0.hasSuffix(".tmp") }.isEmpty)
        let completer = PlaceCompleter(gazetteer: reread)
        #expect(try completer.complete(query: "frisco").first?.matchedAlias == "Frisco")
    }

    @Test func importsGeonamescacheJSONWithCapitalsFromCountriesJSON() throws {
        let json = """
            {"2988507": {"geonameid": 2988507, "name": "Paris", "latitude": 48.85, "longitude": 2.35, "countrycode": "FR",
                         "population": 2138551, "timezone": "Europe/Paris", "admin1code": "11", "alternatenames": ["Lutèce"]},
             "6454307": {"geonameid": 6454307, "name": "Lyon", "latitude": 45.75, "longitude": 4.85, "countrycode": "FR",
                         "population": 522969, "timezone": "Europe/Paris", "admin1code": "84", "alternatenames": []},
             "1": {"name": "no id"}}
            """
        let path = try F.temporaryFile("cities15000.json", contents: Array(json.utf8))
        let countries = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("countries.json")
        try #"{"FR": {"name": "France", "iso3": "FRA", "capital": "Paris"}}"#.write(to: countries, atomically: false, encoding: .utf8)
        let result = try Gazetteer.importGeoNames(from: path)
        #expect(result.gazetteer.places.map(\.id) == [2988507, 6454307])
        #expect(result.skipped.map(\.record) == ["1"])
        #expect(result.gazetteer.places.map(\.featureCode) == ["PPLC", "PPL"])
        #expect(result.gazetteer.countries["FR"] == AreaName(name: "France", aliases: ["FRA"]))
    }

    /// 40 MiB of zeros gzip to about 40 kB, a thousandfold: no text compresses so far, and a file
    /// that does is refused while it inflates, not after it has filled memory.
    @Test func aGzipThatInflatesPastAnyDataFileIsRefusedNamingIt() throws {
        let folder = URL(fileURLWithPath: try F.temporaryFile("seed", contents: [])).deletingLastPathComponent()
        let bomb = folder.appendingPathComponent("areas.geojson.gz").path
        try GazetteerFile.writeAtomically([UInt8](repeating: 0, count: 40 << 20), to: bomb, gzip: true)
        let compressed = try #require(try FileManager.default.attributesOfItem(atPath: bomb)[.size] as? Int)
        #expect(compressed < 1 << 20)
        let reason = "it inflates to more than 32 times its size, which no text or GeoJSON does; expected a gzip-compressed geoq data file"
        #expect(throws: GazetteerError.unreadable(path: bomb, reason: reason)) { try GazetteerFile.read(bomb) }
        #expect(throws: GazetteerError.unreadable(path: bomb, reason: reason).geoError) { try Gazetteer(contentsOf: bomb) }
        // Below 16 MiB a file is read whole however well it compresses: a repeated line, here.
        let text = folder.appendingPathComponent("text.gz").path
        let line = Array("P\t1\tParis\tParis\t\tFR\t11\t48.85\t2.35\t2138551\tPPLC\tEurope/Paris\t42\n".utf8)
        let many = Array((0..<20_000).map { _ in line }.joined())
        try GazetteerFile.writeAtomically(many, to: text, gzip: true)
        #expect(try GazetteerFile.read(text) == many)
    }

    @Test func badFilesGiveOneLineNamingTheFileAndTheExpectation() throws {
        let missing = "/nonexistent/places.tsv.gz"
        #expect(throws: GazetteerError.missing(path: missing).geoError) { try Gazetteer(contentsOf: missing) }
        #expect(throws: GeoError.unreadableFile(path: missing, message: "no such file (expected a geoq places TSV, optionally gzip-compressed)")) {
            try Gazetteer(contentsOf: missing)
        }

        let empty = try F.temporaryFile("empty.tsv", contents: [])
        #expect(throws: GazetteerError.empty(path: empty).geoError) { try Gazetteer(contentsOf: empty) }

        let csv = try F.temporaryFile("places.csv", contents: Array("id,name\n1,Paris\n".utf8))
        #expect(throws: GazetteerError.notPlacesTSV(path: csv, line: 1, found: "id,name").geoError) { try Gazetteer(contentsOf: csv) }

        let header = PlacesTSV.headerLine + "\n"
        let shortRow = try F.temporaryFile("short.tsv", contents: Array((header + "P\t1\tParis\n").utf8))
        #expect(throws: GazetteerError.badRow(path: shortRow, line: 2, reason: "expected 13 tab-separated fields, found 3").geoError) {
            try Gazetteer(contentsOf: shortRow)
        }

        let invalid = try F.temporaryFile("latin1.tsv", contents: Array(header.utf8) + Array("P\t1\tS".utf8) + [0xE3] + Array("o\n".utf8))
        #expect(throws: GazetteerError.invalidUTF8(path: invalid, line: 2, byteColumn: 6).geoError) { try Gazetteer(contentsOf: invalid) }

        let onlyHeader = try F.temporaryFile("header.tsv", contents: Array(header.utf8))
        #expect(throws: GazetteerError.noPlaces(path: onlyHeader).geoError) { try Gazetteer(contentsOf: onlyHeader) }

        let notGeoNames = try F.temporaryFile("notes.txt", contents: Array("a\tb\nc\td\ne\tf\ng\th\ni\tj\n".utf8))
        #expect(throws: GazetteerError.unknownFormat(path: notGeoNames).geoError) { try Gazetteer.importGeoNames(from: notGeoNames) }

        for error in [GazetteerError.missing(path: missing), .empty(path: empty), .noPlaces(path: onlyHeader)] {
            #expect(error.description.hasPrefix(error.pathForTests))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func embeddedGazetteerHasPlacesCountriesAndRegions() throws {
        let gazetteer = SearchFixtures.embeddedGazetteer
        #expect(gazetteer.places.count > 30_000)
        #expect(gazetteer.countries["US"]?.name == "United States")
        let houston = try #require(gazetteer.places.first { $0.id == 4699066 })
        #expect(gazetteer.subtitle(for: houston) == "Texas, United States")
        #expect(gazetteer.places.contains { $0.featureCode == "PPLC" && $0.name == "Berlin" })
    }
}

extension GazetteerError {
    var pathForTests: String {
        switch self {
        case .missing(let path), .missingSource(let path), .empty(let path), .noPlaces(let path), .unknownFormat(let path),
            .unreadable(let path, _), .notPlacesTSV(let path, _, _), .invalidUTF8(let path, _, _), .badRow(let path, _, _):
            return path
        }
    }
}
