import Foundation
import Testing
@testable import geoq

/// `--memory-limit` reads sizes as people write them in decimal, with a unit; anything else
/// (hexadecimal, exponents, non-ASCII digits) is refused with what was expected.
@Suite struct ByteCountTests {
    @Test func decimalSizesWithUnitsAreRead() {
        let cases: [(String, Int)] = [
            ("16", 16), ("512M", 512 << 20), ("2G", 2 << 30), ("2g", 2 << 30), ("1.5GiB", 3 << 29),
            ("64 KB", 64 << 10), ("100B", 100), (".5K", 512)
        ]
        for (text, bytes) in cases {
            #expect(ByteCount(argument: text)?.bytes == bytes, "\(text)")
        }
    }

    /// `0x10` was read as 16 bytes (Swift's `Double(_:)` reads hexadecimal).
    @Test func hexadecimalAndOtherSpellingsAreRefused() {
        for text in ["0x10", "0x10M", "1e9", "inf", "nan", "-5M", "+5M", "", "M", ".", "1.2.3", "٩M", "９M", "0"] {
            #expect(ByteCount(argument: text) == nil, "\(text)")
        }
        #expect(throws: (any Error).self) { try ByteCount.parse("0x10") }
    }

    /// `0.5B` was 0 bytes (a copernicus_cache_size of nothing): a size under one byte, or a
    /// part of a byte, is refused.
    @Test func partsOfAByteAreRefused() {
        for text in ["0.5B", "0.5", "1.5B", "1.5", "0.0001K"] {
            #expect(ByteCount(argument: text) == nil, "\(text)")
        }
        #expect(ByteCount(argument: "0.5K")?.bytes == 512)
    }

    @Test(.process) func theCommandSaysWhatASizeIs() throws {
        let folder = TestRasters.temporaryDirectory()
        let run = try GeoqProcess.run(
            ["index", "build", "--tiled", "--memory-limit", "0x10", "-o", folder.appendingPathComponent("x.tif").path],
            environment: ["COLUMNS": CommandLineTests.columns])
        #expect(run.status == 2, "\(run.standardError)")
        expectWhole(
            run.standardError,
            """
            Error: The value '0x10' is invalid for '--memory-limit <size>': expected a size in bytes: decimal digits with an optional unit (1073741824, 512M, 2G, 1.5GiB), got 0x10
            Help:  --memory-limit <size>  Memory the tiled build may use, e.g. 2G, 512M (default: a quarter of RAM).
            Usage: geoq index build <options>
              See 'geoq index build --help' for more information.

            """)
    }
}
