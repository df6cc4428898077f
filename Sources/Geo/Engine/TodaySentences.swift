import Synchronization

/// The two sentences of a place's answer at today's sea level (how it floods, how sure that
/// is), kept once written. A search box asks for the same places on every keystroke ("h",
/// "ha", "ham" each list Hamburg), and writing the sentences anew for each would add much to
/// finding the places (docs/measurements.md). They depend only on the place and the
/// loaded models, which an engine never changes. At most `capacity` places are kept; when
/// full, the memo starts again empty.
final class TodaySentences: Sendable {
    struct Sentences: Sendable, Equatable {
        let flooding: String
        let confidence: AnswerConfidence
    }

    /// How many places are kept before the memo empties (its memory: docs/measurements.md).
    let capacity: Int
    private let kept = Mutex<[Int32: Sentences]>([:])

    init(capacity: Int = 65_536) { self.capacity = capacity }

    /// The sentences of place `index`, written by `write` the first time they are asked for.
    /// O(1) expected.
    func sentences(of index: Int, write: () -> Sentences) -> Sentences {
        if let known = kept.withLock({ $0[Int32(index)] }) { return known }
        let written = write()
        kept.withLock { kept in
            if kept.count >= capacity { kept.removeAll(keepingCapacity: true) }
            kept[Int32(index)] = written
        }
        return written
    }

    /// How many places are kept now.
    var count: Int { kept.withLock { $0.count } }
}
