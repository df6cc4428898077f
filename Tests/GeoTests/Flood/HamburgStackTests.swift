import Foundation
import Testing
@_spi(Testing) @testable import Geo

/// The shipped Hamburg tile (SRTM 3″, `data/N53E009.hgt`) nested in ETOPO5, on real data.
@Suite(.serialized) struct HamburgStackTests {
    static let tilePath = TestRasters.repositoryRoot.appendingPathComponent("data/N53E009.hgt").path
    static let basePath = TestRasters.repositoryRoot.appendingPathComponent("data/etopo5.tif").path

    /// ETOPO5 flooded as geoq floods it, and the tile nested in it (built once for the suite).
    static let models: (base: SpillIndex, tile: SpillIndex, stack: ElevationStack) = {
        let base = try! SpillIndex(grid: ElevationGrid.read(path: basePath))
        let nested = try! ElevationStack.nestedModel(path: tilePath, in: base, connectivity: .eight)
        let stack = ElevationStack(
            base: base, source: FloodModelSource(path: basePath, georeference: base.grid.georeference, role: .base),
            fines: [nested])
        return (base, nested.index, stack)
    }()

    /// The tile's raw cells, read straight from the file (big-endian Int16, 1201 × 1201, row 0
    /// centred on 54° N, column 0 on 9° E): apart from GDAL and geoq's reader.
    static let rawCells: [Int16] = {
        let data = try! Data(contentsOf: URL(fileURLWithPath: tilePath))
        return stride(from: 0, to: data.count, by: 2).map { Int16(bitPattern: UInt16(data[$0]) << 8 | UInt16(data[$0 + 1])) }
    }()

    @Test func pointAnswersAreTheTilesOwnCells() throws {
        var random = SplitMix64(seed: 53)
        for _ in 0..<200 {
            let row = Int.random(in: 0..<1201, using: &random), col = Int.random(in: 0..<1201, using: &random)
            let raw = Self.rawCells[row * 1201 + col]
            guard raw != -32768 else { continue }
            // Within a tenth of a cell of the centre, so the cell is unambiguous.
            let latitude = 54 - Double(row) / 1200 + Double.random(in: -0.4...0.4, using: &random) / 1200
            let longitude = 9 + Double(col) / 1200 + Double.random(in: -0.4...0.4, using: &random) / 1200
            guard latitude > 53, latitude < 54, longitude > 9, longitude < 10 else { continue }
            let point = try Self.models.stack.point(latitude: latitude, longitude: longitude)
            #expect(point.elevation == Double(raw), "\(latitude), \(longitude)")
            #expect(point.source?.model == "N53E009.hgt" && point.source?.role == .fine && point.source?.cellSizeM == 93)
        }
    }

    /// The Elbe leaves the tile at its western edge (9° E) between Brunsbüttel's marshes: the
    /// edge cells there at or below 0 m, 53.83°–53.95° N, are sea at +0 m. ETOPO5 has sea within
    /// one cell of that stretch (the estuary's mouth), so the rule seeds them at their own level.
    @Test func theElbeWhereItLeavesTheWesternEdgeIsSeaAtZero() throws {
        let tile = Self.models.tile
        var checked = 0
        for row in 0..<1201 where 54 - Double(row) / 1200 > 53.83 && 54 - Double(row) / 1200 < 53.95 {
            let raw = Self.rawCells[row * 1201]
            guard raw != -32768, raw <= 0 else { continue }
            #expect(tile.levels.level(atIndex: row * 1201) <= 0, "row \(row): \(raw) m")
            checked += 1
        }
        #expect(checked > 50)
    }

    /// The base's level where the sea reaches a spot from outside: the lowest ETOPO5 level of
    /// the cell holding it and that cell's eight neighbours (docs/elevation-stack.md).
    static func baseReach(latitude: Double, longitude: Double) -> Double {
        let base = models.base
        let (row, col) = base.locator.cell(latitude: latitude, longitude: longitude)!
        var lowest = Double.infinity
        for dr in -1...1 {
            for dc in -1...1 {
                lowest = min(lowest, base.levels.level(atIndex: (row + dr) * base.grid.width + col + dc))
            }
        }
        return lowest
    }

