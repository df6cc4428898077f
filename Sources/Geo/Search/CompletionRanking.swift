import Foundation

/// How completions are ordered. A completion's score is
///
///     importance × match quality × proximity
///
/// - **importance** = (population + 1000) × feature weight: capitals (PPLC) ×2, first-level
///   seats (PPLA) ×1.5, lower seats (PPLA2…4) ×1.2. The 1000 keeps places without a census
///   figure comparable instead of zero. An airport with an IATA code (scheduled traffic)
///   counts as a town of 20,000, one without as one of none; a postal code as 1000 + the
///   square root of its town's population (the population column of its row). A part of a
///   city ("Zürich (Kreis 11)", `PlaceCompleter.partsOfCities`) ×0.1.
/// - **match quality**: what matched (`NameClass`): the current name or an official code
///   ×1, another alternate name ×0.1 (GeoNames lists many translations, some long and odd,
///   so an alias must not outrank a real name easily), a nickname holding another famous
///   place's name ×0.01; an alternate name of which fewer than four letters, or no more than
///   half, were typed ×0.01 more (`aliasEvidence`: "ye" is not Jakarta's "ye jia da"); a code
///   matched only in part ×0.05 more, typed whole in lower case ×0.5; a postal code the query
///   begins but does not complete ×0.2 more (`postalPrefixFactor`); a match from the first
///   word of the name ×1, from a later word ×0.5 ("janeiro" → Rio de Janeiro); the whole name
///   ×1, a whole word ×0.8, a word prefix ×0.5; query words matched apart or out of order
///   ("rio janeiro") ×0.5 more. Typo matches also take ×0.5 per edit and are
///   ranked after every exact match whatever their score.
/// - **prominence**: importance × (1 + min(alternate names, 100) / 20) for towns, countries
///   and regions (`prominence(alternateNameCount:)`): GeoNames lists a name in many languages
///   for a place the world knows, as Wikipedia links decide prominence in Nominatim.
/// - **proximity** (only with a near point) = 1 / (1 + d / 10 km)²: 1/4 at 10 km, 1/121 at
///   100 km, 1/10,201 at 1,000 km, so a small town nearby beats a large one far away for a
///   short prefix, and a large city still beats the hamlets of another country.
public enum CompletionRanking {
    /// Query words matched apart or out of order ("rio janeiro") rank at half an in-order match.
    static let scatteredWordsFactor: Float = 0.5

    /// The distance that scales proximity: 1 / (1 + d / this)².
    public static let proximityScaleKilometers = 10.0

    /// A postal code whose written breaks differ from the query's ("9021" against 90-210).
    static let postalShapeMismatchFactor: Float = 0.001
    /// A code matched only in part ("jf" → JFK) says little: people type codes whole.
    static let partialCodeFactor: Float = 0.05
    /// A postal code the query begins but does not complete ("1012" of New York's 10120): ×0.2
    /// more than a prefix's ×0.5, so that a code typed whole (Amsterdam's 1012) comes first.
    /// Codes' importances lie within a factor of 4 of each other (1000 + √population), so a
    /// whole code outranks every longer one it begins, unless a near point says otherwise.
    static let postalPrefixFactor: Float = 0.2
    /// A whole code typed in lower case ranks as a prefix of a name: a town of the airport's
    /// weight (20,000 people) or more whose name starts with it comes first ("ber", "mar",
    /// "ham"), while "jfk" still finds JFK first. Typed in capitals ("BER") the airport leads.
    static let lowercaseCodeFactor: Float = 0.5
    /// What an airport with an IATA code counts as, in people.
    static let scheduledAirportPopulation = 20_000

    static func importance(of place: Place) -> Float {
        switch place.kind {
        case .airport:
            let hasIATA = place.codes.contains { $0.count == 3 }
            return Float((hasIATA ? scheduledAirportPopulation : 0) + 1000)
        case .postcode:
            // The town's size orders codes that match alike, but gently: the square root,
            // so that `near` (×1/71 at 7,000 km) still brings Bouira's 10001 before New York's.
            return 1000 + Float(Double(max(place.population, 0)).squareRoot())
        case .country, .region:
            return areaImportance(population: place.population) * prominence(alternateNameCount: place.alternateNames.count)
        case .city:
            break
        }
        let weight: Float
        switch place.featureCode {
        case "PPLC": weight = 2
        case "PPLA": weight = 1.5
        case "PPLA2", "PPLA3", "PPLA4": weight = 1.2
        default: weight = 1
        }
        return (Float(max(place.population, 0)) + 1000) * weight * prominence(alternateNameCount: place.alternateNames.count)
    }

    /// How well known a place is, from how many names GeoNames lists for it: 1 + min(n, 100) / 20.
    /// Venice (66 names, 51,298 people) before Vénissieux (19, 57,584) for "veni"; Malé (24,
    /// a capital of 103,693) before Malegaon (3, 481,228) for "male". O(1).
    static func prominence(alternateNameCount: Int) -> Float {
        1 + Float(min(max(alternateNameCount, 0), prominenceNameCap)) / prominenceNamesPerStep
    }
    static let prominenceNameCap = 100
    static let prominenceNamesPerStep: Float = 20

