import Foundation

/// A map tile as drawn, and whether it is final: drawn without some of the on-demand tiles
/// under it (still loading, or the source offline), it is drawn again once they are in memory,
/// so neither a browser nor a cache may keep it as the answer.
public struct DrawnMapTile: Sendable {
    public var image: RasterImage
    public var isFinal: Bool
}

extension QueryEngine {
    /// A Web Mercator XYZ tile at the level asked (``floodTile(_:question:hatched:)``), and
    /// whether it is final. Where on-demand tiles draw (`ElevationStack.onDemandTiles`), those
    /// in memory are drawn now and the loaded models elsewhere; those not in memory are loaded
    /// in the background, a few at once for all requests (`OnDemandAnswering.requestTiles(in:)`),
    /// unless points wait for downloads (the command line), which loads them first. O(pixels).
    public func drawnTile(_ tile: MapTile, question: SeaLevelQuestion, hatched: Bool = false) throws -> DrawnMapTile {
        let flood = try requireFlood(), surface = try drawnSurface(question, bbox: nil).surface
        guard let stack = flood as? ElevationStack, let onDemand = stack.onDemand else {
            return DrawnMapTile(image: try flood.tileImage(tile, surface: surface, hatched: hatched), isFinal: true)
        }
        let (longitudes, latitudes) = (tile.pixelLongitudes, tile.pixelLatitudes)
        let drawing = try stack.onDemandTiles(longitudes: longitudes, latitudes: latitudes)
        if let drawing, !drawing.complete, let box = ElevationStack.pictureBox(longitudes: longitudes, latitudes: latitudes) {
            onDemand.requestTiles(in: box)
        }
        let image = try stack.render(surface: surface, longitudes: longitudes, latitudes: latitudes, hatchOrigin: tile.hatchOrigin(hatched),
                                     onDemandTiles: drawing?.tiles ?? [])
        return DrawnMapTile(image: image, isFinal: drawing?.complete ?? true)
    }

    /// Makes sure the on-demand tile answering a box (`ElevationStack.boxModel(covering:)`: a
    /// box inside one tile) is in memory, waiting at most `timeout` without holding a thread;
    /// returns at once when no on-demand entry would answer the box. The service calls it
    /// before answering a box question, as it does for points.
    public func prepareOnDemand(bbox: GeoBBox?, timeout: Duration) async throws {
        guard let bbox, let stack = flood as? ElevationStack, let onDemand = stack.onDemand, !onDemand.isOffline,
              stack.onDemandOutranks(stack.fineModel(covering: bbox).map { stack.fineIndexes[$0] }),
              onDemand.tileCount(in: bbox) == 1 else { return }
        let (latitude, longitude) = ((bbox.south + bbox.north) / 2, bbox.west + bbox.longitudeSpan / 2)
        do {
            try await onDemand.prepare(latitude: latitude, longitude: longitude > 180 ? longitude - 360 : longitude, timeout: timeout)
        } catch let error as GeoError {
            // Offline, the endpoint down or too slow: the models loaded at start answer (said once).
            guard case .unreachable = error else { throw error }
            onDemand.recordUnreachable(error, answeredBy: stack.model(covering: bbox).source)
        }
    }
}
