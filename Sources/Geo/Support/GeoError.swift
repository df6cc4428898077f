/// Every failure geoq reports, the one error type of the library: each case names what was
/// wrong and what was expected, so the CLI and the service can print it as one line.
///
/// A mistake in a value names its ``Quantity`` (the rise, the latitude, the bounding box), never
/// the spelling of one adapter: the CLI prints it as `--rise`, the service as `rise=`, each
/// through its own table (`ArgumentSpelling`, `QuerySpelling`). Each case is of one ``Kind``,
/// which each door maps to its status in one table.
public enum GeoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value given to geoq is malformed or out of range; a usage mistake. The message reads
    /// after the quantity's name and a colon: "expected a sea-level change in metres …".
    case invalidInput(Quantity, String)
    /// A name given is well formed, but nothing in the data loaded matches it (a place name that
    /// completes to nothing): the caller's value, though not a usage mistake. The command line
    /// ends with 1, as grep does when nothing matches; the service answers 400.
    case noMatch(Quantity, String)
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
    /// The data loaded cannot answer the question, though it was asked well: a model that does
    /// not reach the place, a grid too large to hold. `subject`
    /// names what cannot answer when that is one file; `reason` says why and what would.
    case unanswerable(subject: String?, reason: String)
    /// geoq was set up without what the question needs (a service started without an elevation
    /// model, a command without a gazetteer): the set-up's, not the caller's nor the data's.
    /// `reason` says what is missing.
    case notSetUp(String)
    /// geoq failed inside (a driver missing, memory not had, a library call or a check of its
    /// own that failed): not the caller's mistake nor the data's. `detail` is for the log.
    case internalFailure(InternalCause, String)
    /// A failure and the action that would overcome it (`Remedy`): of the failure's kind, its
    /// message followed by the action.
    indirect case remedied(GeoError, Remedy)

    /// What kind of failure is inside geoq.
    public enum InternalCause: String, Sendable, CaseIterable {
        /// A GDAL driver geoq needs is not in the GDAL it runs with.
        case driverMissing = "driver missing"
        /// An allocation failed.
        case outOfMemory = "out of memory"
        /// A GDAL call failed on data geoq made itself (an image, a mask, an index header).
        case gdal = "GDAL failed"
        /// Another library's call failed (zlib).
        case library = "library failed"
        /// A check of geoq's own found what cannot be (a bug).
        case invariant = "invariant broken"
    }

    /// Whose the failure is, which decides how each door reports it.
    public enum Kind: Sendable, CaseIterable {
        /// A value the caller gave is wrong (`invalidInput`).
        case invalidValue
        /// A name the caller gave matches nothing loaded (`noMatch`).
        case noMatch
        /// Data the caller handed over is malformed (`malformedInput`).
        case invalidData
        /// The data loaded cannot answer (`unanswerable`).
        case unanswerable
        /// A file could not be read or written (`unreadableFile`, `unwritableFile`).
        case fileFault
        /// A remote source failed (`unreachable`).
        case remote
        /// What the question needs was not set up (`notSetUp`).
        case notSetUp
        /// geoq failed inside (`internalFailure`).
        case internalFailure
    }

    /// The kind of this failure.
    public var kind: Kind {
        switch self {
        case .invalidInput: return .invalidValue
        case .noMatch: return .noMatch
        case .malformedInput: return .invalidData
        case .unanswerable: return .unanswerable
        case .unreadableFile, .unwritableFile: return .fileFault
        case .unreachable: return .remote
        case .notSetUp: return .notSetUp
        case .internalFailure: return .internalFailure
        case let .remedied(failure, _): return failure.kind
        }
    }

    /// The message with the quantity as the library names it ("rise: expected …").
    public var description: String { description(naming: \.rawValue) }

    /// The message with the quantity spelled by an adapter ("--rise: expected …", "rise: expected …").
    public func description(naming spelling: (Quantity) -> String) -> String {
        switch self {
        case let .invalidInput(quantity, message), let .noMatch(quantity, message): return "\(spelling(quantity)): \(message)"
        case let .unreadableFile(path, message), let .malformedInput(path, message), let .unreachable(path, message):
            return "\(path): \(message)"
        case let .unwritableFile(path, message): return "cannot write \(path): \(message)"
        case let .unanswerable(subject, reason): return subject.map { "\($0): \(reason)" } ?? reason
        case let .notSetUp(reason): return reason
        case let .internalFailure(_, detail): return detail
        case let .remedied(failure, remedy): return "\(failure.description(naming: spelling)); \(remedy.action)"
        }
    }
}
