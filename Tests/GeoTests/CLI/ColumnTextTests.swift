import Foundation
import Testing
@testable import geoq

/// Values wrapped for `geoq settings` and `geoq cache`: a long word is cut where it must, after
/// a "/" when it has one, in time proportional to its length (a 900 kB value took over 20 s).
@Suite struct ColumnTextTests {
    @Test func aLongWordIsCutAfterASlashOrAtTheWidth() {
        #expect(ColumnText.wrap("abc/defghijklmn", columns: 10, indent: 0) == "abc/\ndefghijklm\nn")
        #expect(ColumnText.wrap("a bb ccc", columns: 12, indent: 2) == "  a bb ccc")
    }

    @Test func aValueOf900kBIsWrappedAtOnce() {
        let value = String(repeating: "a", count: 900_000)
        let started = Date()
        let lines = ColumnText.wrap(value, columns: 60, indent: 0).split(separator: "\n")
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(lines.count == 15_000 && lines.allSatisfy { $0.count == 60 } && lines.joined() == value)
    }
}