    /// Land along the southern (53° N, the Lüneburg Heath's edge) and eastern (10° E) edges lies
    /// inland. The tile's levels are Priority-Flood from its border seeded at the greater of each
    /// cell's height and ETOPO5's level next to it (worked out here from the base's cells), so
    /// no cell there floods from the edge below the base's level. Flooded alone, from its whole
    /// border at each cell's own height, low marsh on the eastern edge (the Vierlande, 0–2 m)
    /// floods at +2 m from the edge itself; nested, some of it stays dry at +2 m.
    @Test func theInlandSouthernAndEasternEdgesDoNotFloodFromTheEdgeBelowTheBasesLevel() throws {
        let tile = Self.models.tile
        let width = 1201
        guard case .int16(let elevations) = tile.grid.samples else { Issue.record("an integer tile"); return }
        func centre(_ cell: Int) -> (Double, Double) { (54 - Double(cell / width) / 1200, 9 + Double(cell % width) / 1200) }
        let border = (0..<width).map { $0 } + (0..<width).map { (width - 1) * width + $0 } + (1..<width - 1).flatMap { [$0 * width, $0 * width + width - 1] }
        let seedLevels = border.map { cell -> Int16 in
            let (latitude, longitude) = centre(cell)
            return max(elevations[cell], Int16(Self.baseReach(latitude: latitude, longitude: longitude).rounded(.up)))
        }
        let topology = GridTopology(width: width, height: width, wrapsEastWest: false, connectivity: .eight)
        let expected = try PriorityFlood.spillLevels(
            elevations: elevations, nodata: nil, nodataPolicy: .land, topology: topology,
            seeds: border, seedLevels: seedLevels, progress: nil)
        #expect(tile.allLevels == expected.map(Double.init))

        let southAndEast = (0..<width).map { (width - 1) * width + $0 } + (0..<width - 1).map { $0 * width + width - 1 }
        let alone = try SpillIndex(grid: tile.grid)
        let dryNestedWetAlone = southAndEast.filter { tile.levels.level(atIndex: $0) > 2 && alone.levels.level(atIndex: $0) <= 2 }
        #expect(dryNestedWetAlone.count > 10, "\(dryNestedWetAlone.count) edge cells")
        for cell in southAndEast where elevations[cell] > 2 {
            let (latitude, longitude) = centre(cell)
            let reach = Self.baseReach(latitude: latitude, longitude: longitude)
            // A cell above +2 m whose base level is above +2 m is dry at +2 m unless water
            // reaches it from another cell: never from its own edge.
            if reach > 2 { #expect(tile.levels.level(atIndex: cell) > 2) }
        }
    }

    /// Adding the tile changes no answer outside its coverage: points around it (and far from
    /// it) answer as the base alone does, byte for byte in JSON but for the source named.
    @Test func theTileChangesNoAnswerOutsideItsCoverage() throws {
        let stack = Self.models.stack, base = Self.models.base
        var random = SplitMix64(seed: 9)
        for _ in 0..<300 {
            var latitude = Double.random(in: 52...55, using: &random), longitude = Double.random(in: 8...11, using: &random)
            if latitude > 53 && latitude < 54 && longitude > 9 && longitude < 10 { latitude += 1.5 }
            if Bool.random(using: &random) { latitude = Double.random(in: -80...80, using: &random); longitude = Double.random(in: -179...179, using: &random) }
            guard !(latitude >= 53 - 1 / 2400 && latitude <= 54 + 1 / 2400 && longitude >= 9 - 1 / 2400 && longitude <= 10 + 1 / 2400) else { continue }
            var fromStack = try stack.point(latitude: latitude, longitude: longitude)
            #expect(fromStack.source?.role == .base)
            fromStack.source = nil
            #expect(fromStack == (try base.point(latitude: latitude, longitude: longitude)))
        }
        for rise in [-5.0, 0, 2, 10] {
            var whole = try stack.stats(rise: rise)
            whole.source = nil
            #expect(whole == (try base.stats(rise: rise)))
            let box = GeoBBox(west: 4, south: 50, east: 12, north: 56)
            var boxed = try stack.stats(rise: rise, bbox: box)
            #expect(boxed.source?.role == .base)
            boxed.source = nil
            #expect(boxed == (try base.stats(rise: rise, bbox: box)))
        }
    }

    /// Hamburg's Rathausmarkt (53.5503° N, 9.9925° E) stands about 6 m above sea level on the
    /// city's survey, and SRTM, which measures roofs and trees, reads more there: the stack
    /// answers from the tile at 93 m (10 to 25 m), and not under water at +2 m, where ETOPO5's
    /// 9 km cell alone reads 10 m.
    @Test func hamburgsCentreIsAnsweredAtTownScale() throws {
        let point = try Self.models.stack.point(latitude: 53.5503, longitude: 9.9925)
        #expect(point.source?.model == "N53E009.hgt")
        #expect((10...25).contains(point.elevation ?? -1) && !point.isWater(atRise: 2))
        #expect(
            Self.models.base.grid.elevation(atIndex: Self.models.base.locator.cell(latitude: 53.5503, longitude: 9.9925).map { $0.row * Self.models.base.grid.width + $0.col }!)
                == 10)
    }

