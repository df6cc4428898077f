import Foundation

/// The locations of a projection file in a k-d tree over their points on the unit sphere, so
/// that the nearest one to a place (by great-circle distance: the straight-line distance
/// between two points of the sphere grows with it) is found in O(log n) for n locations, not by
/// measuring to every one. Built once, O(n log² n); read by any number of threads.
struct NearestLocations: Sendable {
    /// Each location's point on the unit sphere, x y z in turn.
    private let points: [Double]
    /// The locations in tree order: the median of each range splits it on axis depth % 3.
    private let order: [Int32]

    /// The tree of locations at `latitudes`, `longitudes` (degrees, all finite).
    init(latitudes: [Double], longitudes: [Double]) {
        var points = [Double](repeating: 0, count: 3 * latitudes.count)
        for index in latitudes.indices {
            let point = Self.unitPoint(latitude: latitudes[index], longitude: longitudes[index])
            (points[3 * index], points[3 * index + 1], points[3 * index + 2]) = point
        }
        var order = (0..<Int32(latitudes.count)).map { $0 }
        func split(_ lower: Int, _ upper: Int, _ axis: Int) {
            guard upper - lower > 1 else { return }
            order[lower..<upper].sort { points[3 * Int($0) + axis] < points[3 * Int($1) + axis] }
            let middle = (lower + upper) / 2
            split(lower, middle, (axis + 1) % 3)
            split(middle + 1, upper, (axis + 1) % 3)
        }
        split(0, order.count, 0)
        (self.points, self.order) = (points, order)
    }

    static func unitPoint(latitude: Double, longitude: Double) -> (Double, Double, Double) {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    /// The location nearest (`latitude`, `longitude`) for which `accepts` holds, the lowest
    /// index among equally near ones; nil when it holds for none. O(log n) when the nearest
    /// locations are accepted; each refused one widens the search.
    func nearest(latitude: Double, longitude: Double, where accepts: (Int) -> Bool) -> Int? {
        let target = Self.unitPoint(latitude: latitude, longitude: longitude)
        let wanted = [target.0, target.1, target.2]
        var best: Int?, bestDistance = Double.infinity
        func visit(_ lower: Int, _ upper: Int, _ axis: Int) {
            guard lower < upper else { return }
            let middle = (lower + upper) / 2, location = Int(order[middle])
            let dx = points[3 * location] - wanted[0], dy = points[3 * location + 1] - wanted[1], dz = points[3 * location + 2] - wanted[2]
            let distance = dx * dx + dy * dy + dz * dz
            if distance < bestDistance || distance == bestDistance && location < best ?? Int.max, accepts(location) {
                (best, bestDistance) = (location, distance)
            }
            let across = wanted[axis] - points[3 * location + axis], next = (axis + 1) % 3
            let (near, far) = across < 0 ? ((lower, middle), (middle + 1, upper)) : ((middle + 1, upper), (lower, middle))
            visit(near.0, near.1, next)
            // Equal distances are visited too, so that the lowest index among them answers.
            if across * across <= bestDistance { visit(far.0, far.1, next) }
        }
        visit(0, order.count, 0)
        return best
    }
}
