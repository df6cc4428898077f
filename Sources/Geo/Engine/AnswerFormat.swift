import Foundation

/// The formats geoq writes answers in: the one table of them (``allCases``), which the command
/// line (`--format`), the service (`format=`, the content type it sends) and `openapi.yaml` all
/// read. Each entry knows its media type, its file extension, and what a flood-level question
/// works out and writes in it (``FloodLevelWriter``). A new format is its encoder's file and
/// one entry here.
public struct AnswerFormat: Sendable, Hashable, RawRepresentable, CaseIterable, CustomStringConvertible {
    /// The name the command line and the service take ("geojson").
    public let rawValue: String
    /// The media type the service sends the format as.
    public let contentType: String
    /// The extension of a file holding it, without the dot.
    public let fileExtension: String
    /// Whether the format is bytes for a file rather than text for a terminal.
    public let isBinary: Bool
    /// What `geoq flood` and `/v1/flood` work out in this format, and how they write it.
    public let floodLevel: FloodLevelWriter

    /// Lines for people (the command line's default).
    public static let text = AnswerFormat(
        rawValue: "text", contentType: "text/plain; charset=utf-8", fileExtension: "txt", isBinary: false,
        floodLevel: .text)
    /// JSON, the same bytes from the command line and the service (`JSONOutput`).
    public static let json = AnswerFormat(
        rawValue: "json", contentType: "application/json", fileExtension: "json", isBinary: false,
        floodLevel: .json)
    /// GeoJSON (RFC 7946): the land newly flooded as polygons.
    public static let geojson = AnswerFormat(
        rawValue: "geojson", contentType: "application/geo+json", fileExtension: "geojson", isBinary: false,
        floodLevel: .floodedLand { try $0.geoJSONData() })
    /// A PNG picture: the map.
    public static let png = AnswerFormat(
        rawValue: "png", contentType: "image/png", fileExtension: "png", isBinary: true,
        floodLevel: .map { try $0.image.pngData() })
    /// A GeoTIFF raster: the flood class of every cell.
    public static let tif = AnswerFormat(
        rawValue: "tif", contentType: "image/tiff", fileExtension: "tif", isBinary: true,
        floodLevel: .classMask { try $0.geoTIFFData() })

    /// The table: every format, in the order `--help` and `openapi.yaml` list them.
    public static let allCases: [AnswerFormat] = [.text, .json, .geojson, .png, .tif]

    /// The format of that name in the table; nil for none.
    public init?(rawValue: String) {
        guard let format = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = format
    }

    private init(rawValue: String, contentType: String, fileExtension: String, isBinary: Bool, floodLevel: FloodLevelWriter) {
        (self.rawValue, self.contentType, self.fileExtension, self.isBinary, self.floodLevel) = (rawValue, contentType, fileExtension, isBinary, floodLevel)
    }

    public var description: String { rawValue }
    public static func == (left: AnswerFormat, right: AnswerFormat) -> Bool { left.rawValue == right.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// What a flood-level question works out for one format (``FloodLevelAnswer/Work``), and the
/// encoder that writes it. Figures over a place are worked out whatever the format, and only
/// text and JSON write them.
public struct FloodLevelWriter: Sendable {
    /// What the engine works out over a box or the grid.
    public let work: FloodLevelAnswer.Work
    /// Writes the answer; `nil` for a value of another format's work.
    let write: @Sendable (FloodLevelAnswer) throws -> Data?

    /// The figures as aligned lines for people.
    static let text = FloodLevelWriter(work: .stats) { answer in
        switch answer.value {
        case let .area(report): Data((FloodText.area(report.answer) + report.textLines).utf8)
        case let .stats(stats): Data((FloodText.stats(stats.answer, bbox: answer.query.bbox) + stats.textLines).utf8)
        default: nil
        }
    }

    /// The figures and the places flooded as JSON.
    static let json = FloodLevelWriter(work: .report) { answer in
        switch answer.value {
        case let .area(report): try JSONOutput.encode(report)
        case let .report(report): try JSONOutput.encode(report)
        default: nil
        }
    }

    /// The land newly flooded, written by `encode`.
    static func floodedLand(_ encode: @escaping @Sendable (FloodedLand) throws -> Data) -> FloodLevelWriter {
        FloodLevelWriter(work: .floodedLand) { answer in
            guard case let .floodedLand(land) = answer.value else { return nil }
            return try encode(land)
        }
    }

    /// The map, written by `encode`.
    static func map(_ encode: @escaping @Sendable (FloodMap) throws -> Data) -> FloodLevelWriter {
        FloodLevelWriter(work: .map) { answer in
            guard case let .map(map) = answer.value else { return nil }
            return try encode(map)
        }
    }

    /// The flood class of every cell, written by `encode`.
    static func classMask(_ encode: @escaping @Sendable (RasterImage) throws -> Data) -> FloodLevelWriter {
        FloodLevelWriter(work: .classMask) { answer in
            guard case let .classMask(mask) = answer.value else { return nil }
            return try encode(mask)
        }
    }
}
