/// The completion answer as compact JSON, written directly: a search box asks on every
/// keystroke, and Foundation's `JSONEncoder` cost several times the search itself.
/// Keys and values are those `JSONOutput` would write for the same value, in sorted order.
public enum CompletionJSON {
    /// `{"completions":[…],"highlightUnits":"utf16","query":…}`. O(size of the output).
    public static func answer(query: String, suggestions: [PlaceSuggestion]) -> String {
        let value = JSONValue.object([
            ("completions", .array(suggestions.map(suggestion))),
            ("highlightUnits", .string("utf16")),
            ("query", .string(query)),
        ])
        return JSONWriter.text(value, pretty: false) + "\n"
    }

    static func suggestion(_ suggestion: PlaceSuggestion) -> JSONValue {
        let completion = suggestion.completion
        func ranges(_ ranges: [Completion.TextRange]) -> JSONValue {
            .array(ranges.map { .object([("length", .number(Double($0.length))), ("location", .number(Double($0.location)))]) })
        }
        var members: [(key: String, value: JSONValue)] = [
            ("aliasHighlights", ranges(completion.aliasHighlights)),
        ]
        if let distance = completion.distanceKilometers { members.append(("distanceKilometers", .number(distance))) }
        members += [
            ("edits", .number(Double(completion.edits))),
            ("elevationM", suggestion.elevationM.map(JSONValue.number) ?? .null),
            ("flooding", .string(suggestion.flooding)),
            ("id", .number(Double(completion.id))),
            ("latitude", .number(completion.latitude)),
            ("longitude", .number(completion.longitude)),
            ("match", .string(completion.match.rawValue)),
        ]
        if let alias = completion.matchedAlias { members.append(("matchedAlias", .string(alias))) }
        members += [
            ("population", .number(Double(completion.population))),
            ("score", .number(completion.score)),
            ("spillLevelM", suggestion.spillLevelM.map(JSONValue.number) ?? .null),
            ("subtitle", .string(completion.subtitle)),
            ("title", .string(completion.title)),
            ("titleHighlights", ranges(completion.titleHighlights)),
        ]
        return .object(members)
    }
}
