/// Every failure geoq reports: each case names what was wrong and what was expected,
/// so the CLI and the service can print it as one line.
public enum GeoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The user's input (a parameter or a value) is malformed; a usage mistake.
    case invalidArgument(parameter: String, message: String)
    /// A file could not be read as what it should be; a data problem.
    case unreadableFile(path: String, message: String)
    /// A file could not be written.
    case unwritableFile(path: String, message: String)
    /// The dataset is readable but cannot answer this kind of question.
    case unsupported(String)

    public var description: String {
        switch self {
        case let .invalidArgument(parameter, message): return "\(parameter): \(message)"
        case let .unreadableFile(path, message): return "\(path): \(message)"
        case let .unwritableFile(path, message): return "cannot write \(path): \(message)"
        case let .unsupported(message): return message
        }
    }

    /// True for mistakes in how geoq was called (exit status 2, HTTP 400) rather than in the data.
    public var isUsageError: Bool {
        if case .invalidArgument = self { return true }
        return false
    }
}
