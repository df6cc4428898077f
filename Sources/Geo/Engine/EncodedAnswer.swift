import Foundation

/// An answer written in one of the `AnswerFormat`s: its bytes, and the format they are in, whose
/// content type the service sends. A flood-level answer is written by its format's writer
/// (``FloodLevelAnswer/encoded()``); the constructors here write the service's other answers.
public struct EncodedAnswer: Sendable {
    /// The format of `bytes`.
    public let format: AnswerFormat
    /// The answer as written.
    public let bytes: Data

    /// Bytes already written in `format` (an answer kept encoded, text for people).
    public init(format: AnswerFormat, bytes: Data) {
        (self.format, self.bytes) = (format, bytes)
    }

    /// JSON as `JSONOutput` writes it: the same bytes from every door. O(size).
    public static func json<T: Encodable>(_ value: T) throws -> EncodedAnswer {
        EncodedAnswer(format: .json, bytes: try JSONOutput.encode(value))
    }

    /// A page of flooded places as compact JSON (`FloodedPlacesJSON`): the same value `json`
    /// writes, without its indentation. O(size).
    public static func json(_ page: SeaLevelAnswer<FloodedPlaces>) throws -> EncodedAnswer {
        EncodedAnswer(format: .json, bytes: Data(try FloodedPlacesJSON.answerBytes(page)))
    }

    /// A GeoJSON object written as `JSONOutput` writes JSON (a region and its points). O(size).
    public static func geoJSON<T: Encodable>(_ value: T) throws -> EncodedAnswer {
        EncodedAnswer(format: .geojson, bytes: try JSONOutput.encode(value))
    }

    /// A picture as PNG. O(pixels).
    public static func png(_ image: RasterImage) throws -> EncodedAnswer {
        EncodedAnswer(format: .png, bytes: try image.pngData())
    }

    /// The globe's relief as a 16-bit PNG (`FloodRelief.pngData`). O(blocks).
    public static func png(_ relief: FloodRelief) throws -> EncodedAnswer {
        EncodedAnswer(format: .png, bytes: try relief.pngData())
    }
}
