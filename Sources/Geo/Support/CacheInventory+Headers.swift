import Foundation

/// The spill and completion indexes in the cache: their headers read (never their payload), and
/// their inputs checked as the loaders check them.
extension CacheInventory {
    /// A spill index (`CacheFolder`): the raster, band and options it was built for, and
    /// whether the raster's files are still those it was built from. Nil when the file does not
    /// start as a geoq spill index does.
    static func spillIndex(path: String, nameHash: UInt64) -> (belongsTo: String, state: State)? {
        guard let head = leadingBytes(of: path, count: 1 << 16), head.starts(with: CacheFormat.magic) else { return nil }
        var reader = HeaderReader(bytes: head, offset: CacheFormat.magic.count)
        guard let format = reader.integer(UInt32.self), reader.integer(UInt32.self) != nil, reader.integer(UInt64.self) != nil,
            let identity = reader.text(), let version = reader.text()
        else {
            return ((path as NSString).lastPathComponent, .unneeded("its header is damaged"))
        }
        let lines = identity.components(separatedBy: "\n")
        let raster = lines[0]
        let belongsTo = ([raster] + lines.dropFirst().map(readable)).joined(separator: ", ")
        guard format == CacheFormat.formatVersion else { return (belongsTo, .unneeded("written in another format, never read again")) }
        guard CacheFormat.fnv1a(Array(identity.utf8)) == nameHash else { return (belongsTo, .unneeded("not under its own name, never read")) }
        guard FileManager.default.fileExists(atPath: raster) else { return (belongsTo, .unneeded("its raster is gone")) }
        let files = Set([raster] + CacheFolder.Key.filesGDALOpens(raster)).sorted()
        let coastline = lines.first { $0.hasPrefix(coastlinePrefix) }
            .map { URL(fileURLWithPath: String($0.dropFirst(coastlinePrefix.count))).standardizedFileURL.path }
        let now = (files + (coastline.map { [$0] } ?? [])).map { CacheFolder.Key.fileVersion($0) }.joined(separator: "; ")
        guard now != version else { return (belongsTo, .current) }
        if let coastline, !version.hasSuffix("; " + CacheFolder.Key.fileVersion(coastline)) {
            return (belongsTo, .unneeded("its coastline changed since it was built"))
        }
        return (belongsTo, .unneeded("its raster changed since it was built"))
    }

    /// A nested fine model's index (`NestingCache`): the rasters it was read from and the base
    /// it was nested in; in use while every file its version lists is unchanged.
    static func nestedIndex(path: String, nameHash: UInt64) -> (belongsTo: String, state: State)? {
        guard let head = leadingBytes(of: path, count: 1 << 20), head.starts(with: CacheFormat.magic) else { return nil }
        var reader = HeaderReader(bytes: head, offset: CacheFormat.magic.count)
        guard let format = reader.integer(UInt32.self), reader.integer(UInt32.self) != nil, reader.integer(UInt64.self) != nil,
            let identity = reader.text(), let version = reader.text()
        else {
            return ((path as NSString).lastPathComponent, .unneeded("its header is damaged"))
        }
        let lines = identity.components(separatedBy: "\n")
        guard lines.first == "nested" else { return nil }
        let rasters = lines.dropFirst().prefix { !$0.hasPrefix("band ") }
        let base = lines.last.map { $0.hasPrefix("in ") ? String($0.dropFirst(3)) : $0 } ?? ""
        let belongsTo = rasters.joined(separator: " + ") + " nested in " + (base.components(separatedBy: ", ").first ?? base)
        guard format == CacheFormat.formatVersion else { return (belongsTo, .unneeded("written in another format, never read again")) }
        guard CacheFormat.fnv1a(Array(identity.utf8)) == nameHash else { return (belongsTo, .unneeded("not under its own name, never read")) }
        for file in version.components(separatedBy: "; ") {
            guard let tab = file.firstIndex(of: "\t") else { continue }
            let filePath = String(file[..<tab])
            guard CacheFolder.Key.fileVersion(filePath) == file else {
                return (belongsTo, .unneeded("\((filePath as NSString).lastPathComponent) changed since it was nested"))
            }
        }
        return (belongsTo, .current)
    }

    /// How a spill index's identity names the coastline it was flooded with (`CacheFolder.Key`).
    static let coastlinePrefix = "coastline "

    /// The compact copy of a coastline mask (`CoastlineMask.writeCompact`): the mask it was read
    /// from, and whether that is unchanged. Nil when the file does not start as one does.
    static func compactCoastline(path: String) -> (belongsTo: String, state: State)? {
        guard let head = leadingBytes(of: path, count: 1 << 16), head.starts(with: CoastlineMask.cacheMagic) else { return nil }
        var reader = HeaderReader(bytes: head, offset: CoastlineMask.cacheMagic.count)
        guard let format = reader.integer(UInt32.self), reader.integer(UInt64.self) != nil, reader.integer(UInt64.self) != nil,
            reader.integer(UInt64.self) != nil, reader.integer(UInt64.self) != nil, reader.integer(UInt64.self) != nil,
            let mask = reader.text(), let version = reader.text()
        else {
            return ((path as NSString).lastPathComponent, .unneeded("its header is damaged"))
        }
        guard format == CoastlineMask.cacheFormatVersion else { return (mask, .unneeded("written in another format, never read again")) }
        guard FileManager.default.fileExists(atPath: mask) else { return (mask, .unneeded("its coastline is gone")) }
        let now = CacheFolder.Key.fileVersion(URL(fileURLWithPath: mask).standardizedFileURL.path)
        return (mask, now == version ? .current : .unneeded("its coastline changed since it was read"))
    }

