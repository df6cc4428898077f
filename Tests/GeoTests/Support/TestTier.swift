import Foundation
import Testing

/// The tiers of the suite. `make check` runs the fast tier: it sets `GEOQ_TEST_TIER=fast`, and
/// the tests marked `.process` or `.slow` are skipped, each saying why; `make test` sets nothing
/// and runs every test. (`swift test --skip` reads test names, not tags, so the tiers are
/// conditions rather than tags.)
enum TestTier {
    /// True when only the fast tier runs.
    static let fastOnly = ProcessInfo.processInfo.environment["GEOQ_TEST_TIER"] == "fast"
}

extension Trait where Self == ConditionTrait {
    /// Starts the `geoq` executable (`GeoqProcess`), as a command or as a live server: each run
    /// pays a process's start and loads its data anew. Not in the fast tier.
    static var process: Self {
        .enabled(if: !TestTier.fastOnly, "starts geoq: outside the fast tier (make test runs it)")
    }

    /// Works in this process but on whole embedded datasets (the world's coastline, ETOPO5 at
    /// full size): seconds each, not milliseconds. Not in the fast tier.
    static var slow: Self {
        .enabled(if: !TestTier.fastOnly, "whole world datasets: outside the fast tier (make test runs it)")
    }
}
