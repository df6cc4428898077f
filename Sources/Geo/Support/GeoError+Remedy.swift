extension GeoError {
    /// What would let a refused request go through, said as an action in the library's words
    /// ("use a tiled index"). The library names the action, never an adapter's command; the
    /// command line adds the command that takes it (`ArgumentSpelling.message`).
    public enum Remedy: Sendable, Equatable {
        /// Build a tiled spill index, which floods a grid of any size in tiles on disk; `dem` is
        /// the raster to build it from, when known.
        case buildTiledIndex(dem: String?)
        /// Run the plan stage of a tiled build in its work folder first.
        case planTiledBuild
        /// Plan the tiled build again, or remove its work folder and build again.
        case replanTiledBuild
        /// Give a model coarser than the base as the base instead, flooded on its own; `model`
        /// is its file, when it is one file.
        case floodAsBase(model: String?)

        /// The action, as the library says it to every adapter.
        public var action: String {
            switch self {
            case .buildTiledIndex(dem: .some): return "use a tiled index"
            case .buildTiledIndex(dem: nil): return "build one from an elevation raster"
            case .planTiledBuild: return "run the plan stage first"
            case .replanTiledBuild: return "plan it again or remove it and build again"
            case .floodAsBase: return "give it as the base instead, flooded on its own"
            }
        }
    }

    /// The error without its remedy: the failure each door classifies.
    public var withoutRemedy: GeoError {
        if case let .remedied(failure, _) = self { return failure.withoutRemedy }
        return self
    }
}
