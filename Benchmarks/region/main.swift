// geoq-bench-region: times RegionFramer on seeded random points, in process, and prints the median.
//
//   geoq-bench-region [--points N] [--runs R] [--seed S] [--scenario clustered|global] [--write-points FILE]
//
// clustered: pins around three cities and a few bad geocodes (the usual case: buckets, O(n)).
// global: points spread evenly over the globe, so one longitude run closes the whole circle and its
// widest gap needs the sorted longitudes (the O(n log n) case).
//
// --write-points saves the points as little-endian Float64, all latitudes then all longitudes, so that
// scripts/peers/region_numpy.py frames exactly the same points. Output lines are `key value…`, read by
// scripts/bench-region.sh.
import Foundation
@_spi(Testing) import Geo

struct Arguments {
    var points = 1_000_000
    var runs = 9
    var seed: UInt64 = 2024
    var scenario = "clustered"
    var writePoints: String?

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
                guard ["clustered", "global"].contains(value) else { Arguments.usage("--scenario expects clustered or global, got \(value)") }
                scenario = value
            case "--write-points": writePoints = value
            default: Arguments.usage("unknown option \(flag)")
            }
        }
    }

    static func positive(_ value: String, _ flag: String) -> Int {
        guard let number = Int(value), number > 0 else { usage("\(flag) expects a positive whole number, got \(value)") }
        return number
    }

    static func usage(_ problem: String) -> Never {
        FileHandle.standardError.write(Data("geoq-bench-region: \(problem)\nusage: geoq-bench-region [--points N] [--runs R] [--seed S] [--scenario clustered|global] [--write-points FILE]\n".utf8))
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

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func medianMilliseconds(runs: Int, _ body: () -> MapRegion) -> (Double, MapRegion) {
    var region: MapRegion?
    let times = (0..<runs).map { _ in milliseconds(ContinuousClock().measure { region = body() }) }.sorted()
    return (times[times.count / 2], region!)
}

let arguments = Arguments(Array(CommandLine.arguments.dropFirst()))
let generated = arguments.scenario == "global"
    ? globalPoints(count: arguments.points, seed: arguments.seed)
    : clusteredPoints(count: arguments.points, seed: arguments.seed)
let points = try PointSet(latitudes: generated.latitudes, longitudes: generated.longitudes)
if let path = arguments.writePoints {
    let values = generated.latitudes + generated.longitudes
    let bytes = values.withUnsafeBufferPointer { Data(buffer: $0) }
    try bytes.write(to: URL(fileURLWithPath: path))
}

let framer = try RegionFramer()
let (automatic, region) = medianMilliseconds(runs: arguments.runs) { framer.frame(points) }
let sortingFramer = try RegionFramer(runSearch: .sorting)
let (sorting, sortedRegion) = medianMilliseconds(runs: max(1, arguments.runs / 3)) { sortingFramer.frame(points) }
guard region == sortedRegion else {
    FileHandle.standardError.write(Data("geoq-bench-region: bucketed and sorted regions differ\n".utf8))
    exit(1)
}
print("points \(points.count)")
print("geoq_ms \(automatic)")
print("geoq_sorting_ms \(sorting)")
let bounds = region.bounds.rfc7946.map { "\($0)" }.joined(separator: " ")
let pointBounds = region.pointBounds.rfc7946.map { "\($0)" }.joined(separator: " ")
print("region bbox \(bounds) points \(pointBounds) kept \(region.keptCount)")