    /// A completion index (`PlaceIndexCache`): the gazetteers it was built from, and whether
    /// they are unchanged. Nil when the file does not start as a geoq completion index does.
    static func placeIndex(path: String, nameHash: UInt64) -> (belongsTo: String, state: State)? {
        guard let head = leadingBytes(of: path, count: 1 << 20), head.starts(with: PlaceIndexFile.magic) else { return nil }
        var reader = HeaderReader(bytes: head, offset: PlaceIndexFile.magic.count)
        let format = reader.integer(UInt32.self)
        reader.offset = 32
        guard let format, let keyLength = reader.integer(UInt32.self), 40 + Int(keyLength) <= head.count else {
            return ((path as NSString).lastPathComponent, .unneeded("its header is damaged"))
        }
        let key = String(decoding: head[40..<(40 + Int(keyLength))], as: UTF8.self).components(separatedBy: "\n\n")
        guard key.count == 2 else { return ((path as NSString).lastPathComponent, .unneeded("its header is damaged")) }
        let paths = Array(key[0].components(separatedBy: "\n").dropFirst())
        let belongsTo =
            paths.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
            + (paths.first.map { " in " + ($0 as NSString).deletingLastPathComponent } ?? "")
        guard format == PlaceIndexFile.formatVersion else { return (belongsTo, .unneeded("written in format \(format), this geoq reads \(PlaceIndexFile.formatVersion)")) }
        guard CacheFormat.fnv1a(Array(key[0].utf8)) == nameHash else { return (belongsTo, .unneeded("not under its own name, never read")) }
        if let gone = paths.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            return (belongsTo, .unneeded("\((gone as NSString).lastPathComponent) is gone"))
        }
        let now = paths.map(CacheFolder.Key.fileVersion).joined(separator: "\n")
        return (belongsTo, now == key[1] ? .current : .unneeded("a gazetteer changed since it was built"))
    }

    /// Every place's point (`PlacePointsCache`): the gazetteers and models it was made from,
    /// and whether each file it records is as it was.
    static func placeAnswers(path: String, nameHash: UInt64) -> (belongsTo: String, state: State)? {
        guard let head = leadingBytes(of: path, count: 1 << 20), head.starts(with: PlacePoints.magic) else { return nil }
        var reader = HeaderReader(bytes: head, offset: PlacePoints.magic.count)
        let name = (path as NSString).lastPathComponent
        guard let format = reader.integer(UInt32.self), reader.integer(UInt64.self) != nil, let identity = reader.text(), let version = reader.text()
        else { return (name, .unneeded("its header is damaged")) }
        let files = identity.components(separatedBy: "\n").filter { $0.hasPrefix("/") }
        let belongsTo = "every place's point on " + files.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
        guard format == PlacePoints.formatVersion else { return (belongsTo, .unneeded("written in format \(format), this geoq reads \(PlacePoints.formatVersion)")) }
        guard CacheFormat.fnv1a(Array(identity.utf8)) == nameHash else { return (belongsTo, .unneeded("not under its own name, never read")) }
        let changed = version.split(separator: "\n").first { CacheFolder.Key.fileVersion(String($0.prefix { $0 != "\t" })) != $0 }
        return (belongsTo, changed.map { .unneeded("\(($0.prefix { $0 != "\t" } as NSString).lastPathComponent) changed since they were made") } ?? .current)
    }

    /// A line of a spill index's identity in words: "c8 nocean sauto" (`FloodOptions.cacheKey`)
    /// is "8-connected, nodata is ocean, seeded from the sea"; "band 1" stays.
    static func readable(_ line: String) -> String {
        guard line.hasPrefix("c"), !line.hasPrefix(coastlinePrefix) else { return line }
        return line.split(separator: " ").map { token -> String in
            let value = token.dropFirst()
            switch token.first {
            case "c": return "\(value)-connected"
            case "n": return "nodata is \(value)"
            case "s": return value == "auto" ? "seeded from the sea" : "seeded at \(value)"
            default: return String(token)
            }
        }.joined(separator: ", ")
    }

    /// Up to `count` bytes from the start of the regular file at `path`.
    static func leadingBytes(of path: String, count: Int) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: count)).flatMap { $0.map(Array.init) }
    }

    /// Little-endian integers and length-prefixed UTF-8 texts from a header's bytes.
    struct HeaderReader {
        var bytes: [UInt8]
        var offset: Int

        mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
            let size = MemoryLayout<T>.size
            guard offset + size <= bytes.count else { return nil }
            defer { offset += size }
            return bytes[offset..<offset + size].reversed().reduce(T(0)) { $0 << 8 | T($1) }
        }

        mutating func text() -> String? {
            guard let length = integer(UInt32.self).map(Int.init), offset + length <= bytes.count else { return nil }
            defer { offset += length }
            return String(bytes: bytes[offset..<offset + length], encoding: .utf8)
        }
    }
}