    /// The tile's own lowest cells lie in the Wilstermarsch and Kehdinger marshes, behind dikes
    /// SRTM does not resolve; the published lowest point of Germany's land is −3.54 m there. SRTM
    /// reads the marsh between −6 and 0 m at 90 m, so the stack's minimum over the marsh box
    /// (53.85–53.95° N, 9.3–9.5° E) is at or below 0 m and above −10 m.
    @Test func theWilstermarschIsBelowSeaLevel() throws {
        let tile = Self.models.tile
        var lowest = Double.infinity
        for row in 0..<1201 where (53.85...53.95).contains(54 - Double(row) / 1200) {
            for col in 0..<1201 where (9.3...9.5).contains(9 + Double(col) / 1200) {
                if let elevation = tile.grid.elevation(atIndex: row * 1201 + col) { lowest = min(lowest, elevation) }
            }
        }
        #expect(lowest <= 0 && lowest > -10, "\(lowest)")
    }

    /// A box larger than the tile (a desktop view over Hamburg at zoom 9) is masked as its map is
    /// drawn: on the tile's 3″ cells, each cell the tile's class where the tile holds its centre
    /// and the base's 5′ cell's class elsewhere, read here from each model's own mask of the box
    /// by plain arithmetic on its corner and cell size; its polygons have the tile's detail.
    @Test func aBoxPastTheTileIsMaskedFromTheTileWhereItReaches() throws {
        let box = GeoBBox(west: 8.6, south: 52.8, east: 10.4, north: 54.3)
        let mask = try Self.models.stack.classMask(rise: 2, bbox: box)
        let c = try #require(mask.georeference).geoTransform.coefficients
        #expect(abs(c[1] - 1.0 / 1200) < 1e-12 && abs(c[5] + 1.0 / 1200) < 1e-12, "\(c)")
        #expect(c[0] <= box.west && c[0] + Double(mask.width) * c[1] >= box.east && c[3] >= box.north && c[3] + Double(mask.height) * c[5] <= box.south)
        let tileMask = try Self.models.tile.classMask(rise: 2, bbox: nil)
        let baseMask = try Self.models.base.classMask(rise: 2, bbox: GeoBBox(west: 8.4, south: 52.6, east: 10.6, north: 54.5))
        let b = try #require(baseMask.georeference).geoTransform.coefficients
        var fromTile = 0, fromBase = 0, tileFlooded = 0
        for row in 0..<mask.height {
            let latitude = c[3] + (Double(row) + 0.5) * c[5]
            for column in 0..<mask.width {
                let longitude = c[0] + (Double(column) + 0.5) * c[1]
                // The tile's cells are centred on whole 1/1200ths of a degree from 54° N, 9° E.
                let tileRow = Int(((54 + 1.0 / 2400 - latitude) * 1200).rounded(.down))
                let tileColumn = Int(((longitude - 9 + 1.0 / 2400) * 1200).rounded(.down))
                let expected: UInt8
                if (0..<1201).contains(tileRow), (0..<1201).contains(tileColumn) {
                    expected = tileMask.pixels[tileRow * 1201 + tileColumn]
                    fromTile += 1
                    if expected == FloodClass.newlyFlooded.rawValue { tileFlooded += 1 }
                } else {
                    // The tile's centres lie on the base's cell edges: such a centre is the base cell east (south) of its edge.
                    func cell(_ position: Double) -> Int { abs(position - position.rounded()) < 1e-6 ? Int(position.rounded()) : Int(position.rounded(.down)) }
                    let baseRow = cell((latitude - b[3]) / b[5]), baseColumn = cell((longitude - b[0]) / b[1])
                    expected = baseMask.pixels[baseRow * baseMask.width + baseColumn]
                    fromBase += 1
                }
                guard mask.pixels[row * mask.width + column] == expected else {
                    Issue.record("cell \(row), \(column) at \(latitude), \(longitude): \(mask.pixels[row * mask.width + column]), expected \(expected)")
                    return
                }
            }
        }
        #expect(fromTile == 1201 * 1201 && fromBase > 0 && tileFlooded > 0, "\(fromTile) \(fromBase) \(tileFlooded)")
        // Its polygons: some vertex inside the tile lies off the base's 5′ lines.
        let geoJSON = try JSONSerialization.jsonObject(with: try Self.models.stack.floodedLand(rise: 2, bbox: box).geoJSONData()) as! [String: Any]
        let rings = (geoJSON["features"] as! [[String: Any]]).flatMap { (($0["geometry"] as! [String: Any])["coordinates"] as! [[[Double]]]) }
        let fine = rings.joined().filter { point in
            (9...10).contains(point[0]) && (53...54).contains(point[1]) && abs(point[0] * 12 - (point[0] * 12).rounded()) > 0.01
        }
        #expect(!fine.isEmpty, "\(rings.count) rings, none with a vertex off the base's 5′ lines inside the tile")
    }
}
