import Foundation
import Geo
import Hummingbird

/// Typed reading of query parameters, with errors that name the parameter and what was expected.
extension Request {
    /// A query parameter as text: form-encoded '+' is a space, %XX escapes decoded.
    func text(_ name: String) -> String? {
        uri.queryParameters[Substring(name)].map { raw in
            let spaced = raw.replacingOccurrences(of: "+", with: " ")
            return spaced.removingPercentEncoding ?? spaced
        }
    }

    func requiredNumber(_ name: String, _ expectation: String) throws -> Double {
        guard let raw = text(name) else { throw APIError.badParameter(name, "missing; expected \(expectation)") }
        return try number(name, raw, expectation)
    }

    func optionalNumber(_ name: String, _ expectation: String) throws -> Double? {
        try text(name).map { try number(name, $0, expectation) }
    }

    private func number(_ name: String, _ raw: String, _ expectation: String) throws -> Double {
        guard let value = Double(raw.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw APIError.badParameter(name, "expected \(expectation), got \"\(raw)\"")
        }
        return value
    }

    func integer(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        guard let raw = text(name) else { return fallback }
        guard let value = Int(raw), range.contains(value) else {
            throw APIError.badParameter(name, "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(raw)\"")
        }
        return value
    }

    func boolean(_ name: String, default fallback: Bool) throws -> Bool {
        guard let raw = text(name) else { return fallback }
        switch raw {
        case "true", "1": return true
        case "false", "0": return false
        default: throw APIError.badParameter(name, "expected true or false, got \"\(raw)\"")
        }
    }

    func rise() throws -> Double {
        let rise = try requiredNumber("rise", "a sea-level change in metres from -12000 to 12000")
        try SpillIndex.validateRise(rise, parameter: "rise")
        return rise
    }

    func bbox() throws -> GeoBBox? {
        try text("bbox").map { try GeoBBox.parse($0, parameter: "bbox") }
    }

    /// An optional `lat` and `lon` pair (both or neither).
    func point(required: Bool) throws -> GeoPoint? {
        let latitude = try optionalNumber("lat", "a latitude from -90 to 90"), longitude = try optionalNumber("lon", "a longitude from -180 to 180")
        switch (latitude, longitude) {
        case let (latitude?, longitude?):
            guard (-90...90).contains(latitude) else { throw APIError.badParameter("lat", "expected a latitude from -90 to 90, got \(latitude)") }
            guard (-180...180).contains(longitude) else { throw APIError.badParameter("lon", "expected a longitude from -180 to 180, got \(longitude)") }
            return GeoPoint(latitude: latitude, longitude: longitude)
        case (nil, nil):
            if required { throw APIError.badParameter("lat", "missing; expected lat and lon in degrees") }
            return nil
        default:
            throw APIError.badParameter(latitude == nil ? "lat" : "lon", "missing; lat and lon go together")
        }
    }
}

extension Response {
    static func data(_ data: Data, contentType: String, headers extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func json<T: Encodable>(_ value: T) throws -> Response {
        return .data(try JSONOutput.encode(value), contentType: "application/json")
    }
}
