import ArgumentParser
import Geo

/// A tile size as people write it: 4096 (square) or 300x217 (width × height).
struct TileSize: ExpressibleByArgument {
    let width: Int
    let height: Int

    init(width: Int, height: Int) { self.width = width; self.height = height }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        let range = TileLayout.minimumTileSide...TileLayout.maximumTileSide
        guard (1...2).contains(parts.count), let width = parts[0], let height = parts.count == 2 ? parts[1] : width,
            range.contains(width), range.contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    var defaultValueDescription: String { "\(width)" }
}
