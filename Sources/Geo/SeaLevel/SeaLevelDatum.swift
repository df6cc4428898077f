/// What geoq's 0 m is, said once by every sea-level answer (text, JSON `datum`, OpenAPI, help
/// and the page): the elevation models' vertical datum, mean sea level as a geoid (ETOPO5 and
/// SRTM above EGM96, the Copernicus DEM above EGM2008), not the local high tide that NOAA's
/// viewer and Climate Central map above; and no dike or wall is modelled.
public enum SeaLevelDatum {
    /// "metres above mean sea level (EGM96/EGM2008 geoid), not above high tide; flood defences are not modelled".
    public static let statement = "metres above mean sea level (EGM96/EGM2008 geoid), not above high tide; flood defences are not modelled"

    /// The datum of an answer asked above high tide (`tide`, where the place stands), or
    /// `statement` without one: "metres above high tide (+1.9 m here), itself above mean sea
    /// level (EGM96/EGM2008 geoid); flood defences are not modelled".
    public static func statement(aboveHighTide tide: HighTideAtPlace?) -> String {
        guard let tide else { return statement }
        return "metres above high tide (\(FloodPoint.signed(tide.metres)) m here), itself above mean sea level (EGM96/EGM2008 geoid); "
            + "flood defences are not modelled"
    }
}
