import Foundation
import Glibc
import Testing

/// Whole-output checks of what a built geoq wrote, as ArgumentParser's own example tests check
/// theirs (`AssertExecuteCommand`): the text equals the expected text exactly, so that any change
/// to a message fails the test that shows it.
enum WholeOutput {
    /// The first line where two texts part, numbered from 1, with both lines.
    static func firstDifference(_ actual: String, _ expected: String) -> String {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let index = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actualLines.count, expectedLines.count)
        let line = { (lines: [Substring]) in index < lines.count ? String(lines[index]).debugDescription : "(no such line)" }
        return "line \(index + 1): got \(line(actualLines)), expected \(line(expectedLines))"
    }

    /// The line of a tiled build (`index build --tiled`) with what varies from run to run
    /// masked: the workers (one a core), the seconds and the rate.
    static func maskingBuildFigures(_ text: String) -> String {
        text.replacing(#/\d+ workers/#, with: "N workers").replacing(#/\d+\.\d+ s\b/#, with: "T s")
            .replacing(#/\d+\.\d+ M cells\/s/#, with: "R M cells/s")
    }

    /// `value` as JSON with sorted keys: two answers compare as data, whatever the order of
    /// their keys or the spacing of their text.
    static func canonicalJSON(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]), as: UTF8.self)
    }
}

/// Expects `actual`, a whole text geoq wrote, to be `expected`, every character of it. On a
/// difference the issue names the first line that differs and gives the whole text got as a
/// string literal.
func expectWhole(
    _ actual: String, _ expected: String, _ comment: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    let context = comment()
    Issue.record(
        """
        \(context.isEmpty ? "" : context + ": ")not the whole text expected; \(WholeOutput.firstDifference(actual, expected))
        got:      \(actual.debugDescription)
        expected: \(expected.debugDescription)
        """, sourceLocation: sourceLocation)
}

/// Expects the JSON text `actual` to hold the same data as the JSON text `expected`, compared with
/// sorted keys.
func expectSameJSON(
    _ actual: Data, _ expected: String, _ comment: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let got = try WholeOutput.canonicalJSON(try JSONSerialization.jsonObject(with: actual, options: .fragmentsAllowed))
    guard let wanted = try? JSONSerialization.jsonObject(with: Data(expected.utf8), options: .fragmentsAllowed) else {
        Issue.record("the expected text is not JSON; got: \(got)", sourceLocation: sourceLocation)
        return
    }
    expectWhole(got, try WholeOutput.canonicalJSON(wanted), comment(), sourceLocation: sourceLocation)
}

extension FileHandle {
    /// What is written to this pipe or file until the text read so far holds `text`, the end
    /// of the stream comes, or `seconds` pass: a log line awaited with a deadline, never a
    /// fixed wait. The text read.
    func read(until text: String, within seconds: Double) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var read = Data()
        while !String(decoding: read, as: UTF8.self).contains(text) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { break }
            var poller = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000) + 1) > 0 else { break }
            let chunk = availableData
            if chunk.isEmpty { break }
            read.append(chunk)
        }
        return String(decoding: read, as: UTF8.self)
    }
}

extension LoopbackListener {
    /// A connection made to the listener within `seconds`, accepted (and then never answered),
    /// or nil: the sign that a client has begun to ask it.
    func accept(within seconds: Double) -> Int32? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) > 0 else { return nil }
        let connection = Glibc.accept(descriptor, nil, nil)
        return connection >= 0 ? connection : nil
    }

    /// Whether the client has closed `connection` (an accepted one), reading and dropping what
    /// it sent; waits for nothing.
    static func isClosedByClient(_ connection: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0 else { return false }
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { return true }
        }
    }
}
