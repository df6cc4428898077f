import Foundation

/// A page of flooded places as compact JSON, written directly into bytes: a map asks for one on
/// every move of the sea-level control, and Foundation's `JSONEncoder` costs more than finding
/// the places (docs/measurements.md). Keys and values are those `JSONOutput` writes for the
/// same answer, in sorted order, without its indentation (tested against it).
public enum FloodedPlacesJSON {
    /// `{"count":…,"datum":…,"offset":…,"places":[…],…,"seaLevel":{…}}` and a newline, as UTF-8.
    /// O(size of the output).
    public static func answerBytes(_ answer: SeaLevelAnswer<FloodedPlaces>) throws -> [UInt8] {
        let page = answer.answer
        var json = JSONBytes(capacity: 1024 + 420 * page.places.count)
        json.open("{")
        json.member("count", page.count)
        json.member("datum", SeaLevelDatum.statement(aboveHighTide: answer.basis?.highTide))
        json.member("offset", page.offset)
        json.key("places")
        json.open("[")
        for place in page.places { write(place, into: &json) }
        json.close("]")
        json.member("population", page.population)
        json.member("resolvedCount", page.resolvedCount)
        json.member("resolvedPopulation", page.resolvedPopulation)
        json.member("rise", page.rise)
        if let basis = answer.basis {
            // Small, once a page, and with projections and tides of many shapes: the encoder's.
            json.key("seaLevel")
            json.raw(try compactEncoder.encode(basis))
        }
        json.close("}")
        return json.bytes + [UInt8(ascii: "\n")]
    }

    private static var compactEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Members in sorted order; a member whose value is absent is left out, as the encoder does.
    private static func write(_ place: FloodedPlace, into json: inout JSONBytes) {
        json.open("{")
        json.member("confidence", place.confidence)
        json.member("elevationM", place.elevationM)
        json.member("id", place.id)
        json.member("latitude", place.latitude)
        json.member("longitude", place.longitude)
        json.member("name", place.name)
        json.member("population", place.population)
        json.member("source", place.source)
        json.member("spillLevelM", place.spillLevelM)
        json.member("subtitle", place.subtitle)
        json.member("today", place.today?.rawValue)
        json.close("}")
    }
}
