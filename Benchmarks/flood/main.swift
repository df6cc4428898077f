// geoq-bench-flood: wall-clock figures of the flood engine, printed as JSON lines for
// scripts/bench-flood.sh to set beside its peers. Usage:
//   geoq-bench-flood etopo DEM.tif        spill index, stats, point, PNG, one answer at a rise
//   geoq-bench-flood large DEM.tif        read + spill index of a large grid, with peak memory
import Foundation
import Geo

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The best of `runs` timings: on a shared machine, other work only ever adds time, so the
/// minimum is the figure least disturbed by it (the peers are timed the same way).
func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs { times.append(try seconds(body)) }
    return times.min()!
}

func peakResidentBytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) * 1024
}

func report(_ name: String, _ fields: [String: Double]) {
    let body = fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
    print("{\"name\": \"\(name)\", \(body)}")
}

/// A global grid read as a regional one (border seeds, no wrap): the problem pyflwdir's
/// `fill_depressions(outlets="edge")` solves, for a like-for-like comparison.
func regionalCopy(of grid: ElevationGrid) throws -> ElevationGrid {
    var reference = grid.georeference
    reference.isGeographic = false
    return try ElevationGrid(width: grid.width, height: grid.height, samples: grid.samples, int16Nodata: grid.int16Nodata, georeference: reference)
}

var generator = SystemRandomNumberGenerator()
let arguments = CommandLine.arguments
guard arguments.count == 3, ["etopo", "large"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: geoq-bench-flood etopo|large DEM.tif\n".utf8))
    exit(2)
}
let path = arguments[2]

do {
    if arguments[1] == "large" {
        var grid: ElevationGrid? = nil
        let readTime = try seconds { grid = try ElevationGrid.read(path: path) }
        // Best of three like every other figure; each index is dropped before the next is
        // built, so the peak is one index's.
        var index: SpillIndex? = nil
        let buildTime = try best(3) {
            index = nil
            index = try SpillIndex(grid: grid!)
        }
        let cells = Double(index!.grid.cellCount)
        let curvesTime = try seconds { _ = try SpillIndex(grid: grid!, options: index!.options, levels: index!.levels) }
        report("large_spill_index", ["cells": cells, "read_s": readTime, "index_s": buildTime, "curves_s": curvesTime,
                                     "peak_rss_bytes": peakResidentBytes(), "peak_bytes_per_cell": peakResidentBytes() / cells])
        exit(0)
    }

    let grid = try ElevationGrid.read(path: path)
    let readTime = try best(3) { _ = try ElevationGrid.read(path: path) }
    var index = try SpillIndex(grid: grid)
    let indexTime = try best(5) { index = try SpillIndex(grid: grid) }
    let curvesTime = try best(5) { _ = try SpillIndex(grid: grid, options: index.options, levels: index.levels) }
    let regional = try regionalCopy(of: grid)
    let regionalTime = try best(5) { _ = try SpillIndex(grid: regional) }
    report("spill_index", ["cells": Double(grid.cellCount), "read_s": readTime, "index_s": indexTime, "curves_s": curvesTime, "index_edge_seeded_s": regionalTime])

    let rises = (0..<4096).map { _ in Double.random(in: -11_000...9_000, using: &generator) }
    let statsCalls = 1_000_000
    var sink = 0.0
    let statsTime = try seconds { for call in 0..<statsCalls { sink += try index.stats(rise: rises[call & 4095]).waterKm2 } }
    let points = (0..<4096).map { _ in (Double.random(in: -90...90, using: &generator), Double.random(in: -180...180, using: &generator)) }
    let pointCalls = 2_000_000
    let pointTime = try seconds { for call in 0..<pointCalls { let p = points[call & 4095]; sink += try index.point(latitude: p.0, longitude: p.1).spillLevel } }
    report("queries", ["stats_us": statsTime / Double(statsCalls) * 1e6, "point_us": pointTime / Double(pointCalls) * 1e6, "checksum": sink.isNaN ? 0 : 1])

    let pngTime = try best(5) { _ = try index.mapImage(rise: 2, width: 1024, height: 512).pngData() }
    let lons = (0..<1024).map { -180 + (Double($0) + 0.5) * 360 / 1024 }, lats = (0..<512).map { 90 - (Double($0) + 0.5) * 180 / 512 }
    let renderTime = try best(5) { _ = try index.render(rise: 2, longitudes: lons, latitudes: lats) }
    report("png", ["world_1024x512_ms": pngTime * 1e3, "render_only_ms": renderTime * 1e3])

    // One answer at a rise from nothing (read grid in memory → water mask), like the scipy peer,
    // and from the index (the mask only).
    let rise = 2.0
    let fromScratch = try best(3) {
        let fresh = try SpillIndex(grid: regional)
        _ = try fresh.classMask(rise: rise)
    }
    let fromIndex = try best(5) { _ = try index.classMask(rise: rise) }
    report("mask_at_rise", ["edge_seeded_from_grid_s": fromScratch, "from_index_s": fromIndex])
} catch {
    FileHandle.standardError.write(Data("geoq-bench-flood: \(error)\n".utf8))
    exit(1)
}
