import Foundation

/// What the engine asks of a stack with an on-demand entry (`FloodAnswering`'s on-demand
/// requirements): the stack answers them from its entry, so that the engine holds the protocol
/// and never the stack.
extension ElevationStack {
    public var modelsLoadedAtStart: any FloodAnswering { onDemand == nil ? self : withoutOnDemand }

    /// Whether the stack has an on-demand entry (`copernicus:30`, `tiles:FOLDER/NAME`). O(1).
    public var answersPointsOnDemand: Bool { onDemand != nil }

    /// O(fine models).
    public func answersPointNow(latitude: Double, longitude: Double) -> Bool {
        guard let onDemand else { return true }
        return !onDemandAnswers(latitude: latitude, longitude: longitude) || onDemand.isOffline
            || onDemand.answersNow(latitude: latitude, longitude: longitude)
    }

    /// O(1).
    public var checksOnDemandReachability: Bool { onDemand?.isCheckingReachability ?? false }

    /// Returns at once where no on-demand entry answers the point or it is offline.
    public func prepareOnDemand(latitude: Double, longitude: Double, timeout: Duration) async throws {
        guard let onDemand, onDemandAnswers(latitude: latitude, longitude: longitude), !onDemand.isOffline else { return }
        do {
            try await onDemand.prepare(latitude: latitude, longitude: longitude, timeout: timeout)
        } catch let error as GeoError {
            // Offline, the endpoint down or too slow: the models loaded at start answer (said once).
            guard case .unreachable = error else { throw error }
            onDemand.recordUnreachable(error, answeredBy: try? withoutOnDemand.point(latitude: latitude, longitude: longitude).source)
        }
    }

    /// The tile answering a box (`boxModel(covering:)`: a box inside one tile); at once when
    /// no on-demand entry would answer the box.
    public func prepareOnDemand(bbox: GeoBBox, timeout: Duration) async throws {
        guard let onDemand, !onDemand.isOffline, onDemandOutranks(fineModel(covering: bbox).map { fineIndexes[$0] }),
            onDemand.tileCount(in: bbox) == 1
        else { return }
        let (latitude, longitude) = ((bbox.south + bbox.north) / 2, bbox.west + bbox.longitudeSpan / 2)
        do {
            try await onDemand.prepare(latitude: latitude, longitude: longitude > 180 ? longitude - 360 : longitude, timeout: timeout)
        } catch let error as GeoError {
            guard case .unreachable = error else { throw error }
            onDemand.recordUnreachable(error, answeredBy: model(covering: bbox).source)
        }
    }

    /// Where on-demand tiles draw (`onDemandTiles`), those in memory are drawn now and the
    /// loaded models elsewhere; those not in memory are loaded in the background, a few at once
    /// for all requests (`OnDemandAnswering.requestTiles(in:)`). O(pixels).
    public func drawnTile(_ tile: MapTile, surface: SeaSurface, hatched: Bool) throws -> DrawnMapTile {
        guard let onDemand else {
            return DrawnMapTile(image: try tileImage(tile, surface: surface, hatched: hatched), isFinal: true)
        }
        let (longitudes, latitudes) = (tile.pixelLongitudes, tile.pixelLatitudes)
        let drawing = try onDemandTiles(longitudes: longitudes, latitudes: latitudes)
        if let drawing, !drawing.complete, let box = Self.pictureBox(longitudes: longitudes, latitudes: latitudes) {
            onDemand.requestTiles(in: box)
        }
        let image = try render(
            surface: surface, longitudes: longitudes, latitudes: latitudes, hatchOrigin: tile.hatchOrigin(hatched),
            onDemandTiles: drawing?.tiles ?? [])
        return DrawnMapTile(image: image, isFinal: drawing?.complete ?? true)
    }

    /// The base's and every fine model's.
    public func makeLazyParts() {
        base.flood.makeLazyParts()
        for fine in fines { fine.flood.makeLazyParts() }
    }

    /// O(fine models).
    public func fineFootprint(latitude: Double, longitude: Double) -> GeoBBox? {
        guard let cell = fineCell(latitude: latitude, longitude: longitude),
            let footprint = fines[cell.model].footprint, !footprint.crossesAntimeridian,
            let locator = fines[cell.model].locator
        else { return nil }
        // A cell inside the footprint's edges (its border cells' centres widened by a cell).
        let insetLatitude = (footprint.north - footprint.south) / Double(max(1, locator.height))
        let insetLongitude = (footprint.east - footprint.west) / Double(max(1, locator.width))
        return GeoBBox(
            west: footprint.west + insetLongitude, south: footprint.south + insetLatitude,
            east: footprint.east - insetLongitude, north: footprint.north - insetLatitude)
    }
}
