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
        subcommands: [
            FloodCommand.self, DemCommand.self, IndexCommand.self, CacheCommand.self, CompleteCommand.self, PlacesCommand.self,
            PostcodeCommand.self, ProjectionsCommand.self, RegionCommand.self, ServeCommand.self,
            SettingsCommand.self
        ]
    )

    /// Exit status 2 for usage mistakes, 1 for data problems, one line on stderr either way.
    static func main() async {
        if CommandLine.arguments.dropFirst().first == "serve" {
            // A client that resets its connection while an answer is written makes that write
            // fail with EPIPE; by default the kernel's SIGPIPE would end the service with it.
            // Ignored before any thread starts, so that libcurl, which ignores and restores
            // SIGPIPE around its calls, restores "ignored". Commands keep the default, which
            // ends `geoq … | head` quietly.
            signal(SIGPIPE, SIG_IGN)
            // The service's handlers then run on the event-loop threads that do its I/O, not on
            // a second pool: no thread hop per request (this machine has two cores).
            NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        }
        let arguments = FloodUsage.routingHelp(Array(CommandLine.arguments.dropFirst()))
        do {
            var command = try parseNamingMistakes(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as any CommandLineFailure {
            Terminal.notice(failure.terminalLine)
            Foundation.exit(failure.exitStatus)
        } catch {
            // ArgumentParser's own: help (status 0), a usage mistake in its format ("Error: …"
            // and the usage, status 2), or a command's `ExitCode` after it has said its piece.
            let code = exitCode(for: (error as? NamedMistake)?.parserError ?? error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = FloodUsage.naming(usageMessage(for: error))
            if message.isEmpty, error is ExitCode { Foundation.exit(code.rawValue) }
            if code == .validationFailure {
                FileHandle.standardError.write(Data(message.utf8 + [10]))
                Foundation.exit(2)
            }
            // Any other error: one line, status 1.
            Terminal.notice(message)
            Foundation.exit(code.rawValue == 0 ? 1 : code.rawValue)
        }
    }

    /// ArgumentParser's parse of `arguments`; where it fails, the unknown word named first
    /// (`ArgumentMistake`), else the parse again with dashed values joined to their options, so
    /// that `--limit -3` is told the limit's range.
    static func parseNamingMistakes(_ arguments: [String]) throws -> any ParsableCommand {
        do {
            return try parseAsRoot(arguments)
        } catch  where exitCode(for: error) != .success {
            if let mistake = ArgumentMistake.find(in: arguments, root: Self.self) { throw NamedMistake(mistake: mistake, parserError: error) }
            let joined = ArgumentMistake.joiningDashedValues(arguments, root: Self.self)
            guard joined != arguments else { throw error }
            return try parseAsRoot(joined)
        }
    }

    /// An unknown word found after ArgumentParser failed, with the error it reported.
    struct NamedMistake: Error {
        let mistake: ArgumentMistake
        let parserError: any Error
    }

    /// ArgumentParser's message for `error`; for a named mistake, its line in place of the
    /// parser's first one, above the same usage.
    static func usageMessage(for error: any Error) -> String {
        guard let named = error as? NamedMistake else { return fullMessage(for: error) }
        let lines = fullMessage(for: named.parserError).split(separator: "\n", omittingEmptySubsequences: false)
        return (["Error: " + named.mistake.message] + lines.drop { !$0.hasPrefix("Usage:") }).joined(separator: "\n")
    }
}
