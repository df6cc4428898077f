import Foundation
import NIOCore

/// Recent answers by request, for routes whose answers depend only on their parameters (the
/// engine's indexes never change while the service runs). A search box sends the same short
/// prefixes over and over ("p", "pa", "par"), so most completion requests are answered
/// from here without searching or encoding again.
///
/// Bounded by `capacity` entries, evicted oldest first (0 keeps nothing); safe from any thread.
final class AnswerCache: @unchecked Sendable {
    let capacity: Int
    private var answers: [String: ByteBuffer] = [:]
    private var order: [String] = []
    private var oldest = 0
    private let lock = NSLock()

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        answers.reserveCapacity(capacity)
        order.reserveCapacity(capacity)
    }

    /// The cached answer for `key`, or `make()`'s, which is then kept.
    func answer(for key: String, make: () throws -> ByteBuffer) rethrows -> ByteBuffer {
        guard capacity > 0 else { return try make() }
        lock.lock()
        if let cached = answers[key] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let made = try make()
        lock.lock()
        defer { lock.unlock() }
        guard answers.updateValue(made, forKey: key) == nil else { return made }
        if order.count < capacity {
            order.append(key)
        } else {
            answers.removeValue(forKey: order[oldest])
            order[oldest] = key
            oldest = (oldest + 1) % capacity
        }
        return made
    }

    /// How many answers are kept now.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return answers.count
    }
}
