extension ElevationStack {
    /// Figures over an outline, from the finest model covering its whole box, else the base
    /// (as `stats(rise:bbox:)` chooses).
    public func stats(rise: Double, outline: AreaOutline) throws -> FloodStats {
        let model = model(covering: outline.bbox)
        var stats = try model.flood.stats(rise: rise, outline: outline)
        stats.source = model.source
        return stats
    }

    /// `stats(rise:outline:)` at a sea surface, from the same model.
    public func stats(surface: SeaSurface, outline: AreaOutline, reportedRise: Double) throws -> FloodStats {
        let model = model(covering: outline.bbox)
        var stats = try model.flood.stats(surface: surface, outline: outline, reportedRise: reportedRise)
        stats.source = model.source
        return stats
    }
}
