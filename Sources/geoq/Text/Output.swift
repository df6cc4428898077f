import Foundation
import Geo

/// Writing answers: stdout or an atomically written file; JSON in one house style.
enum Output {
    /// The `-o` value that means stdout.
    static let standardOutput = "-"

    /// Writes to stdout when `path` is nil or "-"; otherwise to the file, atomically when it is a
    /// regular file (see `AtomicFile`).
    static func emit(_ data: Data, to path: String?) throws {
        if let path, path != standardOutput {
            try AtomicFile.write(data, to: path)
        } else {
            FileHandle.standardOutput.write(data)
        }
    }

    /// Fails early, before long work, when `path` cannot be written ("-" always can), or when
    /// it is one of the files the command reads (`InputProtection`).
    static func checkWritable(_ path: String, notOverwriting inputs: [String]) throws {
        guard path != standardOutput else { return }
        try AtomicFile.checkWritable(path)
        try InputProtection.check(output: path, inputs: inputs)
    }
}
