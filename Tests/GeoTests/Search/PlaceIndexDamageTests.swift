import Foundation
import Testing
@testable import Geo

/// A damaged or crafted place index never crashes a query: every parameter the file records is
/// checked before it is used, so a changed one is refused and the index rebuilt (and answers as
/// the index built in memory), and damage inside the sections is either caught by the payload
/// checksum (`geoq serve`) or answers without trapping (a one-shot command).
struct PlaceIndexDamageTests {
    /// The queries compared: plain prefixes, qualified ones ("ka zed": the country named Zed),
    /// scattered words, typos, postal codes.
    static let queries = [
        "ka", "ka zed", "kira qux", "ro bb", "sa na zed", "taki ka", "rokat", "12345", "1", "x", "old",
        "ta united states of america"
    ]

    /// A folder holding a small gazetteer, its cache, the index built in memory and its answers.
    struct Fixture {
        let folder: URL
        let placesPath: String
        let cache: PlaceIndexCache
        let built: PlaceCompleter
        let expected: [[Int]]
        let file: URL
        let pristine: [UInt8]
        let sections: [(offset: Int, length: Int)]

        init(folder: URL) throws {
            self.folder = folder
            placesPath = folder.appendingPathComponent("towns.tsv").path
            try PlaceIndexCacheTests.mixedGazetteer(seed: 5).write(to: placesPath)
            cache = PlaceIndexCache(directory: folder.appendingPathComponent("cache"))
            let built = PlaceCompleter(gazetteer: try Gazetteer(contentsOf: placesPath))
            self.built = built
            expected = try Self.answers(built)
            _ = try cache.completer(placesPaths: [placesPath], notice: { _ in }, build: { built })
            file = cache.fileURL(for: PlaceIndexCache.Key(placesPaths: [placesPath]))
            pristine = [UInt8](try Data(contentsOf: file))
            sections = try PlaceIndexFile.Reader(storage: FlatStorage(mapping: file.path)).sections
        }

        static func answers(_ completer: PlaceCompleter) throws -> [[Int]] {
            try queries.flatMap { query in
                [
                    try completer.complete(query: query).map(\.id),
                    try completer.complete(query: query, near: GeoPoint(latitude: 10, longitude: 20), limit: 20).map(\.id)
                ]
            }
        }

        /// Writes `bytes` as the cache file and opens it as a command (`verifyPayload` false) or
        /// the service does; returns how it was found, the notices and the answers.
        func open(_ bytes: [UInt8], verifyPayload: Bool) throws -> (source: PlaceIndexCache.Source, notices: [String], answers: [[Int]]) {
            try Data(bytes).write(to: file)
            var notices: [String] = []
            let built = self.built
            let (completer, source) = try cache.completer(
                placesPaths: [placesPath], verifyPayload: verifyPayload,
                notice: { notices.append($0) }, build: { built })
            return (source, notices, try Self.answers(completer))
        }

        /// `bytes` read as a command reads the cache file (header checked, the payload not),
        /// without touching the disk; nil when they are refused.
        func openInMemory(_ bytes: [UInt8]) throws -> PlaceCompleter? {
            let storage = bytes.withUnsafeBytes { FlatStorage(copying: $0) }
            guard var reader = try? PlaceIndexFile.Reader(storage: storage) else { return nil }
            return try? PlaceCompleter(reading: &reader, expecting: PlaceIndexCache.Key(placesPaths: [placesPath]).parameters)
        }
    }

