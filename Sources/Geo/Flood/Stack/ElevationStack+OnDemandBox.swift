import Foundation

/// Boxes answered from the on-demand entry's tiles (docs/elevation-stack.md, "Maps and boxes
/// from on-demand tiles"): a box inside one on-demand tile is answered from that tile's own
/// cells, nested with their context as a point's are, when the entry outranks the loaded fine
/// model covering the box; a larger box from the loaded models, its figures saying so.
extension ElevationStack {
    /// The model answering for a box, and, when the on-demand entry would outrank it but the
    /// box touches more than one of its tiles, a note saying so for the figures' source.
    /// On the command line the tile is loaded first; the service loads it before asking
    /// (`QueryEngine.prepareOnDemand(bbox:timeout:)`). O(fine models + tiles held), plus a load.
    /// - Throws: what loading the tile throws but the source being unreachable.
    func boxModel(covering bbox: GeoBBox) throws -> (model: Model, note: String?) {
        let loaded = fineModel(covering: bbox)
        let model = loaded.map { fines[$0] } ?? base
        guard let onDemand, onDemandOutranks(loaded.map { fineIndexes[$0] }) else { return (model, nil) }
        if let tile = try onDemand.tile(answering: bbox) {
            let index = tile.fine.index
            return (Model(flood: index, source: tile.source, locator: index.locator, footprint: tile.ownBox), nil)
        }
        let count = onDemand.tileCount(in: bbox)
        guard count > 1 else { return (model, nil) }
        return (model, "the box touches \(count) on-demand tiles; a box inside one is answered from it")
    }

    /// `boxModel(covering:)`'s model, or the base for the whole grid.
    func boxModel(covering bbox: GeoBBox?) throws -> Model {
        try bbox.map { try boxModel(covering: $0).model } ?? base
    }

    /// Figures for a box from `boxModel(covering:)`, naming the model (and its note); where the
    /// box lies inside one on-demand tile and the entry's source cannot be reached, the loaded
    /// models' figures, their `notes` saying so.
    func boxStats(_ bbox: GeoBBox, _ figures: (any FloodAnswering) throws -> FloodStats) throws -> FloodStats {
        let (model, note) = try boxModel(covering: bbox)
        var stats = try figures(model.flood)
        stats.source = model.source
        if let note { stats.source?.model += " (\(note))" }
        // Offline, the entry answers no box (`tile(answering:)`): the loaded models answered.
        if let onDemand, onDemand.isOffline, onDemandOutranks(fineModel(covering: bbox).map { fineIndexes[$0] }), onDemand.tileCount(in: bbox) == 1 {
            stats.notes = [onDemand.unreachableNote(answeredBy: model.source)]
        }
        return stats
    }
}
