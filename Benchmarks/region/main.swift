// geoq-bench-region: times RegionFramer on seeded random points, in process, and prints the median:
// the default (adaptive) rule, and the seed's recipe (locator) that it must stay within 2× of.
//
//   geoq-bench-region [--points N] [--runs R] [--seed S] [--scenario clustered|global|country] [--write-points FILE]
//   geoq-bench-region --point-file N [--runs R]
//
// clustered: pins around three cities and a few bad geocodes (the usual case: buckets, O(n)).
// global: points spread evenly over the globe, so one longitude run closes the whole circle and its
// widest gap needs the sorted longitudes (the O(n log n) case).
// country: points spread evenly over a country-sized box (the contiguous United States) and 100 bad
// geocodes anywhere: the adaptive rule keeps the country and measures the points near it.
//
// --write-points saves the points as little-endian Float64, all latitudes then all longitudes, so that
// scripts/peers/region_numpy.py frames exactly the same points. Output lines are `key value…`, read by
// scripts/bench-region.sh.
//
// --point-file N times reading a GeoJSON FeatureCollection of N clustered points (each feature with
// a few properties, as exported files have) with geoq's point reader (PointSetParser over JSONReader)
// beside Foundation's JSONSerialization and JSONDecoder reading the same bytes, and how many points
// each peer read other than written: the figures that decide whether JSONReader pays for itself.
import Foundation
@_spi(Testing) import Geo

struct Arguments {
    var points = 1_000_000
    var runs = 9
    var seed: UInt64 = 2024
    var scenario = "clustered"
    var writePoints: String?
    var pointFile: Int?

    init(_ arguments: [String]) {
        var rest = arguments.makeIterator()
        while let flag = rest.next() {
            guard let value = rest.next() else { Arguments.usage("\(flag) needs a value") }
            switch flag {
            case "--points": points = Arguments.positive(value, flag)
            case "--runs": runs = Arguments.positive(value, flag)
            case "--seed":
                guard let number = UInt64(value) else { Arguments.usage("--seed expects a whole number, got \(value)") }
                seed = number
            case "--scenario":
                guard ["clustered", "global", "country"].contains(value) else { Arguments.usage("--scenario expects clustered, global or country, got \(value)") }
                scenario = value
            case "--write-points": writePoints = value
            case "--point-file": pointFile = Arguments.positive(value, flag)
            default: Arguments.usage("unknown option \(flag)")
            }
        }
    }

    static func positive(_ value: String, _ flag: String) -> Int {
        guard let number = Int(value), number > 0 else { usage("\(flag) expects a positive whole number, got \(value)") }
        return number
    }

    static func usage(_ problem: String) -> Never {
        FileHandle.standardError.write(Data("geoq-bench-region: \(problem)\nusage: geoq-bench-region [--points N] [--runs R] [--seed S] [--scenario clustered|global|country] [--write-points FILE]\n".utf8))
        exit(64)
    }
}

/// Pins as a map might get them: half around Fiji (across ±180°), a third around Tokyo, the rest around
/// Paris, and 100 bad geocodes anywhere on the globe.
func clusteredPoints(count: Int, seed: UInt64) -> (latitudes: [Double], longitudes: [Double]) {
    var random = SplitMix64(seed: seed)
    func normal() -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &random), v = Double.random(in: 0..<1, using: &random)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
    let clusters: [(latitude: Double, longitude: Double, spread: Double, share: Double)] = [
        (-17.7, 179.9, 0.8, 0.50), (35.68, 139.69, 0.5, 0.35), (48.85, 2.35, 0.3, 0.15),
    ]
    var latitudes: [Double] = [], longitudes: [Double] = []
    latitudes.reserveCapacity(count)
    longitudes.reserveCapacity(count)
    let outliers = min(100, count / 10)
    for index in 0..<count {
        if index < outliers {
            latitudes.append(Double.random(in: -90...90, using: &random))
            longitudes.append(Double.random(in: -180..<180, using: &random))
            continue
        }
        let pick = Double.random(in: 0..<1, using: &random)
        let cluster = pick < 0.5 ? clusters[0] : pick < 0.85 ? clusters[1] : clusters[2]
        latitudes.append(min(max(cluster.latitude + cluster.spread * normal(), -90), 90))
        var longitude = cluster.longitude + cluster.spread * normal()
        if longitude >= 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        longitudes.append(longitude)
    }
    return (latitudes, longitudes)
}

