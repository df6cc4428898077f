import CGDAL
import Foundation

/// The stack entry `tiles:FOLDER/NAME`: a folder of 1°×1° elevation tiles on local disk, each
/// named by the pattern NAME from its south-west corner, nested on demand as Copernicus tiles
/// are (one tile, for each point asked about, in the base), with no network
/// (docs/elevation-stack.md).
///
/// NAME is a file name in which placeholders stand for the tile's corner, each exactly once:
/// `{N|S}` the hemisphere of its southern edge (`{n|s}` in lower case), `{lat}` that edge's whole
/// degrees (`{lat:02}`, `{lat:03}` zero-padded), `{E|W}` (`{e|w}`) and `{lon}` (`{lon:02}`,
/// `{lon:03}`) its western edge's. SRTM's `N53E009.hgt` is `{N|S}{lat:02}{E|W}{lon:03}.hgt`; a Copernicus
/// tile's `Copernicus_DSM_COG_10_{N|S}{lat:02}_00_{E|W}{lon:03}_00_DEM.tif`.
///
/// Opening lists the folder and reads the header of every file the pattern names: each must be
/// a raster on its tile's degree square (within a cell), and all on one grid (cell size and
/// CRS), so that the entry has one cell size to rank by. O(files in the folder); its cost is in
/// docs/measurements.md. A tile's cells are read only when a point asks for it. Where the
/// folder holds no tile, the models loaded at start answer and the base's answer says so.
public struct LocalTileFolder: OnDemandElevationSource {
    /// A tile by its south-west corner in whole degrees: latitude −90…89, longitude −180…179.
    public struct Tile: Hashable, Sendable, Comparable {
        public let south: Int
        public let west: Int

        public init(south: Int, west: Int) {
            self.south = south
            self.west = west
        }

        /// "N53E009", "S17W180": the corner, for people.
        public var corner: String {
            (south < 0 ? "S" : "N") + Self.padded(abs(south), 2) + (west < 0 ? "W" : "E") + Self.padded(abs(west), 3)
        }

        /// The tile's degree square.
        public var square: GeoBBox { GeoBBox(west: Double(west), south: Double(south), east: Double(west + 1), north: Double(south + 1)) }

        public static func < (a: Tile, b: Tile) -> Bool { (a.south, a.west) < (b.south, b.west) }

        static func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
    }

    public static let entryPrefix = "tiles:"
    public static let entrySyntax =
        "tiles:FOLDER/NAME entry, NAME naming each tile by its south-west corner with {N|S}{lat:02}{E|W}{lon:03} "
        + "(SRTM's N53E009.hgt: tiles:FOLDER/{N|S}{lat:02}{E|W}{lon:03}.hgt)"

    /// The folder, as given.
    public let folder: String
    /// The file name pattern.
    let pattern: NamePattern
    /// Every tile the folder holds: its file and its cells' extent.
    let held: [Tile: (path: String, extent: GeoBBox)]
    /// The grid every tile shares.
    let grid: ExpectedTileGrid.SharedGrid
    public let cellSizeM: Double

    public static func checkEntry(_ text: String) throws {
        _ = try parse(text)
    }

    /// Splits `tiles:FOLDER/NAME` into the folder and the name's pattern.
    static func parse(_ text: String) throws -> (folder: String, pattern: NamePattern) {
        let path = String(text.dropFirst(entryPrefix.count))
        let expected = "expected tiles:FOLDER/NAME, NAME naming each tile by its south-west corner, as {N|S}{lat:02}{E|W}{lon:03}.hgt names SRTM's N53E009.hgt"
        guard text.hasPrefix(entryPrefix), !path.isEmpty, !path.hasSuffix("/") else { throw GeoError.invalidInput(.dem, "\(text): \(expected)") }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !folder.contains("{"), !folder.contains("}") else {
            throw GeoError.invalidInput(.dem, "\(text): placeholders go in the file name, not in the folder; \(expected)")
        }
        do {
            return (folder, try NamePattern(parsing: name))
        } catch let NamePattern.Failure.reason(reason) {
            throw GeoError.invalidInput(.dem, "\(text): \(reason); \(expected)")
        }
    }

