import Testing

/// The tiers of the suite. `make check` runs what carries neither tag (`swift test --skip
/// tag:process --skip tag:slow`); `make test` runs that, then the rest (`--filter tag:process
/// --filter tag:slow`), then the scripts.
extension Tag {
    /// Starts the `geoq` executable (`GeoqProcess`), as a command or as a live server: each run
    /// pays a process's start and loads its data anew.
    @Tag static var process: Self
    /// Works in this process but on whole embedded datasets (the world's coastline, ETOPO5 at
    /// full size): seconds each, not milliseconds.
    @Tag static var slow: Self
}
