import Foundation

/// Where the base model says the sea is, for a fine model nested in it: the level at which the
/// sea reaches a spot from outside the fine model, and the base's elevation there.
///
/// The sea reaches a spot at the **lowest spill level among the base cell holding it and that
/// cell's neighbours** (the base's own connectivity). On a fine model that is the base's own grid
/// this is exact: Priority-Flood gives every cell `max(elevation, lowest neighbour level)`, so a
/// border cell seeded at `max(its elevation, this level)` gets the base's level. On a coarse base
/// it says how near a base sea cell must be for a border cell to count as sea: within one base
/// cell. A coastal base cell of 9 km that holds both land and the mouth of an estuary is then
/// sea for the fine cells around it, while an inland border 50 km from the coast meets only land
/// levels. Docs: docs/elevation-stack.md.
struct BaseSea: Sendable {
    let base: SpillIndex
    private let topology: GridTopology

    init(base: SpillIndex) {
        self.base = base
        topology = GridTopology(
            width: base.grid.width, height: base.grid.height, wrapsEastWest: base.grid.wrapsEastWest,
            connectivity: base.options.connectivity)
    }

    /// The base cell (row-major index) holding a WGS 84 point, nil off the base. O(1).
    func cell(latitude: Double, longitude: Double) -> Int? {
        guard let (row, col) = base.locator.cell(latitude: latitude, longitude: longitude) else { return nil }
        return row * base.grid.width + col
    }

    /// The lowest sea level at which the sea reaches a base cell's spot from outside: the
    /// lowest spill level of the cell and its neighbours (−∞: base nodata treated as ocean;
    /// +∞: the sea never gets there). O(1).
    func reachLevel(atBaseCell cell: Int) -> Double {
        var lowest = base.levels.level(atIndex: cell)
        topology.forEachNeighbour(of: cell) { neighbour in
            lowest = min(lowest, base.levels.level(atIndex: neighbour))
        }
        return lowest
    }
}
