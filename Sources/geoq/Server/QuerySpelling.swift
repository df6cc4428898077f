import Geo

/// The service's side of the quantities' declarations: the query parameter (or body member,
/// or path segment) that carries each (`Quantity.declaration.field`). The routes read
/// parameters by it and errors are written with it, so a client is always told the name it sent.
enum QuerySpelling {
    static func name(of quantity: Quantity) -> String { quantity.declaration.field }

    /// A library error as the service says it.
    static func message(_ error: GeoError) -> String {
        error.description(naming: name(of:))
    }
}
