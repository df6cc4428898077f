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
        json.key("count")
        json.number(page.count)
        json.key("datum")
        json.string(SeaLevelDatum.statement(aboveHighTide: answer.basis?.highTide))
        json.key("offset")
        json.number(page.offset)
        json.key("places")
        json.open("[")
        for place in page.places { write(place, into: &json) }
        json.close("]")
        json.key("population")
        json.number(page.population)
        json.key("resolvedCount")
        json.number(page.resolvedCount)
        json.key("resolvedPopulation")
        json.number(page.resolvedPopulation)
        json.key("rise")
        json.number(page.rise)
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
        if let confidence = place.confidence {
            json.key("confidence")
            json.confidence(confidence)
        }
        if let elevation = place.elevationM {
            json.key("elevationM")
            json.number(elevation)
        }
        json.key("id")
        json.number(place.id)
        json.key("latitude")
        json.number(place.latitude)
        json.key("longitude")
        json.number(place.longitude)
        json.key("name")
        json.string(place.name)
        json.key("population")
        json.number(place.population)
        if let source = place.source {
            json.key("source")
            json.source(source)
        }
        json.key("spillLevelM")
        json.number(place.spillLevelM)
        json.key("subtitle")
        json.string(place.subtitle)
        if let today = place.today {
            json.key("today")
            json.string(today.rawValue)
        }
        json.close("}")
    }
}
