import Testing
@testable import Geo

@Test func libraryReportsItsVersion() {
    #expect(Geo.version.split(separator: ".").count == 3)
}
