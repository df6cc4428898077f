extension TiledSpillIndex {
    /// Refuses flood options, and a band, that differ from those the index was built with: the
    /// index answers with its own, so a different one asked for would be silently ignored.
    /// Options not given (nil) take the index's; one given is checked even when it is the default.
    ///
    /// - Throws: `GeoError.invalidInput` naming the first differing quantity, with every
    ///   differing one and the index's value of each in the message.
    public func checkRequested(
        band requestedBand: Int?, connectivity: FloodOptions.Connectivity?,
        nodata: FloodOptions.NodataPolicy?, seeds: FloodOptions.Seeds?
    ) throws {
        var differing: [(Quantity, String)] = []
        if let requestedBand, requestedBand != plan.band {
            differing.append((.band, "band \(plan.band) (given \(requestedBand))"))
        }
        if let connectivity, connectivity != options.connectivity {
            differing.append((.connectivity, "connectivity \(options.connectivity.rawValue) (given \(connectivity.rawValue))"))
        }
        if let nodata, nodata != options.nodata {
            differing.append((.nodata, "nodata as \(options.nodata.rawValue) (given \(nodata.rawValue))"))
        }
        if let seeds, seeds != options.seeds {
            differing.append((.seed, "seeds \(Self.describe(options.seeds)) (given \(Self.describe(seeds)))"))
        }
        guard let first = differing.first else { return }
        throw GeoError.invalidInput(
            first.0,
            "the index \(path) was built with \(differing.map(\.1).joined(separator: ", ")); "
                + "leave \(differing.count == 1 ? "it" : "them") out to answer with the index's, or build an index with \(differing.count == 1 ? "it" : "them")")
    }

    private static func describe(_ seeds: FloodOptions.Seeds) -> String {
        switch seeds {
        case .automatic: return "automatic (the ocean)"
        case .points(let points): return points.map { "\($0.latitude),\($0.longitude)" }.joined(separator: " ")
        }
    }
}
