/// The points the adaptive rule starts from: the clusters a person meant, found in a sample.
///
/// Single-linkage clusters merge in the order of the spanning tree's edges, shortest first (Kruskal).
/// Where two clusters meet across a gap, the larger, X, always keeps its core; the smaller, Y, keeps
/// its core too when
/// - the gap is no wider than X's reach, max(``AdaptiveTrim/farFactor`` × X's frame size, floor), so
///   Y is near (the floor is ``AdaptiveTrim/floor(tree:gap:)``); or
/// - Y is not few and the gap is also wider than Y's own reach: two comparable clusters, each far
///   from the other measured against its own size (ten pins in New York and ten in Los Angeles).
///   Y's largest single cluster decides whether Y is few: a lone point, or pins scattered one by one,
///   beside two or more points are; a cluster is when it has at most a third as many points as the
///   largest single cluster in X, and at most a tenth of the sample (or three points). Pins stacked
///   on one spot beside a smaller but spread X are few too: one bad geocode told several times.
///
/// Otherwise Y is left out of the core: a few pins far from X, or scattered pins that are no cluster
/// of their own. Points left out of the core still come back when they lie near the final frame
/// (see ``AdaptiveTrim``). O(m log m) for the m − 1 edges, plus O(m) to list the core.
struct ClusterCore {
    /// Indices into the sample, ascending.
    let members: [Int]

    init(tree: SampleSpanningTree, latitudes: [Double], longitudes: [Double], floor: Double) {
        let count = latitudes.count
        // Nodes 0..<count are the points; merges append a node each.
        var frames = (0..<count).map { PointFrame(latitude: latitudes[$0], longitude: longitudes[$0]) }
        var sizes = [Int](repeating: 1, count: count)
        // The points of the largest single cluster in each node: comparable clusters kept side by side
        // count apart, so a third cluster is weighed against one of them, not against their sum.
        var clusterSizes = [Int](repeating: 1, count: count)
        var larger: [Int] = [], smaller: [Int] = [], keepsBoth: [Bool] = []
        var parent = Array(0..<count)  // union-find over points
        var nodeOfRoot = Array(0..<count)  // the node of each union-find root's cluster

        func root(_ point: Int) -> Int {
            var point = point
            while parent[point] != point {
                parent[point] = parent[parent[point]]
                point = parent[point]
            }
            return point
        }
        func reach(_ frame: PointFrame) -> Double {
            max(AdaptiveTrim.farFactor * frame.size, floor)
        }

        let order = tree.edges.indices.sorted { (tree.edges[$0].degrees, $0) < (tree.edges[$1].degrees, $1) }
        for edgeIndex in order {
            let edge = tree.edges[edgeIndex]
            let first = root(edge.parent), second = root(edge.child)
            var x = nodeOfRoot[first], y = nodeOfRoot[second]
            if sizes[y] > sizes[x] { swap(&x, &y) }
            let gapWidth = edge.degrees
            let near = gapWidth <= reach(frames[x])
            // Y's own largest cluster decides: pins scattered one by one are few however many.
            let yCluster = clusterSizes[y]
            // Pins stacked on one spot (a frame of no size) beside a spread cluster are one bad
            // geocode told several times, the usual geocoder failure: few, however many.
            let stacked = frames[y].size == 0 && frames[x].size > 0 && sizes[y] < sizes[x]
            let few = (3 * yCluster <= clusterSizes[x] && yCluster <= max(3, count / 10)) || (yCluster == 1 && sizes[x] >= 2) || stacked
            let comparable = !near && !few && gapWidth > reach(frames[y])
            let both = near || comparable
            larger.append(x)
            smaller.append(y)
            keepsBoth.append(both)
            frames.append(both ? frames[x].joined(with: frames[y]) : frames[x])
            sizes.append(sizes[x] + sizes[y])
            clusterSizes.append(near ? sizes[x] + sizes[y] : comparable ? max(clusterSizes[x], clusterSizes[y]) : clusterSizes[x])
            parent[second] = first
            nodeOfRoot[first] = frames.count - 1
        }

        var members: [Int] = []
        var pending = [frames.count - 1]
        while let node = pending.popLast() {
            if node < count {
                members.append(node)
                continue
            }
            let merge = node - count
            pending.append(larger[merge])
            if keepsBoth[merge] { pending.append(smaller[merge]) }
        }
        self.members = members.sorted()
    }
}
