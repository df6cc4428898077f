import ArgumentParser

/// The gazetteer option of the commands that search places; its values go into `EngineSettings`.
struct PlacesOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("Gazetteer file, repeatable (default: data/places.tsv.gz with the postcodes.tsv.gz and airports.tsv.gz beside it, or $GEOQ_DATA's).", valueName: "file"))
    var places: [String] = []
}
