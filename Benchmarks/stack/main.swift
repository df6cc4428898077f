// geoq-bench-stack: the elevation stack's cost beside the base alone, printed as JSON lines for
// scripts/bench-stack.sh. Usage:
//   geoq-bench-stack BASE.tif PLACES_DIR FINE…   points and flooded places on the base plus the
//                                                fine models, against the base alone (same run,
//                                                interleaved), and each fine model's nested
//                                                build against building it alone
import Foundation
import Geo

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

extension ElevationGrid.Samples {
    /// The same values in a buffer of their own.
    func copied() -> Self {
        switch self {
        case .int16(let values): .int16(values.withUnsafeBufferPointer { Array($0) })
        case .float32(let values): .float32(values.withUnsafeBufferPointer { Array($0) })
        }
    }
}

func report(_ name: String, _ fields: [String: Double]) {
    let body = fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
    print("{\"name\": \"\(name)\", \(body)}")
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: geoq-bench-stack BASE.tif PLACES.tsv.gz,… FINE…\n".utf8))
    exit(2)
}

do {
    let basePath = arguments[1], placesPaths = arguments[2].split(separator: ",").map(String.init), finePaths = Array(arguments[3...])
    let base = try SpillIndex(grid: ElevationGrid.read(path: basePath))
    let baseSource = FloodModelSource(path: basePath, georeference: base.grid.georeference, role: .base)

    // Nested build against building the same grid alone, best of five each, interleaved.
    var nestedTimes: [Double] = [], aloneTimes: [Double] = []
    var fines: [(index: SpillIndex, source: FloodModelSource)] = []
    for path in finePaths {
        let grid = try ElevationGrid.read(path: path)
        var nested: (nested: Double, alone: Double) = (.infinity, .infinity)
        for _ in 0..<5 {
            // As `ElevationStack.nestedModel` does, the nested build is given a grid of its own
            // (read for it, here copied before the clock starts), whose cells it fills in place.
            let own = try ElevationGrid(width: grid.width, height: grid.height, samples: grid.samples.copied(),
                                        int16Nodata: grid.int16Nodata, georeference: grid.georeference)
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try SpillIndex(nesting: consume own, in: base)
            nested.nested = min(nested.nested, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            nested.alone = min(nested.alone, try seconds { _ = try SpillIndex(grid: grid) })
        }
        nestedTimes.append(nested.nested); aloneTimes.append(nested.alone)
        FileHandle.standardError.write(Data(String(format: "nested %.4f s, alone %.4f s (%.2f×): %@\n", nested.nested, nested.alone,
                                                   nested.nested / nested.alone, path).utf8))
        fines.append(try ElevationStack.nestedModel(path: path, in: base, connectivity: .eight))
    }
    report("nested_build", ["nested_s": nestedTimes.reduce(0, +), "alone_s": aloneTimes.reduce(0, +),
                            "models": Double(finePaths.count), "largest_cells": Double(fines.map { $0.index.grid.cellCount }.max() ?? 0)])

    let places = try PlaceCompleter(gazetteer: Gazetteer(contentsOfFiles: placesPaths))
    let stackEngine = QueryEngine(flood: ElevationStack(base: base, source: baseSource, fines: fines), places: places)
    let baseEngine = QueryEngine(flood: ElevationStack(base: base, source: baseSource), places: places)

    // Points anywhere on the Earth (uniform on the sphere), as clicks and place look-ups fall;
    // and points inside the fine models, answered by them in the stack and by the base alone.
    var random = SystemRandomNumberGenerator()
    let boxes = fines.map { $0.index.locator }.compactMap { locator -> (Double, Double, Double, Double)? in
        guard let a = locator.centre(row: 0, col: 0), let b = locator.centre(row: locator.height - 1, col: locator.width - 1) else { return nil }
        return (min(a.latitude, b.latitude), max(a.latitude, b.latitude), min(a.longitude, b.longitude), max(a.longitude, b.longitude))
    }
    let anywhere: [(Double, Double)] = (0..<20_000).map { _ in
        (asin(Double.random(in: -1...1, using: &random)) * 180 / .pi, Double.random(in: -180...180, using: &random))
    }
    let inside: [(Double, Double)] = (0..<20_000).map { _ in
        let box = boxes.randomElement(using: &random)!
        return (Double.random(in: box.0...box.1, using: &random), Double.random(in: box.2...box.3, using: &random))
    }
    func timePlaces(_ engine: QueryEngine) throws -> [Double] {
        try (0..<2_000).map { i in try seconds { _ = try engine.floodReport(rise: Double(i % 20), placeLimit: 10) } }
    }
    for (name, points) in [("stack_point", anywhere), ("stack_point_inside", inside)] {
        // Point by point, each engine first in turn: the base's cells are shared, so whichever
        // asks second would find them in cache.
        var stackTimes: [Double] = [], baseTimes: [Double] = []
        for repetition in 0..<3 {
            for (i, point) in points.enumerated() {
                let stackFirst = (i + repetition) % 2 == 0
                if stackFirst { stackTimes.append(try seconds { _ = try stackEngine.floodPoint(latitude: point.0, longitude: point.1) }) }
                baseTimes.append(try seconds { _ = try baseEngine.floodPoint(latitude: point.0, longitude: point.1) })
                if !stackFirst { stackTimes.append(try seconds { _ = try stackEngine.floodPoint(latitude: point.0, longitude: point.1) }) }
            }
        }
        report(name, ["stack_p50_us": percentile(stackTimes, 0.5) * 1e6, "stack_p99_us": percentile(stackTimes, 0.99) * 1e6,
                      "base_p50_us": percentile(baseTimes, 0.5) * 1e6, "base_p99_us": percentile(baseTimes, 0.99) * 1e6])
    }
    var stackPlaces: [Double] = [], basePlaces: [Double] = []
    for _ in 0..<3 { stackPlaces += try timePlaces(stackEngine); basePlaces += try timePlaces(baseEngine) }
    report("stack_places", ["stack_p50_us": percentile(stackPlaces, 0.5) * 1e6, "stack_p99_us": percentile(stackPlaces, 0.99) * 1e6,
                            "base_p50_us": percentile(basePlaces, 0.5) * 1e6, "base_p99_us": percentile(basePlaces, 0.99) * 1e6])
} catch {
    FileHandle.standardError.write(Data("geoq-bench-stack: \(error)\n".utf8))
    exit(1)
}
