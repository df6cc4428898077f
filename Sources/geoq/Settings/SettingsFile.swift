import Configuration
import Foundation
import Yams

/// The settings file `--config` names: YAML, or JSON (which YAML reads too), one flat mapping of
/// setting keys to values. Read and parsed once, and checked as a whole before any value is used:
/// its size (at most `maximumBytes`), that it is a mapping, that every key is a known setting
/// given once (YAML and JSON alike), and that every value is a scalar, or a list of scalars for a
/// list setting. A value of the wrong shape is named, never ignored.
struct SettingsFile {
    /// Larger files are refused before they are read: a settings file is a few lines.
    static let maximumBytes = 1 << 20

    let path: String
    /// Each key's value as text (a list's items joined by commas, as the environment writes them).
    let values: [String: String]

    init(path: String) throws {
        self.path = path
        let text = try Self.contents(of: path)
        if let line = Self.lineWithAnchorOrAlias(text) {
            throw SettingError(
                description: "\(path): line \(line) holds a YAML anchor or alias (&name, *name); expected each value written out (aliases of aliases take exponential time to read)"
            )
        }
        let root: Node?
        do {
            root = try Parser(yaml: text).singleRoot()
        } catch YamlError.duplicatedKeysInMapping(let duplicates, let context) {
            throw SettingError(
                description:
                    "\(path): \(duplicates.count == 1 ? "the key" : "the keys") \(duplicates.joined(separator: ", ")) \(duplicates.count == 1 ? "is" : "are") given more "
                    + "than once (first at line \(context.mark.line)); expected each setting once"
            )
        } catch {
            throw SettingError(description: "\(path): not a YAML or JSON object of settings (\(Self.oneLine(error, in: text)))")
        }
        let isJSON = path.hasSuffix(".json")
        // YAML reads JSON too; a .json file must still be a JSON object, not YAML's block form.
        let isObject = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }.first == "{"
        guard let mapping = root?.mapping, !isJSON || isObject else {
            throw SettingError(description: "\(path): not a YAML or JSON object of settings (\(isJSON ? "expected a JSON object" : "expected a mapping of keys to values"))")
        }
        let known = Setting.all.map(\.fileKey)
        // A misspelt key would otherwise be ignored without a word, and its default used.
        let keys = Array(mapping.keys.map { $0.string ?? "\($0)" })
        let unknown = (isJSON ? keys.sorted() : keys).filter { !known.contains($0) }
        if !unknown.isEmpty {
            let named = unknown.map { key in Self.nearest(to: key, among: known).map { "\(key) (did you mean \($0)?)" } ?? key }
            throw SettingError(
                description: "\(path): unknown setting\(unknown.count == 1 ? "" : "s") \(named.joined(separator: ", ")); expected only \(known.joined(separator: ", "))")
        }
        var values: [String: String] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.string, let setting = Setting.all.first(where: { $0.fileKey == key }) else { continue }
            if let text = try Self.text(of: value, for: setting, isJSON: isJSON, in: path) { values[key] = text }
        }
        self.values = values
    }

    /// A YAML reader's error in one line: where, what, and the line quoted, shortened and with
    /// control characters escaped. Yams' own message quotes the whole line, which in a file
    /// without line breaks (binary bytes, `/proc/self/environ`) is the whole file.
    static func oneLine(_ error: any Error, in text: String) -> String {
        let line: Int, column: Int, problem: String
        switch error as? YamlError {
        case let .scanner(context, what, mark, _)?, let .parser(context, what, mark, _)?, let .composer(context, what, mark, _)?:
            (line, column, problem) = (mark.line, mark.column, (context.map { $0.text + ": " } ?? "") + what)
        case let .reader(what, offset?, _, _)?:
            let before = text.utf8.prefix(offset)
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { before.index(after: $0) } ?? before.startIndex
            (line, column, problem) = (before.count { $0 == UInt8(ascii: "\n") } + 1, before[lineStart...].count + 1, what)
        default:
            return String(String(describing: error).prefix { $0 != "\n" }.prefix(200))
        }
        let quoted = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(line - 1).first.map { Self.shortened($0, around: column) } ?? ""
        return "line \(line), column \(column): \(problem): \(quoted)"
    }

    /// At most about 80 characters of `line` from a little before `column`, quoted, control and
    /// non-ASCII characters escaped.
    static func shortened(_ line: Substring, around column: Int) -> String {
        let characters = Array(line.unicodeScalars)
        let start = max(0, min(column - 20, characters.count - 40))
        var shown = "", end = start
        while end < characters.count && shown.count < 80 {
            let character = characters[end]
            shown += character.value >= 0x20 && character.value < 0x7F ? String(character) : character.escaped(asASCII: true)
            end += 1
        }
        return "\"" + (start > 0 ? "…" : "") + shown + (end < characters.count ? "…" : "") + "\""
    }

    /// The first line (1-based) holding a YAML anchor or alias outside quotes and comments: a
    /// `&` or `*` that starts a token and is followed by a name. O(characters).
    static func lineWithAnchorOrAlias(_ text: String) -> Int? {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var quote: Character? = nil
            var previous: Character = " "
            var characters = Array(line)
            characters.append(" ")
            for index in 0..<(characters.count - 1) {
                let character = characters[index]
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if character == "#" && (previous == " " || previous == "\t" || index == 0) {
                    break
                } else if (character == "&" || character == "*") && " \t[{,".contains(previous) {
                    let next = characters[index + 1]
                    if next.isLetter || next.isNumber || next == "_" || next == "-" { return number + 1 }
                }
                previous = character
            }
        }
        return nil
    }

    /// The file's values for swift-configuration, under the keys the other providers use.
    var provider: InMemoryProvider {
        InMemoryProvider(
            name: path,
            values: Dictionary(
                uniqueKeysWithValues: values.compactMap { key, text in
                    Setting.all.first { $0.fileKey == key }.map {
                        (AbsoluteConfigKey($0.environmentComponents), ConfigValue(.string(text), isSecret: false))
                    }
                }))
    }

    /// The text of a regular file of at most `maximumBytes`, opened without blocking (a FIFO
    /// named by mistake is refused, not waited on).
    private static func contents(of path: String) throws -> String {
        let cannotRead = SettingError(description: "\(path): cannot be read; expected a geoq.yaml or geoq.json of settings (--config)")
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw cannotRead }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw cannotRead }
        let tooLarge = SettingError(description: "\(path): \(status.st_size) bytes; expected a settings file of at most \(maximumBytes) bytes (1 MiB)")
        guard status.st_size <= maximumBytes else { throw tooLarge }
        // The file may have grown since: read one byte past the limit to tell.
        guard let data = try? handle.read(upToCount: maximumBytes + 1) ?? Data() else { throw cannotRead }
        guard data.count <= maximumBytes else { throw tooLarge }
        return String(decoding: data, as: UTF8.self)
    }

    /// A value of the file as text, nil for JSON's null (the setting is then not set there).
    /// - Throws: `SettingError` naming the file, the key and what was expected, for a mapping, or
    ///   a list where one value (or a list of scalars) is expected.
    private static func text(of node: Node, for setting: Setting, isJSON: Bool, in path: String) throws -> String? {
        func refused(_ shape: String) -> SettingError {
            let expected = setting.isList ? "a list of paths, or \(setting.expectation)" : setting.expectation
            return SettingError(description: "\(setting.fileKey) (file \(path)) holds \(shape); expected \(expected)")
        }
        switch node {
        case .scalar(let scalar):
            return isJSON ? jsonText(scalar) : scalar.string
        case .sequence(let sequence):
            guard setting.isList else { throw refused("a list") }
            let items = try sequence.map { item -> String in
                guard let scalar = item.scalar else { throw refused("a list holding \(item.mapping != nil ? "a mapping" : "a list")") }
                return scalar.string
            }
            return Setting.listText(items)
        case .mapping:
            throw refused("a mapping")
        case .alias:
            throw refused("an alias")
        }
    }

    /// A JSON scalar as JSON readers give it: null is no value, and a number is written as an
    /// integer when it is one ("5.0" reads 5).
    private static func jsonText(_ scalar: Node.Scalar) -> String? {
        guard scalar.style == .plain else { return scalar.string }
        if scalar.string == "null" { return nil }
        if scalar.string.first.map({ $0 == "-" || $0.isNumber }) == true, let number = Double(scalar.string), number.isFinite {
            if let integer = Int(exactly: number) { return String(integer) }
            return String(number)
        }
        return scalar.string
    }

    /// The known key closest to `key` (dashes read as underscores, case ignored), when it is
    /// within two edits.
    private static func nearest(to key: String, among known: [String]) -> String? {
        let wanted = Array(key.lowercased().replacingOccurrences(of: "-", with: "_"))
        func distance(_ other: [Character]) -> Int {
            var previous = Array(0...other.count)
            for (i, a) in wanted.enumerated() {
                var current = [i + 1]
                for (j, b) in other.enumerated() {
                    current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a == b ? 0 : 1)))
                }
                previous = current
            }
            return previous[other.count]
        }
        let scored = known.map { ($0, distance(Array($0))) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }
}
