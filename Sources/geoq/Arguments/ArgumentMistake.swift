import ArgumentParser
import Foundation

/// What ArgumentParser's first complaint hides: an option or subcommand geoq does not know, named
/// with the nearest one it does ("unknown option '--rsie'; did you mean '--rise'?"). ArgumentParser
/// validates a command before it looks for arguments it left over, so `flood --rsie 2` would be
/// told that the rise is missing; and a value that starts with a minus (`--limit -3`) is read as
/// an option, so the value's range is never said. Read from the commands' own declarations
/// (`ParsableCommand._dumpHelp()`), only once parsing has failed.
struct ArgumentMistake: Equatable {
    /// "unknown option '--rsie'; did you mean '--rise'?"
    let message: String

    /// The first word of `arguments` that no command of `root` declares where it stands: an
    /// option unknown to the command it is given to (and to its default subcommands), or a word
    /// where a subcommand is expected and no command takes a positional argument. Nil when every
    /// word is known. O(words × names).
    static func find(in arguments: [String], root: ParsableCommand.Type) -> ArgumentMistake? {
        guard let tree = CommandTree(root) else { return nil }
        var walk = Walk(tree: tree, arguments: arguments)
        return walk.run().mistake
    }

    /// `arguments` with each value that starts with a minus and follows an option that takes a
    /// value joined to it (`--limit -3` as `--limit=-3`), so that the option's own check says what
    /// it expects. Unchanged when there is none. O(words × names).
    static func joiningDashedValues(_ arguments: [String], root: ParsableCommand.Type) -> [String] {
        guard let tree = CommandTree(root) else { return arguments }
        var walk = Walk(tree: tree, arguments: arguments)
        return walk.run().joined
    }

    /// The nearest of `candidates` to `word` by edit distance (a swap of two neighbours counts
    /// once), if near enough to be a slip: at most 2 edits, and fewer than half the word's
    /// letters. O(candidates × word²).
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { (candidate: $0, distance: editDistance(Array(word.lowercased()), Array($0.lowercased()))) }
        guard let best = scored.min(by: { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }) else { return nil }
        return best.distance <= 2 && best.distance * 2 < max(word.count, 2) ? best.candidate : nil
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbouring letters. O(a × b).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }

    /// One pass over the words, command by command, as ArgumentParser descends.
    private struct Walk {
        let tree: CommandTree
        let arguments: [String]
        var joined: [String] = []
        var mistake: ArgumentMistake? = nil

        init(tree: CommandTree, arguments: [String]) {
            self.tree = tree
            self.arguments = arguments
        }

        mutating func run() -> (mistake: ArgumentMistake?, joined: [String]) {
            var command = tree
            var index = 0
            while index < arguments.count {
                let word = arguments[index]
                if word == "--" { joined += arguments[index...]; break }
                if word.hasPrefix("-"), word.count > 1, !Self.isNumber(word) {
                    let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
                    guard let (owner, argument) = command.option(named: name) else {
                        if CommandTree.builtInNames.contains(name) { joined.append(word); index += 1; continue }
                        let known = command.optionNamesAlongDefaults + ["--help"]
                        let suggestion = ArgumentMistake.nearest(to: name, in: known.filter { $0.hasPrefix("--") == name.hasPrefix("--") })
                        mistake = ArgumentMistake(message: "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
                        return (mistake, arguments)
                    }
                    command = owner
                    joined.append(word)
                    index += 1
                    guard argument.takesValue, !word.contains("="), index < arguments.count else { continue }
                    let value = arguments[index]
                    if value.hasPrefix("-"), Self.isNumber(value) {
                        joined[joined.count - 1] = name + "=" + value
                    } else {
                        joined.append(value)
                    }
                    index += 1
                    continue
                }
                // ArgumentParser's own `help SUBCOMMAND` says what it does not know.
                if word == "help", command.subcommand(named: word) == nil, !command.subcommands.isEmpty { return (nil, arguments) }
                if let subcommand = command.subcommand(named: word) {
                    command = subcommand
                } else if !command.takesPositional, let fallback = command.defaultSubcommand {
                    command = fallback
                    continue
                } else if !command.takesPositional, !command.subcommands.isEmpty {
                    let suggestion = ArgumentMistake.nearest(to: word, in: command.subcommands.flatMap { [$0.name] + $0.aliases })
                    mistake = ArgumentMistake(message: "unknown subcommand '\(word)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
                    return (mistake, arguments)
                }
                joined.append(word)
                index += 1
            }
            return (nil, joined)
        }

        /// "-3", "-0.5", "-1e3": a negative number, not an option.
        static func isNumber(_ word: String) -> Bool { Double(word) != nil }
    }
}

/// The commands geoq declares, as ArgumentParser describes them (`_dumpHelp()`).
private final class CommandTree {
    struct Argument {
        let names: [String]
        let takesValue: Bool
    }

    let name: String
    let aliases: [String]
    let subcommands: [CommandTree]
    let defaultSubcommandName: String?
    let arguments: [Argument]
    let takesPositional: Bool

    /// The words every command understands, which ArgumentParser adds itself.
    static let builtInNames: Set<String> = ["-h", "--help", "-help", "--version", "--experimental-dump-help", "--generate-completion-script"]

    convenience init?(_ root: ParsableCommand.Type) {
        guard let data = root._dumpHelp().data(using: .utf8),
            let dump = try? JSONDecoder().decode(Dump.self, from: data)
        else { return nil }
        self.init(dump.command)
    }

    private init(_ info: Dump.Command) {
        name = info.commandName
        aliases = info.aliases ?? []
        subcommands = (info.subcommands ?? []).map(CommandTree.init)
        defaultSubcommandName = info.defaultSubcommand
        let all = info.arguments ?? []
        arguments = all.filter { $0.kind != "positional" }.map { argument in
            Argument(
                names: (argument.names ?? []).map { ($0.kind == "short" ? "-" : $0.kind == "longWithSingleDash" ? "-" : "--") + $0.name },
                takesValue: argument.kind == "option")
        }
        takesPositional = all.contains { $0.kind == "positional" }
    }

    var defaultSubcommand: CommandTree? { defaultSubcommandName.flatMap { name in subcommands.first { $0.name == name } } }

    func subcommand(named word: String) -> CommandTree? {
        subcommands.first { $0.name == word || $0.aliases.contains(word) }
    }

    /// The option `name` and the command that declares it: this one, else its default
    /// subcommand's (ArgumentParser hands on what a command does not take).
    func option(named name: String) -> (CommandTree, Argument)? {
        if let argument = arguments.first(where: { $0.names.contains(name) }) { return (self, argument) }
        return defaultSubcommand?.option(named: name)
    }

    var optionNamesAlongDefaults: [String] {
        arguments.flatMap(\.names) + (defaultSubcommand?.optionNamesAlongDefaults ?? [])
    }

    /// The shape of ArgumentParser's JSON description (ArgumentParserToolInfo's `ToolInfoV0`).
    private struct Dump: Decodable {
        struct Name: Decodable { let kind: String; let name: String }
        struct Argument: Decodable { let kind: String; let names: [Name]? }
        struct Command: Decodable {
            let commandName: String
            let aliases: [String]?
            let defaultSubcommand: String?
            let subcommands: [Command]?
            let arguments: [Argument]?
        }
        let command: Command
    }
}
