import DequeModule
import Foundation
import NIOCore
import Synchronization

/// Recent answers by request, for routes whose answers depend only on their parameters (the
/// engine's indexes never change while the service runs). A search box sends the same short
/// prefixes over and over ("p", "pa", "par"), so most completion requests are answered
/// from here without searching or encoding again.
///
/// Keyed on the route's decoded query value: two requests that decode to the same parameters
/// share one entry, however they were spelled, and the query is decoded once, by Hummingbird.
///
/// Bounded by the memory its entries take (`byteLimit`; 0 keeps nothing): each answer's storage
/// and its key, plus `entryOverheadBytes` for what holds them. Evicted oldest first, so no
/// sequence of requests can make it grow past its limit, tiny answers included. Safe from any
/// thread.
final class AnswerCache<Key: AnswerCacheKey>: Sendable {
    let byteLimit: Int

    private struct Kept {
        var answers: [Key: ByteBuffer] = [:]
        var order: Deque<Key> = []
        var bytes = 0
    }

    private let kept = Mutex(Kept())

    init(byteLimit: Int) {
        self.byteLimit = max(0, byteLimit)
    }

    /// The cached answer for `key`, or `make()`'s, which is then kept if it fits. `make` runs
    /// outside the mutex, so a slow answer never holds up the others.
    func answer(for key: Key, make: () throws -> ByteBuffer) rethrows -> ByteBuffer {
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

    /// Memory each entry takes beside its key's and answer's bytes, measured by what holds them:
    /// the answer's storage object (NIO's header, ~64 bytes), the key's string object (32), two
    /// malloc headers (32), the dictionary slot (key 16 + buffer 24 bytes at up to twice the
    /// entries, 80), the eviction queue's copy of the key (16, doubled: 32), and allocator rounding
    /// (~80). Counting only the bytes of keys and answers lets tiny answers take several times the
    /// limit (docs/measurements.md).
    static var entryOverheadBytes: Int { 320 }

    /// What an entry costs against `byteLimit`.
    static func size(_ key: Key, _ answer: ByteBuffer) -> Int {
        key.heapBytes + 2 * max(0, MemoryLayout<Key>.stride - 16) + answer.capacity + entryOverheadBytes
    }
}

/// A cache key: hashable, and able to say how many bytes it keeps outside its own inline value
/// (a string's characters), which the cache counts against its limit.
protocol AnswerCacheKey: Hashable, Sendable {
    /// Bytes held on the heap beyond `MemoryLayout<Self>.stride`.
    var heapBytes: Int { get }
}

extension String: AnswerCacheKey {
    var heapBytes: Int { utf8.count }
}
