extension TiledSpillIndex {
    /// Refuses flood options, and a band, that differ from those the index was built with: the
    /// index answers with its own, so a different one asked for would be silently ignored.
    /// Options left at their defaults (`FloodOptions()`, band 1) take the index's.
    ///
    /// - Throws: `GeoError.invalidInput` naming the first differing quantity, with every
    ///   differing one and the index's value of each in the message.
    public func checkRequested(options requested: FloodOptions, band requestedBand: Int) throws {
        let defaults = FloodOptions()
        var differing: [(Quantity, String)] = []
        if requestedBand != 1, requestedBand != plan.band {
            differing.append((.band, "band \(plan.band) (given \(requestedBand))"))
        }
        if requested.connectivity != defaults.connectivity, requested.connectivity != options.connectivity {
            differing.append((.connectivity, "connectivity \(options.connectivity.rawValue) (given \(requested.connectivity.rawValue))"))
        }
        if requested.nodata != defaults.nodata, requested.nodata != options.nodata {
            differing.append((.nodata, "nodata as \(options.nodata.rawValue) (given \(requested.nodata.rawValue))"))
        }
        if requested.seeds != defaults.seeds, requested.seeds != options.seeds {
            differing.append((.seed, "seeds \(Self.describe(options.seeds)) (given \(Self.describe(requested.seeds)))"))
        }
        guard let first = differing.first else { return }
        throw GeoError.invalidInput(first.0, "the index \(path) was built with \(differing.map(\.1).joined(separator: ", ")); "
            + "leave \(differing.count == 1 ? "it" : "them") out to answer with the index's, or build an index with \(differing.count == 1 ? "it" : "them")")
    }

    private static func describe(_ seeds: FloodOptions.Seeds) -> String {
        switch seeds {
        case .automatic: return "automatic (the ocean)"
        case .points(let points): return points.map { "\($0.latitude),\($0.longitude)" }.joined(separator: " ")
        }
    }
}
