import Foundation

/// Every gazetteer place's point against the sea as completion answers it, for every kind
/// (towns, postal codes, airports, areas: `PlaceFloodTable`'s rule, on the models loaded at
/// start), in fixed rows of a file: what a command completing a query or two reads from the
/// cache folder (`PlacePointsCache`) in place of loading the elevation stack, for the same
/// answer (docs/completion.md, "The same speed in every format").
///
/// The file: magic, format, place count, identity, version, the models (JSON), a checksum of
/// all of these; then a row per place, and a checksum per block of rows. Opening it reads the
/// header only; a row is read after its block's checksum, so a damaged file is said, never
/// answered from (`Damaged`).
public struct PlacePoints: Sendable {
    static let magic = Array("GEOQPPTS".utf8)
    public static let formatVersion: UInt32 = 1
    /// Bytes per place: elevation (Float64, NaN for none), spill level (Float64), ramp top
    /// (Float64, 0: none), relief (Float32, NaN: not known, as `PlaceFloodTable` keeps it),
    /// model (UInt8, `outside`), today (UInt8, 0: none, else 1 + its case), unresolved (UInt8,
    /// 0: none, else 1 + its raw value), one byte spare.
    static let rowBytes = 32
    /// Rows per checksummed block: a question checks the few blocks it reads, never the file.
    static let blockRows = 1024

    /// A model a row names: its source and its grid's cell size (`PlaceFloodTable.sources`).
    struct Model: Codable, Equatable {
        var source: FloodModelSource?
        var gridCellSizeM: Double?
    }

