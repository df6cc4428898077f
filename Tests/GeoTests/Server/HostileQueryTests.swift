import Foundation
import Hummingbird
import Testing
@testable import Geo
@testable import geoq

/// Hostile queries met through the real router: numbers only in decimal, text only in
/// UTF-8, a box off the grid refused by every answer, CSV fields that hold newlines.
@Suite struct HostileQueryTests {
    let service = ServiceTests()

    func json(_ buffer: ByteBuffer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
    }

    @Test(arguments: [
        ("/v1/flood?rise=0x10", HTTPResponse.Status.badRequest),  // hexadecimal is not a sea level
        ("/v1/flood?rise=inf", .badRequest),
        ("/v1/flood/point?lat=0x30&lon=12", .badRequest),
        ("/v1/complete?q=%E9t%E9", .badRequest),  // Latin-1 bytes, not UTF-8
        // The test DEM covers 10–14°E, 47–50°N: a box elsewhere holds no cell, whatever the format,
        // and is the caller's mistake as a point off the DEM is (a 422 before errors had kinds).
        ("/v1/flood?rise=2&bbox=100,10,110,20", .badRequest),
        ("/v1/flood?rise=2&bbox=100,10,110,20&format=png", .badRequest),
        ("/v1/flood?rise=2&bbox=100,10,110,20&format=geojson", .badRequest),
        ("/v1/flood/places?rise=2&bbox=100,10,110,20", .badRequest),
        ("/v1/flood?rise=2&bbox=10.5,47,12,49&format=png", .ok),
        ("/v1/flood/places?rise=8&bbox=10.5,47,12,49", .ok)
    ])
    func getRequests(uri: String, status: HTTPResponse.Status) async throws {
        try await service.withApp { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == status, "\(uri)")
                if status != .ok {
                    let error = try self.json(response.body)["error"] as? [String: Any]
                    #expect(error?["message"] is String, "\(uri)")
                }
            }
        }
    }

    @Test func placeIdsMustBeWholeNumbers() async throws {
        try await service.withApp { client in
            try await client.execute(uri: "/v1/region", method: .post, body: ByteBuffer(string: #"{"placeIds":[true]}"#)) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func aCSVFieldInHexadecimalIsNotANumber() async throws {
        try await service.withApp { client in
            try await client.execute(uri: "/v1/region", method: .post, body: ByteBuffer(string: "lat,lon\n0x10,12\n")) { response in
                #expect(response.status == .badRequest)
                let message = (try self.json(response.body)["error"] as? [String: Any])?["message"] as? String
                #expect(message?.contains("latitude \"0x10\" is not a number") == true, "\(message ?? "")")
            }
        }
    }

    @Test func aQuotedNewlineStaysInsideItsCSVField() async throws {
        let body = "name,lat,lon\n\"Saint\nDenis\",48.5,11.5\n\"Ridge, the\",49.5,12.5\n"
        try await service.withApp { client in
            try await client.execute(uri: "/v1/region", method: .post, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
                let answer = try self.json(response.body)
                #expect(answer["pointCount"] as? Int == 2, "\(answer)")
            }
        }
    }

    @Test(arguments: ["12", "-3.5", ".5", "1e3", " 7 ", "+2"])
    func decimalNumbersAreRead(text: String) {
        #expect(DecimalNumber.parse(text) == Double(text.trimmingCharacters(in: .whitespaces)))
    }

    @Test(arguments: ["0x10", "inf", "nan", "1e", "", ".", "-", "1.2.3", "12abc", "0x1p3"])
    func otherSpellingsAreNot(text: String) {
        #expect(DecimalNumber.parse(text) == nil)
    }
}
