import Foundation

/// The elevation stack as given (`--dem` repeated, the `dem` setting's list): rasters' paths
/// and at most one on-demand entry, in order, read once. `ElevationStack.assemble(_:loading:)`
/// builds the stack it names (docs/elevation-stack.md).
///
/// An on-demand entry is told from a path by its source's prefix (`copernicus:`, `tiles:`); the
/// sources are registered in `onDemandSources`, the one place a new source is added.
public struct ElevationStackSpec: Sendable, Equatable {
    /// One entry of the stack.
    public enum Entry: Sendable, Equatable {
        /// A raster: the base when it covers every longitude, a fine model otherwise.
        case raster(String)
        /// An entry naming no file but a source of tiles fetched on demand, as written.
        case onDemand(String)
    }

    /// Every source of fine models fetched on demand a stack entry can name.
    static let onDemandSources: [SourceKind] = [
        SourceKind(CopernicusElevationSource.self),
        SourceKind(LocalTileFolder.self)
    ]

    /// A kind of on-demand source, by its type's entry prefix, form and opening.
    struct SourceKind: Sendable {
        let entryPrefix: String
        let entrySyntax: String
        let checkEntry: @Sendable (String) throws -> Void
        /// Opens an entry's source, and returns how to nest its tiles in a base.
        let open: @Sendable (_ entry: String, _ opening: OnDemandOpening) throws -> OpenedSource

        init<Source: OnDemandElevationSource>(_ type: Source.Type) {
            entryPrefix = Source.entryPrefix
            entrySyntax = Source.entrySyntax
            checkEntry = { try Source.checkEntry($0) }
            open = { entry, opening in
                let source = try Source(entry: entry, opening: opening)
                return OpenedSource { base, connectivity, nestingCache, pointsWaitForDownloads, notice in
                    OnDemandFineModels(
                        source: source, base: base, connectivity: connectivity, memoryBytes: opening.memoryBytes,
                        nestingCache: nestingCache,
                        pointsWaitForDownloads: pointsWaitForDownloads, notice: notice)
                }
            }
        }
    }

    /// An on-demand source opened, to be nested in the base once it is read.
    struct OpenedSource: Sendable {
        let nest:
            @Sendable (
                _ base: SpillIndex, _ connectivity: FloodOptions.Connectivity, _ nestingCache: NestingCache?,
                _ pointsWaitForDownloads: Bool, _ notice: @escaping @Sendable (String) -> Void
            ) -> any OnDemandAnswering
    }

    public let entries: [Entry]

    /// Reads the stack's entries: an on-demand entry's form is checked, nothing is opened.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/dem`` for a malformed entry,
    ///   or more than one on-demand entry.
    public init(parsing texts: [String]) throws {
        entries = try texts.map { text in
            guard let source = Self.source(of: text) else { return .raster(text) }
            try source.checkEntry(text)
            return .onDemand(text)
        }
        let onDemand = entries.compactMap { entry -> String? in if case .onDemand(let text) = entry { text } else { nil } }
        guard onDemand.count <= 1 else {
            throw GeoError.invalidInput(.dem, "\(onDemand.joined(separator: " and ")): expected at most one on-demand entry (\(Self.prefixes))")
        }
    }

    /// The on-demand entry of the stack geoq ships: GLO-30, the finest Copernicus instance
    /// (docs/elevation-stack.md, "The default stack").
    public static let defaultOnDemandEntry = "copernicus:30"

    /// The stack geoq ships: the embedded ETOPO5 with the shipped fine models that are there,
    /// and `onDemand` after them (the `on_demand` setting; nil leaves it out). Offline, its
    /// points are answered from the files (`ElevationStack.point`).
    /// - Throws: ``GeoError`` naming where the embedded base was looked for, or naming
    ///   ``Quantity/dem`` for a malformed `onDemand`.
    public static func embedded(onDemand: String? = defaultOnDemandEntry) throws -> ElevationStackSpec {
        try ElevationStackSpec(
            parsing: [try ShippedData.requirePath(of: ShippedData.demFileName, as: .dem)]
                + ShippedData.fineModelFileNames.compactMap { ShippedData.path(of: $0) } + (onDemand.map { [$0] } ?? []))
    }

    /// Whether a `--dem` value is an on-demand entry rather than a raster's path.
    public static func isOnDemandEntry(_ text: String) -> Bool { source(of: text) != nil }

    /// The source whose entries start as `text` does.
    static func source(of text: String) -> SourceKind? {
        onDemandSources.first { text.hasPrefix($0.entryPrefix) }
    }

    /// "copernicus: or tiles:".
    static var prefixes: String { onDemandSources.map(\.entryPrefix).joined(separator: " or ") }

    /// Every on-demand entry's form, for help and settings: "copernicus:30 or copernicus:90
    /// entry (…) or tiles:FOLDER/NAME entry (…)".
    public static var onDemandSyntax: String { onDemandSources.map(\.entrySyntax).joined(separator: " or ") }

    /// The rasters' paths, in order.
    public var rasters: [String] {
        entries.compactMap { entry in if case .raster(let path) = entry { path } else { nil } }
    }

    /// The on-demand entry, as written, and how many entries came before it.
    public var onDemand: (text: String, position: Int)? {
        entries.enumerated().lazy.compactMap { position, entry in if case .onDemand(let text) = entry { (text, position) } else { nil } }.first
    }
}
