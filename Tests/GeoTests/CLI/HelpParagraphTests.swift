import ArgumentParser
import Foundation
import Testing
@testable import geoq

/// Help is written in paragraphs that ArgumentParser wraps to the terminal: no sentence of a
/// command's discussion is broken by a newline in the source, and no example is so long that an
/// 80-column terminal breaks it.
@Suite struct HelpParagraphTests {
    /// Every command under `root`, itself first.
    static func commands(under root: ParsableCommand.Type) -> [ParsableCommand.Type] {
        [root] + root.configuration.subcommands.flatMap { commands(under: $0) }
    }

    @Test func everyProseLineOfADiscussionEndsAParagraph() {
        for command in Self.commands(under: GeoqCommand.self) {
            for line in command.configuration.discussion.split(separator: "\n") where !line.hasPrefix(" ") {
                // A paragraph ends a sentence or opens a list of examples.
                #expect(
                    [".", ":", "?", ")"].contains(line.last.map(String.init) ?? "."),
                    "\(command.configuration.commandName ?? "geoq"): a sentence broken by a newline after \"\(line.suffix(30))\"")
            }
        }
    }

    @Test func everyExampleFitsAnEightyColumnTerminal() {
        for command in Self.commands(under: GeoqCommand.self) {
            for line in command.configuration.discussion.split(separator: "\n") where line.hasPrefix("  ") {
                #expect(line.count <= 80, "\(command.configuration.commandName ?? "geoq"): \(line.count) columns: \(line)")
            }
        }
    }
}
