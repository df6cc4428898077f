import Foundation

/// The minimum spanning tree of a few points on the sphere, by great-circle distance: the
/// single-linkage clustering that the adaptive rule reads its clusters from.
///
/// Points are unit vectors and compared by chord length, which orders pairs as the great-circle
/// distance does and, unlike the dot product, keeps its precision for points centimetres apart.
/// Prim's algorithm on the complete graph: O(m²) time, O(m) memory for m points, which is why the
/// framer hands it a sample of at most ``AdaptiveTrim/sampleSize`` points.
struct SampleSpanningTree {
    /// An edge of the tree: the point `child` joined the tree through `parent`, `degrees` apart.
    struct Edge: Equatable {
        let parent: Int
        let child: Int
        let degrees: Double
    }

    /// The m − 1 edges, in the order Prim's algorithm added them.
    let edges: [Edge]

    /// The tree of points given in degrees. Ties go to the lowest index, so the tree is the same on
    /// every machine that rounds alike.
    init(latitudes: [Double], longitudes: [Double]) {
        let count = latitudes.count
        var x = [Double](repeating: 0, count: count), y = x, z = x
        for index in 0..<count {
            let latitude = latitudes[index] * .pi / 180, longitude = longitudes[index] * .pi / 180
            x[index] = cos(latitude) * cos(longitude)
            y[index] = cos(latitude) * sin(longitude)
            z[index] = sin(latitude)
        }
        var nearest = [Double](repeating: .infinity, count: count)
        var through = [Int](repeating: 0, count: count)
        // The points not yet in the tree, ascending, so that ties go to the lowest index.
        var outside = Array(1..<max(count, 1))
        var edges: [Edge] = []
        edges.reserveCapacity(max(count - 1, 0))
        var newest = 0
        while !outside.isEmpty {
            var nextSlot = 0, nextChord = Double.infinity
            x.withUnsafeBufferPointer { x in
                y.withUnsafeBufferPointer { y in
                    z.withUnsafeBufferPointer { z in
                        nearest.withUnsafeMutableBufferPointer { nearest in
                            through.withUnsafeMutableBufferPointer { through in
                                let (nx, ny, nz) = (x[newest], y[newest], z[newest])
                                for slot in outside.indices {
                                    let index = outside[slot]
                                    let dx = x[index] - nx, dy = y[index] - ny, dz = z[index] - nz
                                    let chord = dx * dx + dy * dy + dz * dz
                                    if chord < nearest[index] {
                                        nearest[index] = chord
                                        through[index] = newest
                                    }
                                    if nearest[index] < nextChord {
                                        nextChord = nearest[index]
                                        nextSlot = slot
                                    }
                                }
                            }
                        }
                    }
                }
            }
            let next = outside.remove(at: nextSlot)
            edges.append(Edge(parent: through[next], child: next, degrees: Self.degrees(squaredChord: nextChord)))
            newest = next
        }
        self.edges = edges
    }

    /// The great-circle angle in degrees subtended by a chord of the unit sphere.
    static func degrees(squaredChord: Double) -> Double {
        2 * asin(min(1, squaredChord.squareRoot() / 2)) * 180 / .pi
    }
}
