/// Longitudes written the RFC 7946 way.
enum LongitudeEdge {
    /// A west edge or a centre: −180…<180.
    static func west(_ longitude: Double) -> Double {
        let wrapped = longitude - 360 * ((longitude + 180) / 360).rounded(.down)
        return wrapped >= 180 ? wrapped - 360 : wrapped
    }

    /// An east edge: −180<…180, so that a box ending at the antimeridian ends at 180.
    static func east(_ longitude: Double) -> Double {
        let wrapped = west(longitude)
        return wrapped == -180 ? 180 : wrapped
    }
}
