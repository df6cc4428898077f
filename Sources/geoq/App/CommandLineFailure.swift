import Geo

/// An error of geoq's own as the command line reports it: one line on stderr after "geoq: ",
/// and its exit status. The one place each error type gets its status: 2 for a mistake in how
/// geoq was called, 1 for a problem with the data (a library error's by its kind, `ErrorDoor`). ArgumentParser's own errors keep its format.
protocol CommandLineFailure: Error {
    /// The line printed after "geoq: ".
    var terminalLine: String { get }
    /// 2 for a usage mistake, 1 for a data problem.
    var exitStatus: Int32 { get }
}

extension GeoError: CommandLineFailure {
    var terminalLine: String { ArgumentSpelling.message(self) }
    var exitStatus: Int32 { ErrorDoor(kind).exitStatus }
}

extension SettingError: CommandLineFailure {
    var terminalLine: String { description }
    var exitStatus: Int32 { 2 }
}

extension RunFailure: CommandLineFailure {
    var terminalLine: String { message }
    var exitStatus: Int32 { 1 }
}

extension PlacesFileLocator.NotFound: CommandLineFailure {
    var terminalLine: String { description }
    var exitStatus: Int32 { 1 }
}

extension TiledWorkFolder.MissingStage: CommandLineFailure {
    /// A data problem of the work folder: run the stage it names first.
    var terminalLine: String { description }
    var exitStatus: Int32 { 1 }
}
