/// The completion answer as compact JSON, written directly into bytes: a search box asks on
/// every keystroke, and Foundation's `JSONEncoder` costs more than the search itself.
/// Keys and values are those `JSONOutput` would write for the same value, in sorted order.
public enum CompletionJSON {
    /// `{"completions":[…],"highlightUnits":"utf16","query":…}` and a newline, as UTF-8.
    /// O(size of the output).
    public static func answerBytes(query: String, suggestions: [PlaceSuggestion]) -> [UInt8] {
        var json = JSONBytes(capacity: 512 + 400 * suggestions.count)
        json.open("{")
        json.key("completions")
        json.open("[")
        for suggestion in suggestions { write(suggestion, into: &json) }
        json.close("]")
        json.key("highlightUnits")
        json.string("utf16")
        json.key("query")
        json.string(query)
        json.close("}")
        return json.bytes + [UInt8(ascii: "\n")]
    }

    /// The same answer as text.
    public static func answer(query: String, suggestions: [PlaceSuggestion]) -> String {
        String(decoding: answerBytes(query: query, suggestions: suggestions), as: UTF8.self)
    }

    private static func write(_ suggestion: PlaceSuggestion, into json: inout JSONBytes) {
        let completion = suggestion.completion
        func ranges(_ ranges: [Completion.TextRange]) {
            json.open("[")
            for range in ranges {
                json.open("{")
                json.key("length")
                json.number(range.length)
                json.key("location")
                json.number(range.location)
                json.close("}")
            }
            json.close("]")
        }
        json.open("{")
        json.key("aliasHighlights")
        ranges(completion.aliasHighlights)
        if let code = completion.code {
            json.key("code")
            json.string(code)
        }
        if let confidence = suggestion.confidence {
            json.key("confidence")
            json.confidence(confidence)
        }
        if let distance = completion.distanceKilometers {
            json.key("distanceKilometers")
            json.number(distance)
        }
        json.key("edits")
        json.number(completion.edits)
        json.key("elevationM")
        if let elevation = suggestion.elevationM { json.number(elevation) } else { json.null() }
        json.key("flooding")
        json.string(suggestion.flooding)
        json.key("id")
        json.number(completion.id)
        if let qualifier = completion.ignoredQualifier {
            json.key("ignoredQualifier")
            json.string(qualifier)
        }
        json.key("kind")
        json.string(completion.kind.rawValue)
        json.key("latitude")
        json.number(completion.latitude)
        json.key("longitude")
        json.number(completion.longitude)
        json.key("match")
        json.string(completion.match.rawValue)
        if let alias = completion.matchedAlias {
            json.key("matchedAlias")
            json.string(alias)
        }
        json.key("population")
        json.number(completion.population)
        json.key("score")
        json.number(completion.score)
        if let source = suggestion.source {
            json.key("source")
            json.source(source)
        }
        json.key("spillLevelM")
        if let spill = suggestion.spillLevelM { json.number(spill) } else { json.null() }
        json.key("subtitle")
        json.string(completion.subtitle)
        json.key("title")
        json.string(completion.title)
        json.key("titleHighlights")
        ranges(completion.titleHighlights)
        if let today = suggestion.today {
            json.key("today")
            json.string(today.rawValue)
        }
        json.close("}")
    }
}
