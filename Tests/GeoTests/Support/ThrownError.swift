/// The error of type `E` that `body` throws, or nil when it returns or throws something else.
/// Lets a test compare a whole error value, message included, with `==`.
func thrownError<E: Error>(_ type: E.Type, _ body: () throws -> Void) -> E? {
    do {
        try body()
        return nil
    } catch {
        return error as? E
    }
}
