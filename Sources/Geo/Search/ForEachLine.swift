/// Calls `body` with each line of `bytes`: its 1-based number and its bytes without the
/// line break (LF or CRLF). The one line splitter of every gazetteer reader. O(n).
func forEachLine(_ bytes: [UInt8], _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
    try bytes.withUnsafeBufferPointer { buffer in
        var start = 0
        var number = 0
        while start < buffer.count {
            number += 1
            var end = start
            while end < buffer.count && buffer[end] != UInt8(ascii: "\n") { end += 1 }
            var contentEnd = end
            if contentEnd > start && buffer[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            try body(number, UnsafeBufferPointer(rebasing: buffer[start..<contentEnd]))
            start = end + 1
        }
    }
}
