extension TiledSpillIndex {
    /// Flood figures over an outline: the outline's box read as a window of its own (at most
    /// `maximumWindowCells`), then counted as `SpillIndex.stats(rise:outline:)` counts.
    public func stats(rise: Double, outline: AreaOutline) throws -> FloodStats {
        try SpillIndex.validateRise(rise)
        return try windowIndex(outline.bbox).stats(rise: rise, outline: outline)
    }

    /// `stats(rise:outline:)` at a sea surface, the window counted as `SpillIndex` counts it.
    public func stats(surface: SeaSurface, outline: AreaOutline, reportedRise: Double) throws -> FloodStats {
        try surface.validate()
        return try windowIndex(outline.bbox).stats(surface: surface, outline: outline, reportedRise: reportedRise)
    }
}
