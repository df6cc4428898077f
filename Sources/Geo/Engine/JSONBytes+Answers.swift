/// The members several answers write alike, for `CompletionJSON` and `FloodedPlacesJSON`.
extension JSONBytes {
    /// `{"level":…,"reason":…}`: a confidence as its `Encodable` form writes it.
    mutating func confidence(_ confidence: AnswerConfidence) {
        open("{")
        key("level")
        string(confidence.level.rawValue)
        key("reason")
        string(confidence.reason)
        close("}")
    }

    /// `{"cellSizeM":…,"model":…,"role":…}`: the model that answered, as its `Encodable` form writes it.
    mutating func source(_ source: FloodModelSource) {
        open("{")
        key("cellSizeM")
        number(source.cellSizeM)
        key("model")
        string(source.model)
        key("role")
        string(source.role.rawValue)
        close("}")
    }
}
