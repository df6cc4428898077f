import Foundation
import Geo
import Synchronization

/// Where the CLI writes what is not its answer.
enum Terminal {
    static let stderrIsTTY = isatty(STDERR_FILENO) != 0

    /// A line on stderr, prefixed with the program name.
    static func notice(_ message: String) {
        FileHandle.standardError.write(Data("geoq: \(message)\n".utf8))
    }

    /// Progress on stderr, only when it is a terminal; redrawn in place at most ~10 times a second.
    static func progressHandler() -> ProgressHandler? {
        guard stderrIsTTY else { return nil }
        let state = ProgressState()
        return { label, fraction in state.draw(label: label, fraction: fraction) }
    }

    private final class ProgressState: Sendable {
        private struct Drawn {
            var time = Date.distantPast
            var label = ""
        }

        private let lastDrawn = Mutex(Drawn())

        func draw(label: String, fraction: Double) {
            lastDrawn.withLock { last in draw(label: label, fraction: fraction, last: &last) }
        }

        private func draw(label: String, fraction: Double, last: inout Drawn) {
            let now = Date()
            let done = fraction >= 1
            guard done || label != last.label || now.timeIntervalSince(last.time) > 0.1 else { return }
            last = Drawn(time: now, label: label)
            let percent = Int((min(max(fraction, 0), 1) * 100).rounded())
            var line = "\r\u{1B}[K\(label) \(percent)%"
            if done { line += "\r\u{1B}[K" }
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
}
