extension ElevationStack {
    /// Figures over an outline, from the finest model covering its whole box, else the base
    /// (as `stats(rise:bbox:)` chooses).
    public func stats(rise: Double, outline: AreaOutline) throws -> FloodStats {
        let model = model(covering: outline.bbox)
        var stats = try model.flood.stats(rise: rise, outline: outline)
        stats.source = model.source
        return stats
    }
}
