import DequeModule
import Foundation
import NIOCore
import Synchronization

/// Recent answers by request, for routes whose answers depend only on their parameters (the
/// engine's indexes never change while the service runs). A search box sends the same short
/// prefixes over and over ("p", "pa", "par"), so most completion requests are answered
/// from here without searching or encoding again.
///
/// Bounded by the bytes of its answers and keys (`byteLimit`; 0 keeps nothing), evicted
/// oldest first, so no sequence of requests can make it grow past its limit. Safe from any
/// thread.
final class AnswerCache: Sendable {
    let byteLimit: Int

    private struct Kept {
        var answers: [String: ByteBuffer] = [:]
        var order: Deque<String> = []
        var bytes = 0
    }

    private let kept = Mutex(Kept())

    init(byteLimit: Int) {
        self.byteLimit = max(0, byteLimit)
    }

    /// The cached answer for `key`, or `make()`'s, which is then kept if it fits. `make` runs
    /// outside the mutex, so a slow answer never holds up the others.
    func answer(for key: String, make: () throws -> ByteBuffer) rethrows -> ByteBuffer {
        guard byteLimit > 0 else { return try make() }
        if let cached = kept.withLock({ $0.answers[key] }) { return cached }
        let made = try make()
        let size = Self.size(key, made)
        guard size <= byteLimit else { return made }
        kept.withLock { kept in
            guard kept.answers.updateValue(made, forKey: key) == nil else { return }
            kept.order.append(key)
            kept.bytes += size
            while kept.bytes > byteLimit, let oldest = kept.order.popFirst() {
                if let evicted = kept.answers.removeValue(forKey: oldest) { kept.bytes -= Self.size(oldest, evicted) }
            }
        }
        return made
    }

    /// How many answers are kept now, and their bytes.
    var usage: (count: Int, bytes: Int) {
        kept.withLock { ($0.answers.count, $0.bytes) }
    }

    private static func size(_ key: String, _ answer: ByteBuffer) -> Int {
        key.utf8.count + answer.readableBytes
    }
}
