import Geo

extension FloodLevelAnswer {
    /// The answer in the format its query asked: the one place a flood-level answer is encoded,
    /// for the command line and the service alike (text, for people, is the command line's).
    func encoded() throws -> EncodedAnswer {
        switch value {
        case let .area(report):
            return query.format == .text ? .text(FloodText.area(report.answer) + report.textLines) : try .json(report)
        case let .report(report): return try .json(report)
        case let .stats(answer): return .text(FloodText.stats(answer.answer, bbox: query.bbox) + answer.textLines)
        case let .floodedLand(land): return try .geoJSON(land)
        case let .map(map): return try .png(map.image)
        case let .classMask(mask): return try .geoTIFF(mask)
        }
    }
}
