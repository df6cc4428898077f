import Foundation
import Geo
import Synchronization

/// The coastline read once a process: commands and the service load the stack more than once.
final class CoastlineCache: Sendable {
    static let shared = CoastlineCache()
    private let masks = Mutex<[String: CoastlineMask]>([:])

    func mask(path: String, load: () throws -> CoastlineMask) throws -> CoastlineMask {
        if let mask = masks.withLock({ $0[path] }) { return mask }
        let mask = try load()
        masks.withLock { $0[path] = mask }
        return mask
    }
}
