extension TiledWorkFolder {
    /// A stage of a tiled build found a stage it depends on not done, or its files damaged: the
    /// error a scheduler acts on by running `stage` (for `tile`) and trying again. Its
    /// description is the one line a person reads: "FOLDER: tile 3 is not filled (missing); run
    /// fill-tile for it".
    public struct MissingStage: Error, Sendable, Equatable, CustomStringConvertible {
        /// The stage that must run first, named as its command is.
        public enum Stage: String, Sendable {
            case fillTile = "fill-tile"
            case link
            case finishTile = "finish-tile"
        }

        /// The work folder.
        public var folder: String
        public var stage: Stage
        /// The tile to run `stage` for; nil for the link, which covers every tile.
        public var tile: Int?
        /// Why the stage's files cannot be used ("missing", "its checksum does not match", …).
        public var reason: String

        public var description: String {
            switch (stage, tile) {
            case (.fillTile, let tile?): return "\(folder): tile \(tile) is not filled (\(reason)); run fill-tile for it"
            case (.finishTile, let tile?): return "\(folder): tile \(tile) is not finished (\(reason)); run finish-tile for it"
            default: return "\(folder): the tiles are not linked (\(reason)); run link"
            }
        }
    }
}
