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
        json.member("highlightUnits", "utf16")
        json.member("query", query)
        json.close("}")
        return json.bytes + [UInt8(ascii: "\n")]
    }

    /// The same answer as text.
    public static func answer(query: String, suggestions: [PlaceSuggestion]) -> String {
        String(decoding: answerBytes(query: query, suggestions: suggestions), as: UTF8.self)
    }

    /// Members in sorted order; a member whose value is absent is left out, as the encoder does.
    private static func write(_ suggestion: PlaceSuggestion, into json: inout JSONBytes) {
        let completion = suggestion.completion
        func ranges(_ name: StaticString, _ ranges: [Completion.TextRange]) {
            json.key(name)
            json.open("[")
            for range in ranges {
                json.open("{")
                json.member("length", range.length)
                json.member("location", range.location)
                json.close("}")
            }
            json.close("]")
        }
        json.open("{")
        ranges("aliasHighlights", completion.aliasHighlights)
        json.member("code", completion.code)
        json.member("confidence", suggestion.confidence)
        json.member("distanceKilometers", completion.distanceKilometers)
        json.member("edits", completion.edits)
        json.member("elevationM", orNull: suggestion.elevationM)
        json.member("flooding", suggestion.flooding)
        json.member("id", completion.id)
        json.member("ignoredQualifier", completion.ignoredQualifier)
        json.member("kind", completion.kind.rawValue)
        json.member("latitude", completion.latitude)
        json.member("longitude", completion.longitude)
        json.member("match", completion.match.rawValue)
        json.member("matchedAlias", completion.matchedAlias)
        json.member("population", completion.population)
        json.member("score", completion.score)
        json.member("source", suggestion.source)
        json.member("spillLevelM", orNull: suggestion.spillLevelM)
        json.member("subtitle", completion.subtitle)
        json.member("title", completion.title)
        ranges("titleHighlights", completion.titleHighlights)
        json.member("today", suggestion.today?.rawValue)
        json.close("}")
    }
}
