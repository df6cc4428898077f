import DequeModule
import Foundation
import NIOCore

/// Recent answers by request, for routes whose answers depend only on their parameters (the
/// engine's indexes never change while the service runs). A search box sends the same short
/// prefixes over and over ("p", "pa", "par"), so most completion requests are answered
/// from here without searching or encoding again.
///
/// Bounded by the bytes of its answers and keys (`byteLimit`; 0 keeps nothing), evicted
/// oldest first, so no sequence of requests can make it grow past its limit. Safe from any
/// thread.
final class AnswerCache: @unchecked Sendable {
    let byteLimit: Int
    private var answers: [String: ByteBuffer] = [:]
    private var order: Deque<String> = []
    private var bytes = 0
    private let lock = NSLock()

    init(byteLimit: Int) {
        self.byteLimit = max(0, byteLimit)
    }

    /// The cached answer for `key`, or `make()`'s, which is then kept if it fits.
    func answer(for key: String, make: () throws -> ByteBuffer) rethrows -> ByteBuffer {
        guard byteLimit > 0 else { return try make() }
        lock.lock()
        if let cached = answers[key] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let made = try make()
        let size = Self.size(key, made)
        guard size <= byteLimit else { return made }
        lock.lock()
        defer { lock.unlock() }
        guard answers.updateValue(made, forKey: key) == nil else { return made }
        order.append(key)
        bytes += size
        while bytes > byteLimit, let oldest = order.popFirst() {
            if let evicted = answers.removeValue(forKey: oldest) { bytes -= Self.size(oldest, evicted) }
        }
        return made
    }

    /// How many answers are kept now, and their bytes.
    var usage: (count: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (answers.count, bytes)
    }

    private static func size(_ key: String, _ answer: ByteBuffer) -> Int {
        key.utf8.count + answer.readableBytes
    }
}