    /// An alternate name typed in part, in Latin letters, of a place whose current name is
    /// not what was typed ("new or" of New York City's "New Orange", "male" of Malaysia's
    /// "Malezi"): ×0.1 more, so that a town whose current name starts so comes first at any
    /// likely population. An alias typed whole ("bombay", "canton") keeps ×0.1 only; a query
    /// in another script or with diacritics ("моск", "münc") is likely the local name.
    static let partialAliasFactor: Float = 0.1
    /// A country or region matched through an alternate name, ×0.1 more: a town whose name it
    /// is ("erie") is the likelier meaning than an area's translation (and a town holding
    /// 0.1 % of the area's people comes first whatever the scores: `townsBeforeAreasOfTheirName`).
    static let areaAliasFactor: Float = 0.1
    /// A country's ISO code (alpha-2 or alpha-3) typed whole in lower case ("fr", "us"): ×0.1 of the country's
    /// weight, enough for France before Freetown, not for Yemen before Yerevan ("ye").
    static let countryCodeFactor: Float = 0.1

    /// What an area's population weighs against a town's: `areaWeight` × (population + 1000)^`areaExponent`.
    /// Three answers pin it down. "luxembourg" means the country (607,728 people) before its
    /// capital (76,684, ×2 as a capital): the weight must exceed 3.6. "mexico" means the
    /// country (126 million) before Mexico City (12.3 million, ×2, its first word whole ×0.8):
    /// above 6.6. "ontario" typed in Ontario, California (171,214 people) means the town, not
    /// the province whose towns hold 17.8 million, 2,900 km away (proximity 1/30): below 8.
    /// With population alone (exponent 1) the first and last hold only from 0.26 to 0.29, and
    /// "mexico" never; 0.8 leaves 6.6…8, and 7.5 is taken. Tests/GeoTests/Search/AreaCompletionTests
    /// holds these answers.
    static let areaWeight: Float = 7.5
    static let areaExponent = 0.8

    static func areaImportance(population: Int) -> Float {
        areaWeight * Float(pow(Double(max(population, 0)) + 1000, areaExponent))
    }

    /// An area's name typed in part counts in full once the query holds two thirds of its
    /// letters ("banglad", "bavar"); less ("ba", "flo") it weighs `areaPartFactor`, so that
    /// a country's importance does not fill every short prefix ("ba": Buenos Aires, not
    /// Bangladesh). O(1).
    static func areaEvidence(typedLetters: Int, nameLetters: Int) -> Float {
        3 * typedLetters >= 2 * nameLetters ? 1 : areaPartFactor
    }

    /// What an area's name typed in less than two thirds weighs (as a short alias does).
    static let areaPartFactor: Float = 0.01

    /// A whole word of an area's longer name ("francisco" of Francisco Morazán) counts in full
    /// once it holds two thirds of the name's letters; less, it weighs `areaWordFactor`: a whole
    /// word says more than a part of one, but a town named by it (San Francisco) is the likelier
    /// meaning. "carolina" keeps North Carolina first: its weight is ten times Carolina's. O(1).
    static func areaWordEvidence(typedLetters: Int, nameLetters: Int) -> Float {
        3 * typedLetters >= 2 * nameLetters ? 1 : areaWordFactor
    }

    /// What a whole word of an area's name, less than two thirds of it, weighs.
    static let areaWordFactor: Float = 0.1

    /// The static part of an entry's score, stored in the trie.
    static func staticScore(importance: Float, weight: Float, startsAtFirstWord: Bool) -> Float {
        importance * weight * (startsAtFirstWord ? 1 : 0.5)
    }

    static func quality(_ match: Completion.Match) -> Float {
        switch match {
        case .exactName: return 1
        case .exactWord: return 0.8
        case .prefix, .typo: return 0.5
        }
    }

    static func typoFactor(edits: Int) -> Float {
        edits <= 0 ? 1 : Float(pow(0.5, Double(edits)))
    }

    /// 1 / (1 + d / 10 km)². O(1).
    static func proximity(distanceKilometers: Double) -> Float {
        let scaled = 1 + distanceKilometers / proximityScaleKilometers
        return Float(1 / (scaled * scaled))
    }

    /// Great-circle distance on a sphere of radius 6371 km (haversine). O(1).
    static func distanceKilometers(_ a: GeoPoint, latitude: Double, longitude: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (latitude - a.latitude) * radians
        let dLon = (longitude - a.longitude) * radians
        let h =
            sin(dLat / 2) * sin(dLat / 2)
            + cos(a.latitude * radians) * cos(latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6371 * asin(min(1, sqrt(h)))
    }
}
