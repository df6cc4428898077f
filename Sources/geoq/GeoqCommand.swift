import ArgumentParser
import Foundation
import Geo
import NIOCore
import NIOPosix

/// The `geoq` command line: thin adapters over the `Geo` library.
@main
struct GeoqCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geoq",
        abstract: "Sea-level flooding, place search completion and map regions.",
        discussion: """
        Examples:
          geoq flood --rise 2
          geoq flood point --lat 31.5 --lon 35.5
          geoq complete "new yo"
        """,
        version: Geo.version,
        subcommands: [FloodCommand.self, DemCommand.self, IndexCommand.self, CompleteCommand.self, PlacesCommand.self, PostcodeCommand.self, RegionCommand.self, ServeCommand.self,
                      SettingsCommand.self]
    )

    /// Exit status 2 for usage mistakes, 1 for data problems, one line on stderr either way.
    static func main() async {
        if CommandLine.arguments.dropFirst().first == "serve" {
            // The service's handlers then run on the event-loop threads that do its I/O, not on
            // a second pool: no thread hop per request (this machine has two cores).
            NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        }
        do {
            var command = try parseAsRoot(FloodUsage.routingHelp(Array(CommandLine.arguments.dropFirst())))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as SettingError {
            Terminal.notice(error.description)
            Foundation.exit(2)
        } catch let error as GeoError {
            Terminal.notice(ArgumentSpelling.message(error))
            Foundation.exit(error.isUsageError ? 2 : 1)
        } catch let missing as TiledWorkFolder.MissingStage {
            // A data problem of the work folder: run the stage it names first.
            Terminal.notice(missing.description)
            Foundation.exit(1)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = FloodUsage.naming(fullMessage(for: error))
            // A command that has said its piece and only sets the status (`ExitCode(1)`) adds nothing.
            if message.isEmpty, error is ExitCode { Foundation.exit(code.rawValue) }
            FileHandle.standardError.write(Data((message.hasPrefix("Error:") || message.hasPrefix("Usage:") ? message : "geoq: " + message).utf8 + [10]))
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue == 0 ? 1 : code.rawValue)
        }
    }
}
