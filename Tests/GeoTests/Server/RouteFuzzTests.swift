import Foundation
import Hummingbird
import NIOCore
import Testing
import Yams
@_spi(Testing) @testable import Geo
@testable import geoq

/// Every route of `openapi.yaml`, asked through the real router with parameters drawn from a
/// seeded generator: each number at its type's edges (Int.max, Int.min and one past them, -1,
/// 0, NaN, inf, 1e308, 1e309, a subnormal), declared choices, huge and odd strings, and bodies
/// of the same. No answer may be a 5xx. `GEOQ_FUZZ_REQUESTS` sets how many (`make bench` runs
/// the long one); `GEOQ_FUZZ_SEED` the seed.
@Suite struct RouteFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let requestCount = environment["GEOQ_FUZZ_REQUESTS"].flatMap(Int.init) ?? 10_000
    static let seed = environment["GEOQ_FUZZ_SEED"].flatMap(UInt64.init) ?? 50

    /// One operation: its method, its path template and its parameters' names, places and schemas.
    struct Operation {
        var method: HTTPRequest.Method
        var path: String
        var parameters: [(name: String, inPath: Bool, schema: [String: Any])]
    }

    /// Every operation of the document, with `$ref` parameters resolved.
    static func operations() throws -> [Operation] {
        let url = TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml")
        let document = try #require(try Yams.load(yaml: String(contentsOf: url, encoding: .utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        let shared = ((document["components"] as? [String: Any])?["parameters"] as? [String: Any]) ?? [:]
        var found: [Operation] = []
        for (path, item) in paths.sorted(by: { $0.key < $1.key }) {
            for (method, operation) in (item as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let operation = operation as? [String: Any], let verb = HTTPRequest.Method(method.uppercased()) else { continue }
                let parameters = (operation["parameters"] as? [Any] ?? []).compactMap { entry -> (String, Bool, [String: Any])? in
                    var parameter = entry as? [String: Any] ?? [:]
                    if let reference = parameter["$ref"] as? String {
                        parameter = shared[String(reference.split(separator: "/").last ?? "")] as? [String: Any] ?? [:]
                    }
                    guard let name = parameter["name"] as? String else { return nil }
                    return (name, parameter["in"] as? String == "path", parameter["schema"] as? [String: Any] ?? [:])
                }
                found.append(Operation(method: verb, path: path, parameters: parameters))
            }
        }
        return found
    }

    /// Numbers at the edges of every type a parameter is read as, and their spellings.
    static let edgeNumbers = [
        "9223372036854775807", "9223372036854775806", "9223372036854775000", "4611686018427387904", "-9223372036854775808",
        "9223372036854775808", "-9223372036854775809", "4294967296", "2147483648",
        "-1", "0", "1", "-0", "NaN", "nan", "inf", "-inf", "Infinity", "1e308", "-1e308", "1e309", "4.9e-324", "2.2250738585072014e-308",
        "0.5", "99999999999999999999999999", "1e-400", "0x10", "+1", "01", "1.", ".5", "1e", "١٢", "12abc"
    ]

    /// Strings no parameter expects.
    static func oddStrings(_ random: inout SplitMix64) -> [String] {
        [
            String(repeating: "9", count: 10_000), String(repeating: "a", count: 5_000), "", " ", "%00", "\u{0}", "é", "🌊",
            "../../etc/passwd", "a,b,c,d", "1,2,3,4", "-180,-90,180,90", "10,47,14,50", "0,0,0,0", "1e308,1e308,1e308,1e308",
            "ssp245", "SSP5-8.5", "hamburg", "bangladesh", "Basinville", String(repeating: "x,", count: 2_000),
            String((0..<Int(random.next() % 40)).map { _ in Character(UnicodeScalar(UInt8(32 + random.next() % 95))) })
        ]
    }

    /// A value for `schema`: a declared choice, a number within or at the edge of its bounds, an
    /// edge number, or an odd string.
    static func value(for schema: [String: Any], _ random: inout SplitMix64) -> String {
        let draw = random.next() % 10
        if let choices = schema["enum"] as? [Any], draw < 4 { return "\(choices[Int(random.next() % UInt64(choices.count))])" }
        let type = schema["type"] as? String
        if type == "integer" || type == "number", draw < 5 {
            let low = (schema["minimum"] as? NSNumber)?.doubleValue ?? -1000, high = (schema["maximum"] as? NSNumber)?.doubleValue ?? 1000
            let candidates = [low, high, low - 1, high + 1, (low + high) / 2, low + Double(random.next() % 1000) / 1000 * (high - low)]
            let number = candidates[Int(random.next() % UInt64(candidates.count))]
            return type == "integer" ? String(Int(max(-1e15, min(1e15, number.rounded())))) : String(number)
        }
        if draw < 9 { return edgeNumbers[Int(random.next() % UInt64(edgeNumbers.count))] }
        let odd = oddStrings(&random)
        return odd[Int(random.next() % UInt64(odd.count))]
    }

    /// A request each route answers (200), which the fuzz mutates a few parameters of at a time:
    /// a request wrong in many ways at once is refused at its first mistake and reaches nothing
    /// deeper. Path parameters by name, then query parameters.
    static let validRequests: [String: [String: String]] = [
        "/v1/flood": ["rise": "2"],
        "/v1/flood/point": ["lat": "48.5", "lon": "12.5", "rise": "2"],
        "/v1/flood/places": ["rise": "8"],
        "/v1/places/largest": [:],
        "/v1/postcode/check": ["code": "20095", "country": "DE"],
        "/v1/complete": ["q": "bas"],
        "/v1/tiles/{z}/{x}/{y}.png": ["z": "3", "x": "4", "y": "2", "rise": "2"],
        "/v1/projections": [:],
        "/v1/relief": [:],
        "/v1/region": ["flooded_at": "8"],
        "/static/{file}": ["file": "geoq.js"],
        "/leaflet/{file}": ["file": "leaflet.js"],
        "/leaflet/images/{file}": ["file": "layers.png"],
        "/three/{file}": ["file": "three.min.js"]
    ]

    /// Percent-encodes everything but unreserved characters.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? ""
    }

    /// A body for a route that takes one: JSON or CSV of points or place ids, with edge numbers.
    static func body(_ random: inout SplitMix64) -> ByteBuffer {
        let number = { (random: inout SplitMix64) in edgeNumbers[Int(random.next() % UInt64(edgeNumbers.count))] }
        switch random.next() % 6 {
        case 0: return ByteBuffer(string: #"{"placeIds":[\#(number(&random)),\#(number(&random))]}"#)
        case 1: return ByteBuffer(string: #"{"points":[{"lat":\#(number(&random)),"lon":\#(number(&random))}]}"#)
        case 2: return ByteBuffer(string: "lat,lon\n\(number(&random)),\(number(&random))\n48.5,11.5\n")
        case 3: return ByteBuffer(string: "name,lat,lon\n\"a\",\(number(&random)),\(number(&random))\n")
        case 4: return ByteBuffer(string: String(repeating: "[", count: 10_000))
        default: return ByteBuffer(string: oddStrings(&random)[Int(random.next() % 20)])
        }
    }

    /// The service's test engine (ServiceTests) with a regional projection file, so year
    /// questions at a place take the regional path too.
    static func engine() throws -> QueryEngine {
        var engine = ServiceTests.engine
        let file = TestRasters.temporaryDirectory().appendingPathComponent("total_ssp245_medium_confidence_values.nc").path
        AR6ProjectionFiles.write(
            at: file, quantiles: [0.05, 0.17, 0.5, 0.83, 0.95], years: [2020, 2050, 2100, 2150],
            locations: [(48.4, 11.6), (0, 0)]
        ) { q, y, l in Int16(1000 * l + 100 * y + q) }
        engine.regionalProjections = try RegionalProjectionFiles(paths: [file])
        return engine
    }

    @Test(.timeLimit(.minutes(60))) func noRequestToAnyRouteIsAServerFault() async throws {
        let operations = try Self.operations()
        #expect(operations.count >= 19, "every route of openapi.yaml")
        let app = Application(router: GeoqRouter.build(engine: try Self.engine(), openAPISpec: ServiceTests.spec))
        var random = SplitMix64(seed: Self.seed)
        var requests: [(HTTPRequest.Method, String, ByteBuffer?)] = []
        for index in 0..<Self.requestCount {
            let operation = operations[index % operations.count]
            // A valid request with one to three of its route's parameters drawn anew (or left out).
            var values = Self.validRequests[operation.path] ?? [:]
            for _ in 0..<(1 + Int(random.next() % 3)) where !operation.parameters.isEmpty {
                let parameter = operation.parameters[Int(random.next() % UInt64(operation.parameters.count))]
                if !parameter.inPath, random.next() % 8 == 0 { values[parameter.name] = nil; continue }
                values[parameter.name] = Self.value(for: parameter.schema, &random)
            }
            var path = operation.path, query: [String] = []
            for parameter in operation.parameters {
                if parameter.inPath {
                    let value = values[parameter.name] ?? Self.value(for: parameter.schema, &random)
                    path = path.replacingOccurrences(of: "{\(parameter.name)}", with: Self.encoded(value))
                } else if let value = values[parameter.name] {
                    query.append("\(parameter.name)=\(Self.encoded(value))")
                }
            }
            // The tile's y is "{y}.png": the suffix is dropped now and then.
            if random.next() % 20 == 0 { path = path.replacingOccurrences(of: ".png", with: "") }
            // Now and then a parameter twice, or one no route knows.
            if random.next() % 10 == 0, let first = query.first { query.append(first) }
            if random.next() % 20 == 0 { query.append("unknown=\(Self.encoded(Self.value(for: [:], &random)))") }
            let uri = path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            let body = operation.method == .post && (values["flooded_at"] == nil || random.next() % 4 == 0) ? Self.body(&random) : nil
            requests.append((operation.method, uri, body))
        }
        let planned = requests
        let (faults, answered) = try await app.testRouter { client in
            var faults: [String] = [], answered = 0
            for (method, uri, body) in planned {
                let status = try await client.execute(uri: uri, method: method, body: body) { $0.status.code }
                if status >= 500 { faults.append("\(status) \(method) \(uri.prefix(300))\(body.map { " body " + String(buffer: $0).prefix(200) } ?? "")") }
                if status < 300 { answered += 1 }
            }
            return (faults, answered)
        }
        // The mutations reach past the parameters' checks: many requests are answered.
        #expect(answered * 5 >= planned.count, "only \(answered) of \(planned.count) requests were answered")
        #expect(faults.isEmpty, "\(faults.count) of \(planned.count) requests (seed \(Self.seed)) were a 5xx:\n\(faults.prefix(20).joined(separator: "\n"))")
    }
}
