/// The places under water at one rise: those dry today (spill level > 0) that the sea reaches.
public struct FloodedPlaces: Sendable, Encodable, Equatable {
    public var rise: Double
    /// How many places are flooded at this rise.
    public var count: Int
    /// The sum of their populations: each place counts whole when the grid cell it stands in
    /// floods (a city spread over several cells counts whole even if only its own cell floods).
    public var population: Int
    /// How many of the most populous places come before this page (0: it starts with the largest).
    public var offset: Int
    /// One page of them: the places the model can resolve (confidence medium or high), largest
    /// first, then those it cannot tell about (low), largest first; from the `offset`-th, at
    /// most the limit asked for.
    public var places: [FloodedPlace]
    /// How many of them, and how many people in them, the model can resolve (confidence not low).
    public var resolvedCount: Int = 0
    public var resolvedPopulation: Int = 0
}
