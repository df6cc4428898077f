import Foundation
import Testing
@testable import Geo

/// The compact copy of a coastline mask in the cache (`coastline-*.bin`): its header (sizes,
/// edges, cell size) is under the checksum, so a damaged one is read again from the mask, never
/// trusted: a cell size of 0 or NaN once crashed every flood command, a west edge of 0 made
/// Amsterdam sea.
@Suite struct CoastlineCacheHeaderTests {
    /// Byte offsets in the header: after "GEOQCOST" and the format (12), width, height, west,
    /// north and cell size, 8 bytes each.
    static let fields: [(name: String, offset: Int)] = [("width", 12), ("height", 20), ("west", 28), ("north", 36), ("cell size", 44)]

    static let damages: [(name: String, bits: UInt64)] = [
        ("zero", 0), ("NaN", Double.nan.bitPattern), ("infinity", Double.infinity.bitPattern), ("all ones", .max)
    ]

    @Test(arguments: fields)
    func aDamagedHeaderFieldMeansReadingTheMaskAgain(field: (name: String, offset: Int)) throws {
        let folder = TestRasters.temporaryDirectory()
        let maskPath = folder.appendingPathComponent("mask.tif").path
        try FileManager.default.copyItem(atPath: TodaysCoastlineTests.mask.path, toPath: maskPath)
        let cache = folder.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let read = try CoastlineMask.load(path: maskPath, cacheDirectory: cache)
        let compact = CoastlineMask.cacheURL(in: cache, path: maskPath)
        let whole = try Data(contentsOf: compact)
        #expect(try CoastlineMask.readCompact(at: compact.path, path: maskPath, version: read.version).west == read.west)
        for damage in Self.damages {
            var bytes = whole
            withUnsafeBytes(of: damage.bits.littleEndian) { bytes.replaceSubrange(field.offset..<field.offset + 8, with: $0) }
            guard bytes != whole else { continue }
            try bytes.write(to: compact)
            #expect(throws: CacheFormat.DecodeError.self, "\(field.name) \(damage.name)") {
                try CoastlineMask.readCompact(at: compact.path, path: maskPath, version: read.version)
            }
            // Loaded again: from the mask, as it is.
            let again = try CoastlineMask.load(path: maskPath, cacheDirectory: cache)
            #expect(
                again.width == read.width && again.height == read.height && again.west == read.west
                    && again.north == read.north && again.cellDegrees == read.cellDegrees, "\(field.name) \(damage.name)")
        }
    }
}
