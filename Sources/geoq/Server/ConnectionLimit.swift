import Foundation

/// How many connections `geoq serve` may hold open: each takes a file descriptor, and the
/// service needs some for itself (its data files, GDAL, logs).
enum ConnectionLimit {
    /// Descriptors kept for the service's own files.
    static let reservedDescriptors = 64

    /// Raises the soft open-file limit as far as the hard one allows to hold `wanted` connections,
    /// and returns how many it can hold: `wanted`, or fewer when the hard limit is lower.
    static func raiseOpenFileLimit(toHold wanted: Int) -> Int {
        var limit = rlimit()
        #if os(Linux)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return wanted }
        let needed = rlim_t(wanted + reservedDescriptors)
        if limit.rlim_cur < needed {
            limit.rlim_cur = min(needed, limit.rlim_max)
            _ = setrlimit(resource, &limit)
            _ = getrlimit(resource, &limit)
        }
        let room = limit.rlim_cur > rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur) - reservedDescriptors
        return max(1, min(wanted, room))
    }
}
