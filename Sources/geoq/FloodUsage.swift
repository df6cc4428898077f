import ArgumentParser

/// The usage line of `geoq flood --rise R`, as a user types it. ArgumentParser names a default
/// subcommand in its usage (`geoq flood level …`), a word the README never shows; this is the same
/// generated synopsis (the options are `FloodLevelCommand`'s own, read from it) under the name
/// `geoq flood`.
struct FloodUsage: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "flood")

    @OptionGroup var level: FloodLevelCommand

    /// `geoq flood --rise <rise> …`, with every option of `geoq flood level`.
    static let levelSynopsis = "geoq " + usageString()
}