/// Points spread evenly over the sphere's surface (uniform in longitude and in sin(latitude)).
func globalPoints(count: Int, seed: UInt64) -> (latitudes: [Double], longitudes: [Double]) {
    var random = SplitMix64(seed: seed)
    var latitudes: [Double] = [], longitudes: [Double] = []
    for _ in 0..<count {
        latitudes.append(asin(Double.random(in: -1...1, using: &random)) * 180 / .pi)
        longitudes.append(Double.random(in: -180..<180, using: &random))
    }
    return (latitudes, longitudes)
}

/// Points spread evenly over 25…49°N, 125…67°W, and 100 bad geocodes anywhere on the globe.
func countryPoints(count: Int, seed: UInt64) -> (latitudes: [Double], longitudes: [Double]) {
    var random = SplitMix64(seed: seed)
    var latitudes: [Double] = [], longitudes: [Double] = []
    let outliers = min(100, count / 10)
    for index in 0..<count {
        if index < outliers {
            latitudes.append(Double.random(in: -90...90, using: &random))
            longitudes.append(Double.random(in: -180..<180, using: &random))
        } else {
            latitudes.append(Double.random(in: 25...49, using: &random))
            longitudes.append(Double.random(in: -125...(-67), using: &random))
        }
    }
    return (latitudes, longitudes)
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func medianMilliseconds(runs: Int, _ body: () -> MapRegion) -> (Double, MapRegion) {
    var region: MapRegion?
    let times = (0..<runs).map { _ in milliseconds(ContinuousClock().measure { region = body() }) }.sorted()
    return (times[times.count / 2], region!)
}

let arguments = Arguments(Array(CommandLine.arguments.dropFirst()))
if let count = arguments.pointFile {
    try benchPointFile(count: count, runs: arguments.runs, seed: arguments.seed)
    exit(0)
}
let generated = switch arguments.scenario {
case "global": globalPoints(count: arguments.points, seed: arguments.seed)
case "country": countryPoints(count: arguments.points, seed: arguments.seed)
default: clusteredPoints(count: arguments.points, seed: arguments.seed)
}
let points = try PointSet(latitudes: generated.latitudes, longitudes: generated.longitudes)
if let path = arguments.writePoints {
    let values = generated.latitudes + generated.longitudes
    let bytes = values.withUnsafeBufferPointer { Data(buffer: $0) }
    try bytes.write(to: URL(fileURLWithPath: path))
}

// The default rule (adaptive), then the seed's recipe (locator) by buckets and by sorting.
let framer = try RegionFramer()
let (adaptive, region) = medianMilliseconds(runs: arguments.runs) { framer.frame(points) }
let locatorFramer = try RegionFramer(options: RegionOptions(mode: .locator))
let (locator, locatorRegion) = medianMilliseconds(runs: arguments.runs) { locatorFramer.frame(points) }
let sortingFramer = try RegionFramer(options: RegionOptions(mode: .locator), runSearch: .sorting)
let (sorting, sortedRegion) = medianMilliseconds(runs: max(1, arguments.runs / 3)) { sortingFramer.frame(points) }
guard locatorRegion == sortedRegion else {
    FileHandle.standardError.write(Data("geoq-bench-region: bucketed and sorted regions differ\n".utf8))
    exit(1)
}
func describe(_ region: MapRegion) -> String {
    let bounds = region.bounds.rfc7946.map { "\($0)" }.joined(separator: " ")
    let pointBounds = region.pointBounds.rfc7946.map { "\($0)" }.joined(separator: " ")
    return "bbox \(bounds) points \(pointBounds) kept \(region.keptCount)"
}
print("points \(points.count)")
print("geoq_ms \(adaptive)")
print("geoq_locator_ms \(locator)")
print("geoq_sorting_ms \(sorting)")
print("region \(describe(region))")
print("locator_region \(describe(locatorRegion))")

/// Times reading a GeoJSON point file three ways (see the header) and prints the medians; exits 1
/// when a peer reads other coordinates than geoq's reader.
func benchPointFile(count: Int, runs: Int, seed: UInt64) throws {
    let generated = clusteredPoints(count: count, seed: seed)
    var text = #"{"type": "FeatureCollection", "features": ["#
    for index in 0..<count {
        if index > 0 { text += ",\n" }
        text += #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [\#(generated.longitudes[index]), \#(generated.latitudes[index])]}, "#
        text += #""properties": {"name": "pin \#(index)", "id": \#(index), "tags": ["a", "b"]}}"#
    }
    text += "]}\n"
    let bytes = Array(text.utf8), data = Data(bytes)

    func median(_ body: () throws -> (latitudes: [Double], longitudes: [Double])) rethrows -> (Double, [Double], [Double]) {
        var result: (latitudes: [Double], longitudes: [Double]) = ([], [])
        var times: [Double] = []
        for _ in 0..<runs { times.append(milliseconds(try ContinuousClock().measure { result = try body() })) }
        return (times.sorted()[times.count / 2], result.latitudes, result.longitudes)
    }
    let (geoq, latitudes, longitudes) = try median {
        let points = try PointSetParser.parse(bytes)
        return (points.latitudes, points.longitudes)
    }
    let (serialization, serializationLatitudes, serializationLongitudes) = try median {
        var latitudes: [Double] = [], longitudes: [Double] = []
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        for feature in root?["features"] as? [[String: Any]] ?? [] {
            guard let geometry = feature["geometry"] as? [String: Any], let position = geometry["coordinates"] as? [Double], position.count >= 2 else { continue }
            longitudes.append(position[0])
            latitudes.append(position[1])
        }
        return (latitudes, longitudes)
    }
    struct Collection: Decodable {
        struct Feature: Decodable {
            struct Geometry: Decodable { var coordinates: [Double] }
            var geometry: Geometry
        }
        var features: [Feature]
    }
    let (decoder, decoderLatitudes, decoderLongitudes) = try median {
        let features = try JSONDecoder().decode(Collection.self, from: data).features
        return (features.map { $0.geometry.coordinates[1] }, features.map { $0.geometry.coordinates[0] })
    }
    // geoq's reader must give back exactly the doubles written (Swift prints the shortest text
    // that reads back to the same double); the peers are counted, not trusted: on Linux,
    // JSONSerialization reads some of these coordinates one unit in the last place off.
    func differing(_ readLatitudes: [Double], _ readLongitudes: [Double]) -> Int {
        guard readLatitudes.count == count, readLongitudes.count == count else { return count }
        var differing = 0
        for index in 0..<count where readLatitudes[index] != generated.latitudes[index] || readLongitudes[index] != generated.longitudes[index] {
            differing += 1
        }
        return differing
    }
    guard differing(latitudes, longitudes) == 0 else {
        FileHandle.standardError.write(Data("geoq-bench-region: geoq's point reader read other coordinates than were written\n".utf8))
        exit(1)
    }
    print("point_file_jsonserialization_differing \(differing(serializationLatitudes, serializationLongitudes))")
    print("point_file_jsondecoder_differing \(differing(decoderLatitudes, decoderLongitudes))")
    print("point_file_points \(count)")
    print("point_file_bytes \(bytes.count)")
    print("point_file_geoq_ms \(geoq)")
    print("point_file_jsonserialization_ms \(serialization)")
    print("point_file_jsondecoder_ms \(decoder)")
}
