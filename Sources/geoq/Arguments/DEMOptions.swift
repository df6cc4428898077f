import ArgumentParser
import Foundation
import Geo

/// The options that choose the elevation models and how their spill indexes are computed. They
/// only parse: their values go into `EngineSettings` once, with the settings beside them.
struct DEMOptions: ParsableArguments {
    @Option(
        name: .customLong("dem"),
        help: ArgumentHelp(
            "Elevation raster, any GDAL format (GeoTIFF, COG, NetCDF, VRT, .hgt, …); repeatable. "
                + "A raster covering every longitude is the base (default: the embedded ETOPO5, data/etopo5.tif); every other one is a fine model "
                + "of its region, nested in the base: the sea at its edge comes from the base. copernicus:30 (or :90, optionally @URL of another "
                + "endpoint) is the Copernicus DEM tile around each point asked about, fetched on first use; tiles:FOLDER/NAME (NAME as "
                + "{N|S}{lat:02}{E|W}{lon:03}.hgt) is the tile of a local folder around each point.", valueName: "path"))
    var dems: [String] = []

    @Option(
        name: .customLong("on-demand"),
        help: ArgumentHelp(
            "The on-demand entry of the default stack (no --dem): copernicus:30 (or :90, @URL of another endpoint, "
                + "tiles:FOLDER/NAME), or none to answer from the shipped files alone, never asking the network (GEOQ_ON_DEMAND; default "
                + "copernicus:30).", valueName: "entry"))
    var onDemand: String?

    @Option(
        name: .customLong("copernicus-cache-size"),
        help: ArgumentHelp("Disk the tiles fetched for --dem copernicus:30 may take; the least recently used go first (GEOQ_COPERNICUS_CACHE_SIZE; default 2G).", valueName: "size")
    )
    var copernicusCacheSize: ByteCount?

    @Option(
        name: .customLong("on-demand-memory"),
        help: ArgumentHelp(
            "Memory the tiles of a copernicus: or tiles: entry may take, held and being nested; the least recently used go first (GEOQ_ON_DEMAND_MEMORY; default 1G).",
            valueName: "size"))
    var onDemandMemory: ByteCount?

    @Flag(
        name: .customLong("alone"),
        help: "Flood the one --dem raster on its own, seeded along its whole border as if open sea lay beyond every edge (no base, no coastline): the raw model, exactly as given.")
    var alone = false

    @Option(
        name: .customLong("coastline"),
        help: ArgumentHelp(
            "Today's coastline: a global raster of ocean (0), land (1), lakes (2) (default: the embedded data/coastline.tif, GSHHG at 30″). "
                + "It says where today's sea ends; elevations say how high the land behind it stands.", valueName: "path"))
    var coastline: String?

    // Band, connectivity and nodata are optional so that a value typed out is told from one left
    // at its default: against a tiled index, only what was given is checked (and refused when it
    // differs from the index's). Their help states the default ArgumentParser would.
    @Option(name: .customLong("band"), parsing: .unconditional, help: ArgumentHelp("Band of the raster holding elevations (1-based). (default: 1)", valueName: "band"))
    var givenBand: Int?

    @Option(
        name: .customLong("connectivity"),
        help: ArgumentHelp("Cells touch by edges (4) or by edges and corners (8, the default).", valueName: "connectivity"))
    var givenConnectivity: FloodOptions.Connectivity?

    @Option(
        name: .customLong("seed"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Flood only from this point, \"lat,lon\" (repeatable), like GRASS r.lake. Default: the ocean.", valueName: "lat,lon"),
        transform: GeoPoint.argument)
    var seeds: [GeoPoint] = []

    @Option(
        name: .customLong("nodata"),
        help: ArgumentHelp(
            "What nodata cells are: ocean (the default: water, and the sea enters through them) or land (never water).",
            valueName: "nodata"))
    var givenNodata: FloodOptions.NodataPolicy?

    @Option(name: .customLong("cache-dir"), help: "Folder for cached spill indexes. Default: $XDG_CACHE_HOME/geoq, else ~/.cache/geoq.")
    var cacheDirectory: String?

    @Flag(name: .customLong("no-cache"), help: "Compute the spill index without reading or writing the cache.")
    var noCache = false

    @Option(help: ArgumentHelp("Answer from this tiled spill index (geoq index build --tiled) instead of flooding the raster in memory.", valueName: "INDEX.tif"))
    var index: String?

    func validate() throws {
        if let cacheDirectory, cacheDirectory.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--cache-dir: expected a folder, got an empty path (it would fill the current folder)")
        }
    }
}
