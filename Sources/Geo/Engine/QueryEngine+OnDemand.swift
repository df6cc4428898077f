import Foundation

/// The engine's on-demand members: what the service asks before answering, so that a slow
/// download never holds the threads other questions are answered on. Each asks the models'
/// protocol (`FloodAnswering`), whose defaults answer for models without an on-demand entry.
extension QueryEngine {
    /// Whether the models have an on-demand entry (`copernicus:30`, `tiles:FOLDER/NAME`), whose
    /// tiles the service loads apart before answering a point (`prepareOnDemand`). O(1).
    public var answersPointsOnDemand: Bool { flood?.answersPointsOnDemand ?? false }

    /// Whether the answer at a point waits for nothing: the service then answers at once,
    /// without `prepareOnDemand` and a hop to another thread. O(1).
    public func answersPointNow(latitude: Double, longitude: Double) -> Bool {
        flood?.answersPointNow(latitude: latitude, longitude: longitude) ?? true
    }

    /// Asks the on-demand entry's source whether it answers and says so in one line; nothing
    /// without an entry. Blocks for a few seconds at most: the service calls it once at start,
    /// on a thread of its own.
    public func checkOnDemandReachability() { flood?.checkOnDemandReachability() }

    /// Whether the on-demand entry's source is being asked, in the background, whether it is back. O(1).
    public var checksOnDemandReachability: Bool { flood?.checksOnDemandReachability ?? false }

    /// Makes sure the on-demand tile that would answer a point is in memory, waiting at most
    /// `timeout` without holding a thread; returns at once when no on-demand entry answers
    /// there. For a place by name, the service passes the point of `pointPlace(named:kinds:)`,
    /// the place it then answers at.
    public func prepareOnDemand(latitude: Double, longitude: Double, timeout: Duration) async throws {
        guard let flood, flood.answersPointsOnDemand else { return }
        try await flood.prepareOnDemand(latitude: latitude, longitude: longitude, timeout: timeout)
    }

    /// Makes sure the on-demand tile answering a box inside one tile is in memory; the service
    /// calls it before answering a box question, as it does for points.
    public func prepareOnDemand(bbox: GeoBBox?, timeout: Duration) async throws {
        guard let bbox, let flood else { return }
        try await flood.prepareOnDemand(bbox: bbox, timeout: timeout)
    }

    /// A Web Mercator XYZ tile at the level asked (``floodTile(_:question:hatched:)``), and
    /// whether it is final (`FloodAnswering.drawnTile`). O(pixels).
    public func drawnTile(_ tile: MapTile, question: SeaLevelQuestion, hatched: Bool = false) throws -> DrawnMapTile {
        let flood = try requireFlood(), surface = try drawnSurface(question, bbox: nil).surface
        return try flood.drawnTile(tile, surface: surface, hatched: hatched)
    }
}
