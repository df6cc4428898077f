import Foundation

extension OnDemandFineModels {
    /// Asks the source whether it answers (`OnDemandElevationSource.checkReachable`), within a
    /// few seconds, and says so in one line (`notice`): where it answers, or that it could not be
    /// reached and that `loadedModels` answer instead, the line a point's failure says
    /// (`recordUnreachable`), said once; points then answer from the models loaded at start
    /// without asking it for `offlineInterval`. Nothing is said of a local source. The service
    /// calls it once at start, on a thread of its own (docs/service.md).
    public func checkReachability(loadedModels: String) {
        do {
            guard let location = try source.checkReachable() else { return }
            notice("\(source.name) can be reached at \(location); points are answered from its tiles (\(summary))")
        } catch {
            recordUnreachable(error as? GeoError ?? .unreachable(source: source.name, message: "\(error)"), instead: loadedModels)
        }
    }
}
