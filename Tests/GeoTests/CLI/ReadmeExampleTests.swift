import Foundation
import Testing

/// The README's example outputs are what the build prints: each `console` block's commands
/// (`$ …`, run by the shell with the built geoq first on the PATH) print exactly the lines below
/// them. Read from the README itself, so that a change of figures is a change of its text.
/// Points answer from the shipped files (`on_demand` none), as the README says they do.
@Suite struct ReadmeExampleTests {
    struct Example: CustomStringConvertible {
        let command: String
        let expected: String
        var description: String { command }
    }

    /// Every `$ command` of the README's `console` blocks, with the lines it is shown printing.
    static let examples: [Example] = {
        let readme = (try? String(contentsOf: TestRasters.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var examples: [Example] = [], inConsole = false, command: String? = nil, lines: [String] = []
        func close() {
            if let command { examples.append(Example(command: command, expected: lines.map { $0 + "\n" }.joined())) }
            command = nil
            lines = []
        }
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if inConsole { close() }
                inConsole = line == "```console"
            } else if inConsole, line.hasPrefix("$ ") {
                close()
                command = String(line.dropFirst(2))
            } else if inConsole, command != nil, !(line.isEmpty && lines.isEmpty) {
                lines.append(line)
            }
        }
        // A blank line between two commands belongs to neither's output.
        return examples.map { Example(command: $0.command, expected: $0.expected.replacingOccurrences(of: "\n\n", with: "\n")) }
    }()

    @Test func theReadmeShowsExamples() {
        #expect(Self.examples.count >= 4, "\(Self.examples)")
    }

    @Test(.process, arguments: examples)
    func printsWhatTheReadmeShows(example: Example) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", example.command]
        var environment = GeoqProcess.environment(adding: ["GEOQ_ON_DEMAND": "none"])
        environment["PATH"] = GeoqProcess.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(example.command)")
        #expect(
            printed.replacingOccurrences(of: "\n\n", with: "\n") == example.expected,
            "\(example.command) printed:\n\(printed)\nthe README shows:\n\(example.expected)")
    }
}
