import Testing
@_spi(Testing) @testable import Geo

/// Every accepted format, and the first bad point of each kind named by index and place.
@Suite struct PointSetParserTests {
    private func parse(_ text: String) throws -> PointSet {
        try PointSetParser.read(Array(text.utf8))
    }

    private func error(_ text: String) -> PointSetError? {
        thrownError(PointSetError.self) { _ = try parse(text) }
    }

    // MARK: GeoJSON

    @Test func aFeatureCollectionOfPointsAndMultiPoints() throws {
        let points = try parse(
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"name": "Louvre"}, "geometry": {"type": "Point", "coordinates": [2.3376, 48.8606]}},
              {"type": "Feature", "properties": null, "geometry": {"type": "MultiPoint", "coordinates": [[2.3499, 48.853, 35], [0, 0]]}}
            ]}
            """)
        #expect(points.latitudes == [48.8606, 48.853, 0])
        #expect(points.longitudes == [2.3376, 2.3499, 0])
    }

    @Test func aBareMultiPointPointAndFeature() throws {
        #expect(try parse(#"{"type":"MultiPoint","coordinates":[[1,2],[3,4]]}"#).latitudes == [2, 4])
        #expect(try parse(#"{"type":"Point","coordinates":[-179.5,-16.5]}"#).longitudes == [-179.5])
        let feature = try parse(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1e1,-2.5E-1]},"properties":{}}"#)
        #expect(feature.longitudes == [10] && feature.latitudes == [-0.25])
    }

    @Test func aGeoJSONTypeWithoutPointsIsNotAPointSet() {
        guard case .unrecognizedFormat(let seen) = error(#"{"type":"LineString","coordinates":[[0,0],[1,1]]}"#) else {
            Issue.record("expected unrecognizedFormat")
            return
        }
        #expect(seen.contains("LineString"))
        #expect(error(#"{"name": "not geojson"}"#) == .unrecognizedFormat("found a JSON object without a \"type\" member naming a GeoJSON type"))
    }

    @Test func aFeatureThatIsNotAPointIsNamed() {
        let text = """
            {"type":"FeatureCollection","features":[
              {"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}},
              {"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]},"properties":{}}]}
            """
        #expect(error(text) == .badPoint(index: 1, location: "feature 1", problem: "geometry is a LineString; expected a Point or MultiPoint"))
        let nullGeometry = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null,"properties":{}}]}"#
        #expect(error(nullGeometry) == .badPoint(index: 0, location: "feature 0", problem: "geometry is null; expected a Point or MultiPoint"))
    }

    @Test func aShortOrNonNumericPositionIsNamed() {
        let text = #"{"type":"MultiPoint","coordinates":[[1,2],[3,4],[5]]}"#
        #expect(
            error(text)
                == .badPoint(
                    index: 2, location: "position 2",
                    problem: "expected a position [longitude, latitude] of two numbers; found [the number 5.0]"))
        guard
            case .badPoint(0, "feature 0", let problem) = error(
                #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":["2.3","48.8"]}}]}"#)
        else {
            Issue.record("expected badPoint")
            return
        }
        #expect(problem.contains("the string \"2.3\""))
    }

    // MARK: JSON pairs

    @Test func aJSONArrayOfLongitudeLatitudePairs() throws {
        let points = try parse("[[178, -18], [-179.5, -16.5], [2.35, 48.85, 35]]")
        #expect(points.longitudes == [178, -179.5, 2.35])
        #expect(points.latitudes == [-18, -16.5, 48.85])
    }

    @Test func nanAndOutOfRangeCoordinatesAreNamedByIndex() {
        #expect(error("[[1, 2], [3, NaN], [4, 5]]") == .badPoint(index: 1, location: nil, problem: "latitude is nan; expected a finite number of degrees"))
        #expect(error("[[1, 2], [3, 4], [200, 5]]") == .badPoint(index: 2, location: nil, problem: "longitude 200.0 is out of range; expected -180 to 180"))
        #expect(error("[[1, 95]]") == .badPoint(index: 0, location: nil, problem: "latitude 95.0 is out of range; expected -90 to 90"))
        #expect(error("[[1, 2], [-Infinity, 4]]") == .badPoint(index: 1, location: nil, problem: "longitude is -inf; expected a finite number of degrees"))
        #expect(error("[[1, 1e400]]") == .badPoint(index: 0, location: nil, problem: "latitude is inf; expected a finite number of degrees"))
    }

    @Test func brokenJSONNamesLineAndColumn() {
        #expect(error("[[1, 2],\n [3, 4]") == .invalidJSON("line 2, column 8: unexpected end of input; expected ',' or ']' after an array element"))
        #expect(error("[[1, 2], [3, 4]] x") == .invalidJSON("line 1, column 18: unexpected 'x' after the end of the document"))
        #expect(error("{\"type\": 'Point'}") == .invalidJSON("line 1, column 10: unexpected '''; expected a value"))
        let deep = String(repeating: "[", count: 10_000)
        #expect(error(deep) == .invalidJSON("line 1, column 513: nesting deeper than 512 levels"))
    }

    // MARK: CSV

    @Test func csvWithCommasAnyColumnOrderAndOtherColumns() throws {
        let points = try parse("name,Lon,LAT,population\nParis,2.3522,48.8566,2100000\r\n\nLyon,4.8357,45.764,500000\n")
        #expect(points.latitudes == [48.8566, 45.764] && points.longitudes == [2.3522, 4.8357])
    }

    @Test func csvWithSemicolonsAndDecimalCommas() throws {
        let points = try parse("Latitude;Longitude\n48,8566;2,3522\n\"45,764\";\"4,8357\"\n")
        #expect(points.latitudes == [48.8566, 45.764] && points.longitudes == [2.3522, 4.8357])
    }

    @Test func csvWithTabsQuotesAndAByteOrderMark() throws {
        let text = "\u{FEFF}\"lng\"\t\"name\"\tlatitude\n-74.006\t\"New York, \"\"NY\"\"\"\t40.7128\n"
        let points = try parse(text)
        #expect(points.latitudes == [40.7128] && points.longitudes == [-74.006])
        #expect(try parse("id,long,lat\n1,10,20\n").longitudes == [10])
    }

    @Test func csvBadRowsNameTheirLine() {
        #expect(error("lat,lon\n1,2\n\n3\n") == .badPoint(index: 1, location: "line 4", problem: "the row has 1 field; expected at least 2"))
        #expect(error("lat,lon\n1,2\nabc,4\n") == .badPoint(index: 1, location: "line 3", problem: "latitude \"abc\" is not a number"))
        #expect(error("lat,lon\n1,\n") == .badPoint(index: 0, location: "line 2", problem: "longitude is empty; expected a number"))
        #expect(error("lat,lon\n1,2\n3,4\nNaN,5\n") == .badPoint(index: 2, location: "line 4", problem: "latitude is nan; expected a finite number of degrees"))
        #expect(error("lat,lon\n-91,2\n") == .badPoint(index: 0, location: "line 2", problem: "latitude -91.0 is out of range; expected -90 to 90"))
    }

    @Test func csvHeadersThatCannotBeUsed() {
        #expect(error("lat,name\n1,x\n") == .invalidCSVHeader("it names a latitude column but no longitude column (lon, lng, long or longitude)"))
        #expect(error("lat,lon,latitude\n1,2,3\n") == .invalidCSVHeader("columns 1 and 3 both name the latitude; expected one"))
    }

    @Test func textThatIsNoFormatIsRefused() {
        #expect(error("hello world\n1 2\n") == .unrecognizedFormat("the first line is \"hello world\""))
        #expect(error("48.85,2.35\n45.76,4.83\n") == .unrecognizedFormat("the first line is \"48.85,2.35\""))
    }

    // MARK: Empty input

    @Test func inputWithoutPointsIsEmpty() {
        for text in ["", "  \n\t", "[]", #"{"type":"FeatureCollection","features":[]}"#, "lat,lon\n", "lat;lon\n\n\n"] {
            #expect(error(text) == .empty, "\(text.debugDescription)")
        }
    }

    // MARK: Robustness

    @Test func damagedInputIsRefusedNeverATrap() {
        let samples = [
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[[1.5,-2e1],[3,4]]},"properties":{"a":"\u00e9\n"}}]}"#,
            "[[178, -18], [-179.5, -16.5], [2.35, 48.85, 35]]",
            "name;Latitude;Longitude\n\"a;b\";48,85;2,35\r\nc;45.76;4.83\n"
        ].map { Array($0.utf8) }
        var random = SplitMix64(seed: 11)
        let alphabet = Array("{}[]\",:;.-+eE0123456789 \n\t\\NaIlatlon".utf8)
        for _ in 0..<3000 {
            var bytes = samples.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where position < bytes.count: bytes.remove(at: position)
                case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: position)
                default: bytes = Array(bytes.prefix(position))
                }
            }
            // Either points or a PointSetError; anything else (or a trap) fails the test.
            do {
                _ = try PointSetParser.read(bytes)
            } catch {
                #expect(error is PointSetError)
            }
        }
    }

    // MARK: PointSet

    @Test func aPointSetChecksItsArrays() {
        #expect(throws: PointSetError.countMismatch(latitudes: 2, longitudes: 1).geoError) {
            try PointSet(latitudes: [1, 2], longitudes: [3])
        }
        #expect(throws: PointSetError.empty.geoError) { try PointSet(latitudes: [], longitudes: []) }
        #expect(throws: GeoError.invalidInput(.points, "point 1: longitude is nan; expected a finite number of degrees")) {
            try PointSet(latitudes: [1, 2], longitudes: [3, .nan])
        }
    }

    @Test func errorsReadAsOneLine() {
        let error = PointSetError.badPoint(index: 3, location: "line 5", problem: "latitude 95.0 is out of range; expected -90 to 90")
        #expect(error.description == "point 3 (line 5): latitude 95.0 is out of range; expected -90 to 90")
        #expect(!PointSetError.unrecognizedFormat("x").description.contains("\n"))
        #expect(throws: GeoError.invalidInput(.points, "no points: the input holds no coordinates")) { try PointSetParser.parse([UInt8]()) }
    }
}