    /// Lists the folder and checks the header of every tile it holds.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` for a malformed entry;
    ///   ``GeoError/unreadableFile(path:message:)`` naming the folder when it is not there or
    ///   holds no tile, or the tile that is not a raster, not on its degree square, or not on
    ///   the grid of the others.
    public init(entry text: String, opening: OnDemandOpening) throws {
        let (folder, pattern) = try Self.parse(text)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw GeoError.unreadableFile(path: folder, message: "no such folder; expected the folder of tiles \(text) names")
        }
        guard isDirectory.boolValue else {
            throw GeoError.unreadableFile(path: folder, message: "is not a folder; expected the folder of tiles \(text) names")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw GeoError.unreadableFile(path: folder, message: "cannot be listed (\(CopernicusFetcher.reason(error))); expected the folder of tiles \(text) names")
        }
        let named = names.compactMap { name in pattern.tile(named: name).map { ($0, name) } }.sorted { $0.0 < $1.0 }
        var held: [Tile: (path: String, extent: GeoBBox)] = [:]
        var grid: ExpectedTileGrid.SharedGrid? = nil, cellSizeM = 0.0
        for (tile, name) in named {
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            let dataset = try GDAL.openElevationRaster(path)
            defer { GDALClose(dataset) }
            let georeference = try ElevationGrid.readGeoreference(dataset: dataset, path: path)
            let (width, height) = (Int(GDALGetRasterXSize(dataset)), Int(GDALGetRasterYSize(dataset)))
            try ExpectedTileGrid(name: name, extent: tile.square, shared: grid).check(georeference, width: width, height: height, shownAs: path)
            let c = georeference.geoTransform.coefficients
            if grid == nil {
                grid = ExpectedTileGrid.SharedGrid(cellWidth: abs(c[1]), cellHeight: abs(c[5]), crsWKT: georeference.crsWKT, readFrom: name)
                cellSizeM = FloodModelSource.cellMetres(georeference)
            }
            held[tile] = (path, Self.extent(west: c[0], north: c[3], east: c[0] + c[1] * Double(width), south: c[3] + c[5] * Double(height)))
        }
        guard let grid else {
            throw GeoError.unreadableFile(
                path: folder,
                message: "holds no file named as \(text) names tiles (such as \(pattern.name(of: Tile(south: 53, west: 9)))); "
                    + "expected at least one tile")
        }
        (self.folder, self.pattern, self.held, self.grid, self.cellSizeM) = (folder, pattern, held, grid, cellSizeM)
    }

    /// A raster's extent as a box, its western edge past −180° taken a turn round (the tile
    /// W180 of a layout starting half a cell west of its degrees).
    static func extent(west: Double, north: Double, east: Double, south: Double) -> GeoBBox {
        GeoBBox(west: west < -180 ? west + 360 : west, south: south, east: east > 180 ? east - 360 : east, north: north)
    }

    public var summary: String { "the tiles of \(folder) nested for points" }
    public var name: String { "the tiles of \(folder)" }

    /// The tiles the folder holds, south to north, west to east.
    public var tiles: [Tile] { held.keys.sorted() }

    /// The tile whose cells hold the point: the point's degree square's, else the neighbour
    /// whose raster reaches over it (a layout shifted half a cell); the degree square's when
    /// none does. O(1).
    public func tile(latitude: Double, longitude: Double) -> Tile {
        let south = min(89, max(-90, Int(floor(latitude))))
        let west = Self.wrapped(Int(floor(longitude)))
        let own = Tile(south: south, west: west)
        if let raster = held[own], raster.extent.contains(latitude: latitude, longitude: longitude) { return own }
        for rowStep in [0, 1, -1] {
            for columnStep in [0, 1, -1] where rowStep != 0 || columnStep != 0 {
                let neighbour = Tile(south: south + rowStep, west: Self.wrapped(west + columnStep))
                if let raster = held[neighbour], raster.extent.contains(latitude: latitude, longitude: longitude) { return neighbour }
            }
        }
        return own
    }

    /// The tiles the folder holds whose cells a WGS 84 box touches, south to north, west to
    /// east. O(tiles held).
    public func tiles(covering bbox: GeoBBox) -> [Tile] {
        held.filter { _, raster in
            raster.extent.south <= bbox.north && raster.extent.north >= bbox.south
                && (bbox.containsLongitude(raster.extent.west) || bbox.containsLongitude(raster.extent.east) || raster.extent.containsLongitude(bbox.west))
        }.keys.sorted()
    }

    public func neighbour(of tile: Tile, north: Int, east: Int) -> Tile? {
        let south = tile.south + north
        return (-90...89).contains(south) ? Tile(south: south, west: Self.wrapped(tile.west + east)) : nil
    }

    public func raster(for tile: Tile, shouldStop: () -> String?) throws -> OnDemandRaster<Tile> {
        guard let raster = held[tile] else { return .noTile(note: "no local tile for \(tile.corner)") }
        return .file(path: raster.path, tile: tile)
    }

    public func expectedGrid(of tile: Tile) -> ExpectedTileGrid {
        ExpectedTileGrid(name: pattern.name(of: tile), extent: tile.square, shared: grid)
    }

    public func location(of tile: Tile) -> String {
        held[tile]?.path ?? URL(fileURLWithPath: folder).appendingPathComponent(pattern.name(of: tile)).path
    }

    /// The user's files: their use is not recorded.
    public func recordUse(of path: String) {}

    /// The user's files are never removed.
    public func discard(_ path: String) {}

    /// A longitude in whole degrees on −180…179.
    static func wrapped(_ west: Int) -> Int { ((west + 180) % 360 + 360) % 360 - 180 }
}

extension LocalTileFolder {
    /// A tile file name with placeholders for its corner, each exactly once.
    struct NamePattern: Sendable, Hashable {
        enum Part: Sendable, Hashable {
            case literal(String)
            /// N or S (n or s).
            case latitudeHemisphere(upperCase: Bool)
            case longitudeHemisphere(upperCase: Bool)
            /// Whole degrees, zero-padded to `width` digits (0: as many as it takes).
            case latitude(width: Int)
            case longitude(width: Int)
        }

