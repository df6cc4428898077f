import ArgumentParser
import Foundation

/// Raw bytes of the command line and standard input. Swift repairs invalid UTF-8 in
/// `CommandLine.arguments` silently, so the raw `argv` is checked first.
enum ArgumentBytes {
    static func requireValidUTF8() throws {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                count: strlen(pointer))
            if String(validating: bytes, as: UTF8.self) == nil {
                var decoder = UTF8()
                var iterator = bytes.makeIterator()
                var offset = 0
                while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
                throw ValidationError("argument \(index) is not valid UTF-8 at byte \(offset + 1) (expected UTF-8 text)")
            }
        }
    }

    /// Standard input split into lines (without line breaks).
    static func standardInputLines() -> [[UInt8]] {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        var lines = [UInt8](data).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Array($0) }
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0.last == UInt8(ascii: "\r") ? Array($0.dropLast()) : $0 }
    }
}
