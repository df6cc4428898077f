/// A failure while a command runs that is no usage mistake (the terminal refusing raw mode),
/// reported on one line after "geoq: " (exit 1).
struct RunFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
