import Foundation
import Testing
@testable import Geo

/// Usage lines and help name commands as the README shows them: `geoq flood --rise R` and
/// `geoq flood point`, never the default subcommand's own name (`geoq flood level`).
@Suite struct UsageLineTests {
    let folder = TestRasters.temporaryDirectory()

    func geoq(_ arguments: [String]) throws -> GeoqProcess.Run {
        try GeoqProcess.run(arguments, environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "COLUMNS": CommandLineTests.columns])
    }

    @Test(
        .process,
        arguments: [
            (["flood"], "Error: missing --rise <metres>, or --year <year> with --scenario <scenario>"),
            (
                ["flood", "--rise", "abc"],
                "Error: The value 'abc' is invalid for '--rise <rise>': expected a sea-level change in metres from -12000 to 12000, "
                    + "written as a decimal number\nHelp:  --rise <rise>  Sea-level change in metres, from -12000 to 12000 (negative: the sea falls)."
            ),
            (
                ["flood", "--rise", "2", "--format", "xx"],
                "Error: The value 'xx' is invalid for '--format <format>'. Please provide one of 'text', 'json', "
                    + "'geojson', 'png' or 'tif'.\nHelp:  --format <format>  Output format: text, json, geojson, png, tif."
            ),
            (["flood", "--rise", "2", "--bogus"], "Error: unknown option '--bogus'")
        ] as [([String], String)])
    func usageMistakesOfFloodNameGeoqFlood(arguments: [String], mistake: String) throws {
        let run = try geoq(arguments)
        #expect(run.status == 2, "\(arguments)")
        // The whole of standard error: the mistake, then the usage of geoq flood, never flood level.
        expectWhole(
            run.standardError,
            mistake + "\n" + """
                Usage: geoq flood [<options>] --rise <rise>
                       geoq flood [<options>] --year <year> --scenario <scenario>
                  See 'geoq flood --help' for more information.

                """, "\(arguments)")
    }

    @Test(.process) func floodPointsUsageNamesIt() throws {
        let run = try geoq(["flood", "point", "--lat", "x", "--lon", "1"])
        #expect(run.status == 2, "\(run.standardError)")
        expectWhole(
            run.standardError,
            """
            Error: The value 'x' is invalid for '--lat <lat>': expected a latitude from -90 to 90, written as a decimal number
            Help:  --lat <lat>  Latitude in degrees, -90 to 90.
            Usage: geoq flood point <options>
              See 'geoq flood point --help' for more information.

            """)
    }

    @Test(.process) func floodHelpListsTheOptionsOfFloodRise() throws {
        // The whole help: the usage of `flood --rise`, its options, the other form named.
        let help = try geoq(["flood", "--help"])
        #expect(help.status == 0)
        expectWhole(help.standardOutput, Self.floodHelp)
        let short = try geoq(["flood", "-h"])
        #expect(short.status == 0)
        expectWhole(short.standardOutput, Self.floodHelp)
        let listing = try geoq(["help", "flood"])
        expectWhole(
            listing.standardOutput,
            """
            OVERVIEW: What is under water if the sea rises (or falls) by N metres.

            Examples:
              geoq flood --rise 2
              geoq flood point --lat 31.5 --lon 35.5

            USAGE: geoq flood [<options>] --rise <rise>
                   geoq flood point <options>
                   geoq flood [<options>] --year <year> --scenario <scenario>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              point                   The elevation of a place and the sea level from which
                                      it is under water.

              See 'geoq help flood <subcommand>' for detailed help.

            """)
    }

    /// `geoq flood --help`, at the tests' width.
    static let floodHelp = """
        OVERVIEW: What is under water if the sea rises (or falls) by N metres (the
        default of geoq flood).

        Water must reach the ocean: a basin behind a ridge stays dry until the sea tops
        the ridge. Areas are in km². Formats: text, json, geojson (polygons of newly
        flooded land), png (a map), tif (a GeoTIFF of flood classes).

        Levels are metres above mean sea level (EGM96/EGM2008 geoid), not above high
        tide; flood defences are not modelled.

        Example:
          geoq flood --rise 2
          geoq flood --rise 60 --bbox -10,35,30,60 --format png -o europe.png
          geoq flood --year 2100 --scenario SSP5-8.5 --bbox 8,53,11,54.5
          geoq flood --rise 1 --high-tide 1.9 --bbox 8,53,11,54.5   # 1 m above it
          geoq flood --rise 2 --place bangladesh     # over Bangladesh's outline

        --place NAME takes the first place the name completes to: a country or region
        is counted over its outline (Natural Earth 1:10m, simplified to about 1 km), a
        town, postal code or airport over a 20 km square around it (a town's extent is
        not known; that square holds the built-up area of all but the largest cities
        and several cells of the base model).

        One place's elevation and flooding: geoq flood point --lat 31.5 --lon 35.5 (see
        geoq flood point --help).

        USAGE: geoq flood [<options>] --rise <rise>
               geoq flood [<options>] --year <year> --scenario <scenario>

        OPTIONS:
          --dem <path>            Elevation raster, any GDAL format (GeoTIFF, COG,
                                  NetCDF, VRT, .hgt, …); repeatable. A raster covering
                                  every longitude is the base (default: the embedded
                                  ETOPO5, data/etopo5.tif); every other one is a fine
                                  model of its region, nested in the base: the sea at
                                  its edge comes from the base. copernicus:30 (or :90,
                                  optionally @URL of another endpoint) is the
                                  Copernicus DEM tile around each point asked about,
                                  fetched on first use; tiles:FOLDER/NAME (NAME as
                                  {N|S}{lat:02}{E|W}{lon:03}.hgt) is the tile of a
                                  local folder around each point.
          --on-demand <entry>     The on-demand entry of the default stack (no --dem):
                                  copernicus:30 (or :90, @URL of another endpoint,
                                  tiles:FOLDER/NAME), or none to answer from the
                                  shipped files alone, never asking the network
                                  (GEOQ_ON_DEMAND; default copernicus:30).
          --copernicus-cache-size <size>
                                  Disk the tiles fetched for --dem copernicus:30 may
                                  take; the least recently used go first
                                  (GEOQ_COPERNICUS_CACHE_SIZE; default 2G).
          --on-demand-memory <size>
                                  Memory the tiles of a copernicus: or tiles: entry may
                                  take, held and being nested; the least recently used
                                  go first (GEOQ_ON_DEMAND_MEMORY; default 1G).
          --alone                 Flood the one --dem raster on its own, seeded along
                                  its whole border as if open sea lay beyond every edge
                                  (no base, no coastline): the raw model, exactly as
                                  given.
          --coastline <path>      Today's coastline: a global raster of ocean (0), land
                                  (1), lakes (2) (default: the embedded
                                  data/coastline.tif, GSHHG at 30″). It says where
                                  today's sea ends; elevations say how high the land
                                  behind it stands.
          --band <band>           Band of the raster holding elevations (1-based).
                                  (default: 1)
          --connectivity <connectivity>
                                  Cells touch by edges (4) or by edges and corners (8,
                                  the default). (values: 4, 8)
          --seed <lat,lon>        Flood only from this point, "lat,lon" (repeatable),
                                  like GRASS r.lake. Default: the ocean.
          --nodata <nodata>       What nodata cells are: ocean (the default: water, and
                                  the sea enters through them) or land (never water).
                                  (values: ocean, land)
          --cache-dir <cache-dir> Folder for cached spill indexes. Default:
                                  $XDG_CACHE_HOME/geoq, else ~/.cache/geoq.
          --no-cache              Compute the spill index without reading or writing
                                  the cache.
          --index <INDEX.tif>     Answer from this tiled spill index (geoq index build
                                  --tiled) instead of flooding the raster in memory.
          --places <file>         Gazetteer file, repeatable (default:
                                  data/places.tsv.gz with the postcodes.tsv.gz and
                                  airports.tsv.gz beside it, or $GEOQ_DATA's).
          --config <PATH>         Settings file, YAML or JSON with flat keys (dem,
                                  on_demand, index, places, cache_dir,
                                  copernicus_cache_size, on_demand_memory, high_tide,
                                  projections; for serve also host, port,
                                  completion_cache_mib, grace_period, idle_timeout,
                                  header_timeout, max_connections, access_log). A flag
                                  beats an environment variable (GEOQ_DEM, …), which
                                  beats the file. See geoq settings.
          --rise <rise>           Sea-level change in metres, from -12000 to 12000
                                  (negative: the sea falls).
          --year <year>           Instead of --rise: the sea level the IPCC AR6
                                  projects for this year (2020 to 2150) under
                                  --scenario, global mean relative to 1995–2014; years
                                  between the report's decades are interpolated
                                  linearly.
          --scenario <scenario>   With --year: the emissions scenario, SSP1-1.9,
                                  SSP1-2.6, SSP2-4.5, SSP3-7.0 or SSP5-8.5 (geoq
                                  projections lists them).
          --quantile <percentile> With --year: the percentile, 17, 50 or 83 (the likely
                                  range's ends). (default: 50, the median)
          --projections <file.nc> With --year: a regional IPCC AR6 sea-level projection
                                  file (netCDF, e.g.
                                  total_ssp245_medium_confidence_values.nc); the rise
                                  is its value at the location nearest the place asked
                                  (the box's centre for --bbox).
          --high-tide <metres|raster>
                                  Answer above local high tide: the level asked is
                                  added to high tide where the place stands, given in
                                  metres above mean sea level or as a raster of it,
                                  which maps, masks, polygons and a box's figures take
                                  cell by cell (GEOQ_HIGH_TIDE). Without it, levels are
                                  metres above mean sea level (EGM96/EGM2008 geoid),
                                  not above high tide; flood defences are not modelled.
          --bbox <w,s,e,n>        Only this box, "west,south,east,north" in degrees
                                  (west > east crosses ±180°).
          --place <name>          Only this place, as typed in a search box
                                  ("bangladesh", "florida", "hamburg"): a country's or
                                  region's outline, or a box around a town. Text and
                                  json.
          --kinds <kinds>         With --place: only places of these kinds,
                                  comma-separated: city, postcode, airport, country,
                                  region.
          --near <lat,lon>        With --place: rank the places of that name by
                                  distance from this point, as latitude,longitude in
                                  degrees.
          --format <format>       Output format: text, json, geojson, png, tif.
                                  (values: text, json, geojson, png, tif; default: text)
          -o, --output <output>   Write the answer to this file instead of stdout (-
                                  for stdout; a FIFO or device is written into, a
                                  symbolic link's target replaced).
          --width <width>         PNG width in pixels. (default: 1024)
          --height <height>       PNG height in pixels. (default: 512)
          --legend                PNG: draw a legend (the sea level and the classes'
                                  colours) and a scale bar in the lower-left corner.
          --limit <limit>         JSON: how many of the places flooded to list, most
                                  populous first (1…1000), as /v1/flood does. (default:
                                  10)
          --version               Show the version.
          -h, --help              Show help information.


        """
}
