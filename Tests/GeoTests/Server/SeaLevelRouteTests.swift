import Foundation
import Hummingbird
import Testing
@testable import Geo
@testable import geoq

/// `year`, `scenario`, `quantile` and `high_tide` over HTTP: the engine's answer at the level
/// they stand for, byte for byte, and a 400 naming the parameter for bad input.
@Suite struct SeaLevelRouteTests {
    let service = ServiceTests()

    func json(_ buffer: ByteBuffer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
    }

    @Test func aYearAndAScenarioAnswerAsTheEngineDoes() async throws {
        let question = SeaLevelQuestion(rise: .projected(try SeaLevelProjection(year: 2100, scenario: .ssp585, quantile: .p83)), highTide: .metres(1.5))
        let expected = try JSONOutput.encode(ServiceTests.engine.floodReport(question, bbox: nil, placeLimit: 10))
        try await service.withApp { client in
            try await client.execute(uri: "/v1/flood?year=2100&scenario=ssp585&quantile=83&high_tide=1.5", method: .get) { response in
                #expect(response.status == .ok)
                #expect(Data(response.body.readableBytesView) == expected)
                let body = try self.json(response.body)
                #expect(body["rise"] as? Double == 1.011 + 1.5)
                // Asked above high tide, the datum says so (issue 53).
                #expect(
                    body["datum"] as? String == "metres above high tide (+1.50 m here), itself above mean sea level (EGM96/EGM2008 geoid); "
                        + "flood defences are not modelled")
            }
            try await client.execute(uri: "/v1/flood/point?lat=48.5&lon=12.5", method: .get) { response in
                let body = try self.json(response.body)
                #expect(body["datum"] as? String == SeaLevelDatum.statement)
            }
            try await client.execute(uri: "/v1/projections", method: .get) { response in
                #expect(response.status == .ok)
                let table = try self.json(response.body)
                #expect((table["rows"] as? [Any])?.count == 70)
            }
            try await client.execute(uri: "/v1/tiles/2/1/1.png?year=2050&scenario=SSP1-2.6", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test(arguments: [
        ("/v1/flood?year=2100&scenario=RCP8.5", "scenario: \"RCP8.5\" is not a scenario geoq knows; expected SSP1-1.9, SSP1-2.6, SSP2-4.5, SSP3-7.0 or SSP5-8.5"),
        ("/v1/flood?year=2200&scenario=SSP2-4.5", "year: 2200 is not offered; expected a year from 2020 to 2150"),
        ("/v1/flood?year=2100&scenario=SSP2-4.5&quantile=25", "quantile: 25 is not offered; expected 17, 50 (the median) or 83"),
        ("/v1/flood?year=2100&scenario=SSP2-4.5&rise=1", "year: give rise, or year with scenario, not both"),
        ("/v1/flood?year=2100", "scenario: missing; year needs one of SSP1-1.9, SSP1-2.6, SSP2-4.5, SSP3-7.0 or SSP5-8.5"),
        ("/v1/flood", "rise: missing; expected a sea-level change in metres from -12000 to 12000, or year with scenario"),
        ("/v1/flood/places?rise=1&high_tide=500", "high_tide: 500 is out of range; expected high tide in metres above mean sea level from -100 to 100, or a raster of it"),
        ("/v1/flood/point?lat=48.5&lon=12.5&year=2100", "scenario: missing; year needs one of SSP1-1.9, SSP1-2.6, SSP2-4.5, SSP3-7.0 or SSP5-8.5"),
        // With a rise, a scenario or a quantile means nothing: refused, as the command line refuses them.
        ("/v1/flood/point?lat=48.5&lon=12.5&rise=1&scenario=junk&quantile=99", "scenario: only with year (a sea level asked by year and scenario)"),
        ("/v1/flood?rise=1&scenario=SSP2-4.5", "scenario: only with year (a sea level asked by year and scenario)"),
        ("/v1/flood?rise=1&quantile=50", "quantile: only with year (a sea level asked by year and scenario)")
    ])
    func badInputIsA400NamingTheParameter(uri: String, message: String) async throws {
        try await service.withApp { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .badRequest, "\(uri)")
                let error = try #require(try self.json(response.body)["error"] as? [String: Any])
                #expect(error["message"] as? String == message, "\(uri)")
            }
        }
    }
}
