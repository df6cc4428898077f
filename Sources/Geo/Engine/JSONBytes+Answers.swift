/// The members several answers write alike, for `CompletionJSON` and `FloodedPlacesJSON`.
extension JSONBytes {
    /// `{"level":…,"reason":…}`: a confidence as its `Encodable` form writes it.
    mutating func confidence(_ confidence: AnswerConfidence) {
        open("{")
        member("level", confidence.level.rawValue)
        member("reason", confidence.reason)
        close("}")
    }

    /// `{"cellSizeM":…,"model":…,"role":…}`: the model that answered, as its `Encodable` form writes it.
    mutating func source(_ source: FloodModelSource) {
        open("{")
        member("cellSizeM", source.cellSizeM)
        member("model", source.model)
        member("role", source.role.rawValue)
        close("}")
    }

    /// `"confidence":{…}`; left out when nil.
    mutating func member(_ name: StaticString, _ confidence: AnswerConfidence?) {
        guard let confidence else { return }
        key(name)
        self.confidence(confidence)
    }

    /// `"source":{…}`; left out when nil.
    mutating func member(_ name: StaticString, _ source: FloodModelSource?) {
        guard let source else { return }
        key(name)
        self.source(source)
    }
}
