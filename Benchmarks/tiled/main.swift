// geoq-bench-tiled: what serving a tiled spill index costs, printed as one JSON line for
// scripts/bench-tiled.sh. Usage:
//   geoq-bench-tiled serve INDEX.tif     open, whole-grid figures, points, world tiles, memory
//   geoq-bench-tiled tiles INDEX.tif TILES RISE   each z/x/y line of TILES as a PNG at RISE, once
//                                        to warm, then timed (scripts/bench-peers-tiles.sh)
import Foundation
import Geo

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

func residentBytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kib = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
    return kib * 1024
}

func peakResidentBytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) * 1024
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

let arguments = CommandLine.arguments
if arguments.count == 5, arguments[1] == "tiles", let rise = Double(arguments[4]) {
    let index = try TiledSpillIndex(path: arguments[2])
    let tiles = try String(contentsOfFile: arguments[3], encoding: .utf8).split(separator: "\n").map { line in
        let parts = line.split(separator: "/").compactMap { Int($0) }
        return try MapTile(zoom: parts[0], x: parts[1], y: parts[2])
    }
    var bytes = 0
    for tile in tiles { bytes += try index.tileImage(tile, rise: rise).pngData().count }
    var times: [Double] = []
    for tile in tiles {
        let start = now()
        bytes += try index.tileImage(tile, rise: rise).pngData().count
        times.append((now() - start) * 1e3)
    }
    print("{\"name\": \"tiles\", \"tiles\": \(tiles.count), \"p50_ms\": \(percentile(times, 0.5)), \"p99_ms\": \(percentile(times, 0.99)), \"mean_png_bytes\": \(bytes / (2 * tiles.count))}")
    exit(0)
}
guard arguments.count == 3, arguments[1] == "serve" else {
    FileHandle.standardError.write(Data("usage: geoq-bench-tiled serve INDEX.tif | tiles INDEX.tif TILES RISE\n".utf8))
    exit(2)
}
let openStart = now()
let index = try TiledSpillIndex(path: arguments[2])
let openSeconds = now() - openStart

// Whole-grid figures: many rises, from the merged curves.
let rises = (0..<100_000).map { Double($0 % 2_001) - 1_000 }
var sink = 0.0
let statsStart = now()
for rise in rises { sink += try index.stats(rise: rise).waterKm2 }
let statsMicroseconds = (now() - statsStart) / Double(rises.count) * 1e6

// Points: random places on land and sea, each a windowed read (cold blocks for most).
var generator = SystemRandomNumberGenerator()
var pointTimes: [Double] = []
for _ in 0..<2_000 {
    let latitude = Double.random(in: -80...80, using: &generator), longitude = Double.random(in: -180...180, using: &generator)
    let start = now()
    sink += try index.point(latitude: latitude, longitude: longitude).spillLevel.isFinite ? 1 : 0
    pointTimes.append((now() - start) * 1e3)
}

// World-view tiles: zoom 0 to 2 (21 tiles), cold then warm.
var tileTimes: [Double] = []
for zoom in 0...2 {
    for x in 0..<(1 << zoom) {
        for y in 0..<(1 << zoom) {
            let start = now()
            sink += Double(try index.tileImage(try MapTile(zoom: zoom, x: x, y: y), rise: 60).pngData().count)
            tileTimes.append((now() - start) * 1e3)
        }
    }
}
let warmStart = now()
for _ in 0..<10 { sink += Double(try index.tileImage(try MapTile(zoom: 0, x: 0, y: 0), rise: 2).pngData().count) }
let warmTileMilliseconds = (now() - warmStart) / 10 * 1e3

let fields: [String: Double] = [
    "cells": Double(index.width * index.height), "open_s": openSeconds, "stats_us": statsMicroseconds,
    "point_ms_p50": percentile(pointTimes, 0.5), "point_ms_p99": percentile(pointTimes, 0.99),
    "tile_ms_p50": percentile(tileTimes, 0.5), "tile_ms_max": tileTimes.max() ?? 0, "tile_warm_ms": warmTileMilliseconds,
    "rss_bytes": residentBytes(), "peak_rss_bytes": peakResidentBytes(), "sink": sink.isFinite ? 1 : 0,
]
print("{\"name\": \"tiled_serve\", " + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}")
