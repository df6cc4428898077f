import Foundation
import Geo

/// `geoq complete --interactive`: a search box on the terminal. The terminal is put in raw
/// mode (no echo, no line buffering) so every keystroke re-runs the completion; it is
/// restored on exit (Enter, Esc, Ctrl-C or Ctrl-D).
struct InteractiveCompletion {
    let engine: QueryEngine
    let near: GeoPoint?
    let limit: Int
    let kinds: Set<Place.Kind>?

    func run() throws {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            throw RunFailure(message: "cannot read the terminal settings of standard input")
        }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
            throw RunFailure(message: "cannot switch the terminal to raw mode")
        }
        defer {
            var restore = original
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &restore)
            write("\n")
        }

        var typed: [UInt8] = []
        redraw(typed)
        while true {
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1 else { return }
            switch byte {
            case 0x03, 0x04, 0x0d, 0x0a: return  // Ctrl-C, Ctrl-D, Enter
            case 0x1b:  // Esc, or the start of an arrow key
                if !skipEscapeSequence() { return }
            case 0x7f, 0x08:  // Backspace: drop one character
                var text = String(decoding: typed, as: UTF8.self)
                if !text.isEmpty { text.removeLast() }
                typed = Array(text.utf8)
            case 0x15: typed.removeAll()  // Ctrl-U
            case 0x00..<0x20: continue  // other control keys: ignored
            default: typed.append(byte)
            }
            redraw(typed)
        }
    }

    /// Consumes the rest of an escape sequence if one follows at once; false for a lone Esc.
    private func skipEscapeSequence() -> Bool {
        var pollSet = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&pollSet, 1, 30) > 0 else { return false }
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 {
            if (0x40...0x7e).contains(byte) && byte != UInt8(ascii: "[") { break }
        }
        return true
    }

    private func redraw(_ typed: [UInt8]) {
        // Wait for a whole UTF-8 character before searching.
        guard let query = String(validating: typed, as: UTF8.self) else { return }
        var screen = "\u{1b}[H\u{1b}[2J"
        screen += "geoq complete (Enter/Esc to quit)\r\n> \(query)\r\n\r\n"
        do {
            let results = try engine.complete(query: query, near: near, limit: limit, kinds: kinds).map(\.completion)
            let body = query.isEmpty ? "" : CompletionFormatter.text(query: query, results: results, emphasis: true)
            screen += body.replacingOccurrences(of: "\n", with: "\r\n")
        } catch let error as GeoError {
            screen += ArgumentSpelling.message(error)
        } catch {
            screen += "\(error)"
        }
        screen += "\u{1b}[2;\(3 + query.count)H"
        write(screen)
    }

    private func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}