        enum Failure: Error { case reason(String) }

        let parts: [Part]

        init(parsing name: String) throws {
            var parts: [Part] = [], literal = "", rest = Substring(name)
            while let character = rest.first {
                rest = rest.dropFirst()
                if character == "}" { throw Failure.reason("the name \(name) has a } without its {") }
                guard character == "{" else { literal.append(character); continue }
                guard let close = rest.firstIndex(of: "}") else { throw Failure.reason("the name \(name) has a { without its }") }
                let placeholder = String(rest[..<close])
                rest = rest[rest.index(after: close)...]
                if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                switch placeholder {
                case "N|S": parts.append(.latitudeHemisphere(upperCase: true))
                case "n|s": parts.append(.latitudeHemisphere(upperCase: false))
                case "E|W": parts.append(.longitudeHemisphere(upperCase: true))
                case "e|w": parts.append(.longitudeHemisphere(upperCase: false))
                case "lat": parts.append(.latitude(width: 0))
                case "lon": parts.append(.longitude(width: 0))
                case "lat:02", "lat:03": parts.append(.latitude(width: Int(placeholder.suffix(1))!))
                case "lon:02", "lon:03": parts.append(.longitude(width: Int(placeholder.suffix(1))!))
                default:
                    throw Failure.reason(
                        "the name \(name) has the placeholder {\(placeholder)}, which geoq does not know "
                            + "({N|S}, {n|s}, {lat}, {lat:02}, {E|W}, {e|w}, {lon}, {lon:03} are known)")
                }
            }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            func count(_ matches: (Part) -> Bool) -> Int { parts.filter(matches).count }
            let counts = [
                ("{N|S}", count { if case .latitudeHemisphere = $0 { true } else { false } }),
                ("{lat}", count { if case .latitude = $0 { true } else { false } }),
                ("{E|W}", count { if case .longitudeHemisphere = $0 { true } else { false } }),
                ("{lon}", count { if case .longitude = $0 { true } else { false } })
            ]
            if counts.allSatisfy({ $0.1 == 0 }) { throw Failure.reason("the name \(name) holds no placeholder") }
            if let missing = counts.first(where: { $0.1 == 0 }) { throw Failure.reason("the name \(name) holds no \(missing.0)") }
            if let repeated = counts.first(where: { $0.1 > 1 }) { throw Failure.reason("the name \(name) holds \(repeated.0) \(repeated.1) times") }
            self.parts = parts
        }

        /// The file name of `tile`. O(name).
        func name(of tile: Tile) -> String {
            parts.map { part -> String in
                switch part {
                case .literal(let text): return text
                case .latitudeHemisphere(let upper): return tile.south < 0 ? (upper ? "S" : "s") : (upper ? "N" : "n")
                case .longitudeHemisphere(let upper): return tile.west < 0 ? (upper ? "W" : "w") : (upper ? "E" : "e")
                case .latitude(let width): return Tile.padded(abs(tile.south), width)
                case .longitude(let width): return Tile.padded(abs(tile.west), width)
                }
            }.joined()
        }

        /// The tile a file name names, nil when it is not a name of the pattern (or names a
        /// corner off the Earth). O(name).
        func tile(named name: String) -> Tile? {
            var rest = Substring(name)
            var latitude = 0, longitude = 0, south = false, west = false
            func digits(_ width: Int) -> Int? {
                let run = rest.prefix { $0.isASCII && $0.isNumber }
                let taken = width > 0 ? run.prefix(width) : run.prefix(3)
                guard !taken.isEmpty, width == 0 || taken.count == width, let value = Int(taken) else { return nil }
                rest = rest.dropFirst(taken.count)
                return value
            }
            func letter(_ yes: Character, _ no: Character) -> Bool? {
                guard let first = rest.first, first == yes || first == no else { return nil }
                rest = rest.dropFirst()
                return first == yes
            }
            for part in parts {
                switch part {
                case .literal(let text):
                    guard rest.hasPrefix(text) else { return nil }
                    rest = rest.dropFirst(text.count)
                case .latitudeHemisphere(let upper):
                    guard let isSouth = letter(upper ? "S" : "s", upper ? "N" : "n") else { return nil }
                    south = isSouth
                case .longitudeHemisphere(let upper):
                    guard let isWest = letter(upper ? "W" : "w", upper ? "E" : "e") else { return nil }
                    west = isWest
                case .latitude(let width):
                    guard let value = digits(width) else { return nil }
                    latitude = value
                case .longitude(let width):
                    guard let value = digits(width) else { return nil }
                    longitude = value
                }
            }
            let tile = Tile(south: south ? -latitude : latitude, west: west ? -longitude : longitude)
            guard rest.isEmpty, (-90...89).contains(tile.south), (-180...179).contains(tile.west), self.name(of: tile) == name else { return nil }
            return tile
        }
    }
}
