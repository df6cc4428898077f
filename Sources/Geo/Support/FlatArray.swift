/// A read-only array of fixed-width values in a `FlatStorage`: built in memory from a Swift
/// array, or pointing straight into a mapped index file, with no decoding either way.
///
/// Reads are checked. An index outside `0..<count` is a bug when the array was built in memory,
/// and traps in debug and test builds (as swift-collections does under its internal checks), so
/// a bug shows as a failed test rather than a plausible wrong answer. In an array over a file's
/// bytes it can also come from damage (indices stored in one array and used in another): there,
/// and in every release build, it reads the storage's first bytes instead, a wrong answer from a
/// damaged file, never a crash. The cost is the same compare as a Swift array's bounds check.
/// Slices are taken with `clamped(_:)`, which clamps likewise.
struct FlatArray<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
    let storage: FlatStorage
    private let base: UnsafeRawPointer
    let count: Int
    /// Built from a Swift array by our own code, not read from a file: an out-of-range read is a bug.
    private let isBuiltInMemory: Bool

    /// A copy of `array`. O(n).
    init(_ array: [Element]) {
        storage = array.withUnsafeBytes { FlatStorage(copying: $0) }
        base = storage.base
        count = array.count
        isBuiltInMemory = true
    }

    /// `count` values from `byteOffset` of `storage`; the caller has checked that they lie
    /// inside it and are aligned.
    init(storage: FlatStorage, byteOffset: Int, count: Int) {
        self.storage = storage
        base = storage.base + byteOffset
        self.count = count
        isBuiltInMemory = false
    }

    private init(storage: FlatStorage, base: UnsafeRawPointer, count: Int, isBuiltInMemory: Bool) {
        self.storage = storage
        self.base = base
        self.count = count
        self.isBuiltInMemory = isBuiltInMemory
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always)
    subscript(index: Int) -> Element {
        guard UInt(bitPattern: index) < UInt(bitPattern: count) else {
            #if DEBUG
                precondition(!isBuiltInMemory, "FlatArray: index \(index) out of range 0..<\(count)")
            #endif
            return storage.base.loadUnaligned(as: Element.self)
        }
        return base.loadUnaligned(fromByteOffset: index &* MemoryLayout<Element>.stride, as: Element.self)
    }

    /// The values from `lowerBound` up to `upperBound`, clamped to `0..<count` (empty when the
    /// bounds are reversed), as an array of their own (indices from 0). O(1).
    func clamped(_ lowerBound: Int, _ upperBound: Int) -> FlatArray {
        let lower = Swift.min(Swift.max(lowerBound, 0), count)
        let upper = Swift.min(Swift.max(upperBound, lower), count)
        return FlatArray(
            storage: storage, base: base + lower * MemoryLayout<Element>.stride, count: upper - lower,
            isBuiltInMemory: isBuiltInMemory)
    }

    /// The values' bytes, for writing them to a file.
    var rawBytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count * MemoryLayout<Element>.stride)
    }

    /// The values as a Swift array. O(n).
    var array: [Element] { Array(self) }
}

extension FlatArray: Equatable where Element: Equatable {
    static func == (a: FlatArray, b: FlatArray) -> Bool { a.elementsEqual(b) }
}

/// Strings in one byte array, found by offsets: `bytes[offsets[i] ..< offsets[i + 1]]` is
/// string i (UTF-8). What a persisted index keeps names and subtitles in. O(1) per look-up.
struct StringTable: Sendable {
    let offsets: FlatArray<UInt32>
    let bytes: FlatArray<UInt8>

    init(offsets: FlatArray<UInt32>, bytes: FlatArray<UInt8>) {
        self.offsets = offsets
        self.bytes = bytes
    }

    /// The table of `strings`, in order. O(total bytes).
    init<S: Sequence<String>>(_ strings: S) {
        var offsets: [UInt32] = [0]
        var bytes: [UInt8] = []
        for string in strings {
            bytes.append(contentsOf: string.utf8)
            offsets.append(UInt32(bytes.count))
        }
        self.init(offsets: FlatArray(offsets), bytes: FlatArray(bytes))
    }

    var count: Int { max(0, offsets.count - 1) }

    /// The bytes of string `index`.
    func utf8(_ index: Int) -> FlatArray<UInt8> {
        bytes.clamped(Int(offsets[index]), Int(offsets[index + 1]))
    }

    /// String `index` (invalid UTF-8, from a damaged file, is repaired, not trusted).
    func string(_ index: Int) -> String {
        let slice = utf8(index)
        return String(decoding: slice.rawBytes, as: UTF8.self)
    }

    subscript(index: Int) -> String { string(index) }
}
