/// Whose a file is, which decides whose fault its mistakes are: a file the caller gave with a
/// question is the caller's (a mistake in a value), a file the service was set up with or
/// ships is the service's (a fault of its own data, told to a client without its path).
public enum FileOwner: Sendable {
    /// Given with the question (`flood --projections FILE`).
    case caller
    /// Set up or shipped (the `projections` setting, the coastline, the gazetteer).
    case service

    /// How an answer names the file at `path`: the caller's by its path, the service's by its
    /// name alone, as an answer names a model.
    func name(of path: String) -> String {
        switch self {
        case .caller: return path
        case .service: return path.split(separator: "/").last.map(String.init) ?? path
        }
    }
}
