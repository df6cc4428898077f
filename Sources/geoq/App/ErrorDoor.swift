import Geo
import Hummingbird

/// How a library error leaves geoq, by its kind: the one table of the HTTP status and JSON error
/// code the service answers, and the exit status the command line ends with. The caller's own
/// mistakes and what the data cannot answer are told as they are; a fault of the service's own
/// files or inside it is told only as such, its paths and GDAL's words kept for the log.
struct ErrorDoor: Sendable {
    /// The service's answer.
    let status: HTTPResponse.Status
    /// The `code` of the JSON error body.
    let code: String
    /// The command line's exit status: 2 for a usage mistake, 1 otherwise.
    let exitStatus: Int32
    /// What the service says in place of the error's own message; nil to say the message.
    let messageForClients: String?

    init(_ kind: GeoError.Kind) {
        switch kind {
        case .invalidValue:
            (status, code, exitStatus, messageForClients) = (.badRequest, "invalid_parameter", 2, nil)
        case .noMatch:
            (status, code, exitStatus, messageForClients) = (.badRequest, "invalid_parameter", 1, nil)
        case .invalidData:
            (status, code, exitStatus, messageForClients) = (.badRequest, "invalid_body", 1, nil)
        case .unanswerable:
            (status, code, exitStatus, messageForClients) = (.unprocessableContent, "unprocessable", 1, nil)
        case .remote:
            (status, code, exitStatus, messageForClients) = (.badGateway, "source_unreachable", 1, nil)
        case .fileFault:
            (status, code, exitStatus, messageForClients) = (
                .internalServerError, "data_fault", 1,
                "the service could not read or write its own data; its log says which file and why"
            )
        case .notSetUp:
            // The service cannot answer this kind of question as it was started: its set-up's.
            (status, code, exitStatus, messageForClients) = (.serviceUnavailable, "not_set_up", 1, nil)
        case .internalFailure:
            (status, code, exitStatus, messageForClients) = (.internalServerError, "internal_failure", 1, "the service failed inside; its log says why")
        }
    }
}