    /// Every byte of every parameter (k, postal k, typo threshold, nickname weight, longest
    /// qualifier phrase), flipped, set to 0x80 (the finding: the longest phrase's top byte made
    /// "paris tx" trap on overflow) or to 0xFF: the one-shot open, which checks no payload
    /// checksum, refuses each changed value, rebuilds with a notice, and answers as built.
    @Test func everyChangedParameterIsRefusedAndTheIndexRebuilt() throws {
        try PlaceIndexCacheTests.withFolder { folder in
            let fixture = try Fixture(folder: folder)
            let parameters = fixture.sections[0]
            #expect(parameters.length == 5 * 8)
            var cases = 0
            for parameter in 0..<5 {
                for byte in 0..<8 {
                    let offset = parameters.offset + 8 * parameter + byte
                    for damage in [{ (value: UInt8) in value ^ 0x01 }, { _ in 0x80 }, { _ in 0xFF }] as [(UInt8) -> UInt8] {
                        var bytes = fixture.pristine
                        bytes[offset] = damage(bytes[offset])
                        guard bytes[offset] != fixture.pristine[offset] else { continue }
                        let opened = try fixture.open(bytes, verifyPayload: false)
                        let what = "parameter \(parameter), byte \(byte) set to \(bytes[offset])"
                        #expect(opened.source == .built, "\(what)")
                        #expect(
                            opened.notices.count == 1 && opened.notices[0].contains("cannot be used (its parameters are damaged"),
                            "\(what): \(opened.notices)")
                        #expect(opened.answers == fixture.expected, "\(what)")
                        cases += 1
                    }
                }
            }
            #expect(cases >= 5 * 8 * 2)
        }
    }

    /// A few bytes of every section (its first, middle and last), inverted. The service's open
    /// checks the payload checksum: each is rebuilt and answers as built. A command's open does
    /// not read the sections: it may answer wrongly, but never traps.
    @Test func damageInEverySectionIsRebuiltByTheServiceAndNeverTrapsACommand() throws {
        try PlaceIndexCacheTests.withFolder { folder in
            let fixture = try Fixture(folder: folder)
            #expect(fixture.sections.count > 50)
            for (index, section) in fixture.sections.enumerated() where section.length > 0 {
                for offset in Set([0, section.length / 2, section.length - 1]) {
                    var bytes = fixture.pristine
                    bytes[section.offset + offset] ^= 0xFF
                    if offset == section.length / 2 {
                        let service = try fixture.open(bytes, verifyPayload: true)
                        #expect(service.source == .built && service.answers == fixture.expected, "section \(index), byte \(offset)")
                        #expect(service.notices.count == 1 && service.notices[0].contains("its checksum does not match"), "\(service.notices)")
                    }
                    if let command = try fixture.openInMemory(bytes) { _ = try Fixture.answers(command) }
                }
            }
        }
    }

    /// The header is checksummed, but a checksum detects damage, not tampering: a crafted header
    /// with its checksum recomputed, every section's offset and length changed in turn, is
    /// refused (the sections must lie one after another to the file's end) or, for a length
    /// changed only within its padding, opens and answers without trapping. (Read in memory, as
    /// a command reads the file: the cache's own rebuild is held by the tests above.)
    @Test func aCraftedSectionTableIsRefused() throws {
        try PlaceIndexCacheTests.withFolder { folder in
            let fixture = try Fixture(folder: folder)
            let tableStart = fixture.sections[0].offset - 8 - 16 * fixture.sections.count
            var refused = 0, tried = 0
            for index in fixture.sections.indices {
                for field in 0..<2 {
                    let at = tableStart + 16 * index + 8 * field
                    let original = fixture.pristine.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: UInt64.self) }
                    for value in [0, 1, original &+ 8, original &- 8, original &+ 1, UInt64(fixture.pristine.count), 1 << 63, UInt64.max] {
                        guard value != original else { continue }
                        var bytes = fixture.pristine
                        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(at..<(at + 8), with: $0) }
                        let checksumAt = fixture.sections[0].offset - 8
                        let checksum = bytes.withUnsafeBytes {
                            PlaceIndexFile.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<checksumAt]), seed: PlaceIndexFile.checksumSeed)
                        }
                        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(checksumAt..<(checksumAt + 8), with: $0) }
                        tried += 1
                        if let opened = try fixture.openInMemory(bytes) {
                            #expect(field == 1, "section \(index)'s offset \(value) was accepted")
                            _ = try Fixture.answers(opened)
                        } else {
                            refused += 1
                        }
                    }
                }
            }
            #expect(refused > tried * 9 / 10, "\(refused) of \(tried)")
        }
    }
}
