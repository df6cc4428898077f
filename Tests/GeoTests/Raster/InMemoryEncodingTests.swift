import CGDAL
import Foundation
import Testing
@testable import Geo

/// Encoding an answer through GDAL's in-memory files leaves none of them behind: a service
/// encodes one per request, and each left file is memory held for good.
@Suite(.serialized) struct InMemoryEncodingTests {
    /// The names under /vsimem/ that geoq made.
    static func geoqMemoryFiles() -> [String] {
        guard let list = VSIReadDir("/vsimem/") else { return [] }
        defer { CSLDestroy(list) }
        var names: [String] = []
        var index = 0
        while let entry = list[index] {
            let name = String(cString: entry)
            if name.hasPrefix("geoq") { names.append(name) }
            index += 1
        }
        return names
    }

    @Test func testEncode_whenAFloodMaskIsWrittenAsGeoTIFF_noMemoryFileStays() throws {
        let index = try SpillIndex(grid: TestRasters.regional([[0, 8, 8, 8], [0, 8, 2, 8], [0, 8, 8, 8]]))
        let engine = QueryEngine(flood: index)
        let before = Self.geoqMemoryFiles()
        for _ in 0..<3 { _ = try engine.floodClassMask(rise: 2, bbox: nil).geoTIFFData() }
        _ = try EncodedAnswer.png(engine.floodMap(rise: 2, bbox: nil, width: 16, height: 8, legend: false).image)
        // Other suites encode at the same time: a file of theirs may be there for a moment. A
        // file left behind stays; one that goes within 5 s was another answer's, in flight.
        var left = Set(Self.geoqMemoryFiles()).subtracting(before)
        let deadline = Date().addingTimeInterval(5)
        while !left.isEmpty && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            left.formIntersection(Self.geoqMemoryFiles())
        }
        #expect(left.isEmpty, "left in /vsimem/: \(left.sorted())")
    }
}
