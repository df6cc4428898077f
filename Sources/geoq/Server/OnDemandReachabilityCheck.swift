import Dispatch
import Foundation
import Geo

/// The service's one check, at start, that the on-demand entry's source answers
/// (`QueryEngine.checkOnDemandReachability`), said in one line: on a thread of its own, so that
/// readiness never waits for the network, and bounded (`CopernicusFetcher.reachabilityTimeLimit`),
/// so that an endpoint that accepts and never answers costs that thread a few seconds only.
final class OnDemandReachabilityCheck: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let engine: QueryEngine

    private init(engine: QueryEngine) {
        self.engine = engine
    }

    /// Starts the check when the engine's stack has an on-demand entry; nil when it has none.
    static func start(engine: QueryEngine) -> OnDemandReachabilityCheck? {
        guard engine.answersPointsOnDemand else { return nil }
        let check = OnDemandReachabilityCheck(engine: engine)
        let thread = Thread {
            engine.checkOnDemandReachability()
            check.done.signal()
        }
        thread.name = "geoq-reachability-check"
        thread.start()
        return check
    }

    /// Waits for the check to end, and for a check in the background that the source is back
    /// (`QueryEngine.checksOnDemandReachability`), each at most its time limit and a second: the
    /// process's exit (GDAL's clean-up among it) must not race a request under way.
    func waitForEnd() {
        _ = done.wait(timeout: .now() + .seconds(CopernicusFetcher.reachabilityTimeLimit + 1))
        let deadline = Date().addingTimeInterval(Double(CopernicusFetcher.reachabilityTimeLimit + 1))
        while engine.checksOnDemandReachability, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    }
}
