/// Every failure geoq reports, the one error type of the library: each case names what was
/// wrong and what was expected, so the CLI and the service can print it as one line.
///
/// A mistake in a value names its ``Quantity`` (the rise, the latitude, the bounding box), never
/// the spelling of one adapter: the CLI prints it as `--rise`, the service as `rise=`, each
/// through its own table (`ArgumentSpelling`, `QuerySpelling`).
public enum GeoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value given to geoq is malformed or out of range; a usage mistake. The message reads
    /// after the quantity's name and a colon: "expected a sea-level change in metres …".
    case invalidInput(Quantity, String)
    /// A file (or a request body) could not be read as what it should be; a data problem.
    case unreadableFile(path: String, message: String)
    /// What the caller handed over (a request body, a file of points) is not what it should be:
    /// the caller's mistake in data rather than in a value. `source` names it ("request body").
    case malformedInput(source: String, message: String)
    /// A remote source an answer needs (an object store's tile or tile list) could not be
    /// reached, or sent what is not what it should be. `source` names it (a URL).
    case unreachable(source: String, message: String)
    /// A file could not be written.
    case unwritableFile(path: String, message: String)
    /// The dataset is readable but cannot answer this kind of question.
    case unsupported(String)
    /// geoq failed inside (a driver missing, memory not had): not the caller's mistake nor the
    /// data's. The service answers 500 without the message (its log has it); the CLI exits 1.
    case internalFailure(String)

    /// The message with the quantity as the library names it ("rise: expected …").
    public var description: String { description(naming: \.rawValue) }

    /// The message with the quantity spelled by an adapter ("--rise: expected …", "rise: expected …").
    public func description(naming spelling: (Quantity) -> String) -> String {
        switch self {
        case let .invalidInput(quantity, message): return "\(spelling(quantity)): \(message)"
        case let .unreadableFile(path, message), let .malformedInput(path, message), let .unreachable(path, message):
            return "\(path): \(message)"
        case let .unwritableFile(path, message): return "cannot write \(path): \(message)"
        case let .unsupported(message), let .internalFailure(message): return message
        }
    }

    /// True for mistakes in how geoq was called (exit status 2, HTTP 400) rather than in the data.
    public var isUsageError: Bool {
        if case .invalidInput = self { return true }
        return false
    }
}
