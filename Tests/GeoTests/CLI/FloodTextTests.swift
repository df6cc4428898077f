import Testing
@testable import Geo
@testable import geoq

/// The command line's text for a country's or town's figures: the places flooded, with what the
/// model cannot tell apart (issue 34), never a total that reads as if every one of them flooded.
@Suite struct FloodTextTests {
    @Test func placesTheModelCannotTellAreCountedApart() {
        // 1,010 places of 3,829,961 people flood; the model resolves 3 of them, of 1,000 people.
        let flooded = FloodedPlaces(
            rise: 2, count: 1010, population: 3_829_961, offset: 0, places: [],
            resolvedCount: 3, resolvedPopulation: 1000)
        #expect(
            FloodText.floodedPlacesLine(flooded)
                == "places flooded  3, 1,000 people; 1,007 more, 3,828,961 people, that this model cannot tell at its resolution\n")
    }

    @Test func whenTheModelResolvesEveryPlaceTheLineHasNoRemainder() {
        let flooded = FloodedPlaces(
            rise: 1, count: 3, population: 1200, offset: 0, places: [],
            resolvedCount: 3, resolvedPopulation: 1200)
        #expect(FloodText.floodedPlacesLine(flooded) == "places flooded  3, 1,200 people\n")
    }

    @Test func whenTheModelResolvesNoneTheLineSaysSo() {
        // The 9.3 km base at +2.3 m: every flooded place is one it cannot tell about.
        let flooded = FloodedPlaces(
            rise: 2.3, count: 4, population: 900, offset: 0, places: [],
            resolvedCount: 0, resolvedPopulation: 0)
        #expect(
            FloodText.floodedPlacesLine(flooded)
                == "places flooded  0, 0 people; 4 more, 900 people, that this model cannot tell at its resolution\n")
    }
}