    /// A row whose block fails its checksum: the file at `path` is damaged.
    public struct Damaged: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "\(path): a block of place answers fails its checksum" }
    }

    let storage: FlatStorage
    /// Where the file was read from ("in memory" for one built and not kept).
    let path: String
    let rowsOffset: Int
    let checksumsOffset: Int
    /// How many places it holds: the gazetteers' index's count.
    public let count: Int
    let models: [Model]
    public let identity: String
    public let version: String

    /// The file's bytes for every place of `places` on `flood` (the models loaded at start),
    /// in chunks across the cores. O(places × one point's answer).
    static func fileBytes(places: PlaceCompleter, flood: any FloodAnswering, identity: String, version: String) throws -> [UInt8] {
        let table = places.placeTable
        let columns = PlaceFloodTable.Columns(everyPlaceOf: table, flood: flood, everyKind: true)
        let models = zip(columns.sources, columns.gridCellSizes).map { Model(source: $0, gridCellSizeM: $1) }
        var bytes = header(count: table.count, identity: identity, version: version, models: try JSONEncoder().encode(models))
        let rowsStart = bytes.count
        bytes.reserveCapacity(rowsStart + table.count * rowBytes + (table.count / blockRows + 1) * 8)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        for place in 0..<table.count {
            append((columns.elevation[place] ?? .nan).bitPattern)
            append(columns.spillLevel[place].bitPattern)
            append(columns.rampTop[place].bitPattern)
            append(columns.relief[place].bitPattern)
            append(columns.sourceIndex[place])
            append(UInt8(columns.today[place].flatMap { today in FloodPoint.Today.allCases.firstIndex(of: today).map { $0 + 1 } } ?? 0))
            append(UInt8(columns.unresolved[place].map { Int($0.rawValue) + 1 } ?? 0))
            append(UInt8(0))
        }
        let rows = bytes[rowsStart...].withUnsafeBytes { Array($0) }
        for block in stride(from: 0, to: table.count, by: blockRows) {
            let range = block * rowBytes..<min(table.count, block + blockRows) * rowBytes
            append(rows[range].withUnsafeBytes { CacheFormat.checksum($0) })
        }
        return bytes
    }

    private static func header(count: Int, identity: String, version: String, models: Data) -> [UInt8] {
        var header = magic
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) } }
        func appendText(_ bytes: [UInt8]) { append(UInt32(bytes.count)); header.append(contentsOf: bytes) }
        append(formatVersion)
        append(UInt64(count))
        appendText(Array(identity.utf8))
        appendText(Array(version.utf8))
        appendText(Array(models))
        append(header.withUnsafeBytes { CacheFormat.checksum($0) })
        return header
    }

    /// The points in `storage` (a file's bytes), its header checked. O(header).
    /// - Throws: ``CacheFormat/DecodeError`` saying what is wrong with it.
    init(storage: FlatStorage, path: String) throws {
        let raw = UnsafeRawBufferPointer(start: storage.base, count: storage.byteCount)
        var offset = 0
        func take(_ count: Int) throws -> UnsafeRawBufferPointer {
            guard count >= 0, count <= raw.count - offset else { throw CacheFormat.DecodeError(reason: "the file is truncated") }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count])
        }
        func integer<T: FixedWidthInteger>(_: T.Type) throws -> T { T(littleEndian: try take(MemoryLayout<T>.size).loadUnaligned(as: T.self)) }
        func text() throws -> UnsafeRawBufferPointer { try take(Int(try integer(UInt32.self))) }
        guard Array(try take(Self.magic.count)) == Self.magic else { throw CacheFormat.DecodeError(reason: "it is not a file of geoq's place answers") }
        guard try integer(UInt32.self) == Self.formatVersion else { throw CacheFormat.DecodeError(reason: "it was written in another format") }
        let count = try integer(UInt64.self)
        guard count < UInt64(Int32.max) else { throw CacheFormat.DecodeError(reason: "its place count is implausible") }
        let identity = try text(), version = try text(), models = try text()
        let headerChecksum = CacheFormat.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<offset]))
        guard try integer(UInt64.self) == headerChecksum else { throw CacheFormat.DecodeError(reason: "its header fails its checksum") }
        self.count = Int(count)
        rowsOffset = offset
        checksumsOffset = offset + self.count * Self.rowBytes
        let blocks = (self.count + Self.blockRows - 1) / Self.blockRows
        guard raw.count == checksumsOffset + blocks * 8 else { throw CacheFormat.DecodeError(reason: "it holds \(raw.count) bytes, not its places'") }
        self.identity = String(decoding: identity, as: UTF8.self)
        self.version = String(decoding: version, as: UTF8.self)
        do {
            self.models = try JSONDecoder().decode([Model].self, from: Data(models))
        } catch {
            throw CacheFormat.DecodeError(reason: "its models cannot be read")
        }
        self.storage = storage
        self.path = path
    }

    /// Place `index`'s point, as `PlaceFloodTable.point` gives it; nil when no model covers
    /// it. O(a block's checksum).
    /// - Throws: `Damaged` when the row's block fails its checksum.
    func point(_ index: Int, latitude: Double, longitude: Double) throws -> FloodPoint? {
        // Opened for the index's place count; an index past it is a file not of this index.
        guard index >= 0, index < count else { throw Damaged(path: path) }
        let block = index / Self.blockRows
        let blockStart = rowsOffset + block * Self.blockRows * Self.rowBytes
        let blockEnd = rowsOffset + min(count, (block + 1) * Self.blockRows) * Self.rowBytes
        let stored = storage.base.loadUnaligned(fromByteOffset: checksumsOffset + block * 8, as: UInt64.self)
        guard CacheFormat.checksum(UnsafeRawBufferPointer(start: storage.base + blockStart, count: blockEnd - blockStart)) == UInt64(littleEndian: stored) else {
            throw Damaged(path: path)
        }
        let row = rowsOffset + index * Self.rowBytes
        func load<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T { T(littleEndian: storage.base.loadUnaligned(fromByteOffset: row + offset, as: T.self)) }
        let modelIndex = load(28, UInt8.self)
        guard modelIndex != PlaceFloodTable.outside else { return nil }
        let model = Int(modelIndex) < models.count ? models[Int(modelIndex)] : Model()
        let elevation = Double(bitPattern: load(0, UInt64.self))
        let today = Int(load(29, UInt8.self)), unresolved = load(30, UInt8.self)
        return PlaceFloodTable.point(
            latitude: latitude, longitude: longitude, elevation: elevation.isNaN ? nil : elevation,
            spillLevel: Double(bitPattern: load(8, UInt64.self)), model: (model.source, model.gridCellSizeM),
            today: today > 0 && today <= FloodPoint.Today.allCases.count ? FloodPoint.Today.allCases[today - 1] : nil,
            relief: Float(bitPattern: load(24, UInt32.self)),
            unresolved: unresolved > 0 ? FloodPoint.UnresolvedLevel(rawValue: unresolved - 1) : nil,
            rampTop: Double(bitPattern: load(16, UInt64.self)))
    }
}
