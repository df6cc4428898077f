/// The places under water at one rise: those dry today (spill level > 0) that the sea reaches.
public struct FloodedPlaces: Sendable, Encodable, Equatable {
    public var rise: Double
    /// How many places are flooded at this rise.
    public var count: Int
    /// Their total population.
    public var population: Int
    /// The most populous of them, largest first, at most the limit asked for.
    public var places: [FloodedPlace]
}
