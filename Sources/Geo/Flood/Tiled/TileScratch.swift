import Foundation

/// Memory one worker thread reuses for every tile it fills or finishes.
///
/// A tile's buffers are hundreds of megabytes; allocated afresh per tile, each one costs a page
/// fault and a zeroed page per 4 KiB touched, much of the fill stage's time. Kept here they
/// are faulted in once per thread, on 2 MiB pages: the flood reaches cells in no spatial order,
/// and with 4 KiB pages nearly every reach would also miss the TLB.
final class TileScratch {
    /// What a buffer is for; each slot holds one buffer, grown when a larger tile needs it.
    enum Slot: Int, CaseIterable {
        case cells, queue, stack, bucketStarts, bucketEnds, samples, levels, elevations
    }

    private var regions: [UnsafeMutableRawPointer?] = Array(repeating: nil, count: Slot.allCases.count)
    private var sizes: [Int] = Array(repeating: 0, count: Slot.allCases.count)

    init() {}

    deinit {
        for region in regions { free(region) }
    }

    /// Room for `count` values of `type` in `slot`, uninitialized; valid until the next call
    /// for the same slot.
    func buffer<Value>(_ slot: Slot, count: Int, of type: Value.Type) throws -> UnsafeMutablePointer<Value> {
        let bytes = max(count, 1) * MemoryLayout<Value>.stride
        if sizes[slot.rawValue] < bytes {
            free(regions[slot.rawValue])
            regions[slot.rawValue] = nil
            sizes[slot.rawValue] = 0
            guard let (region, rounded) = HugePages.allocate(bytes: bytes) else {
                throw GeoError.internalFailure(.outOfMemory, "not enough memory for a tile's \(slot) (\((bytes + HugePages.size - 1) / HugePages.size * 2) MiB); use smaller tiles")
            }
            regions[slot.rawValue] = region
            sizes[slot.rawValue] = rounded
        }
        return regions[slot.rawValue]!.bindMemory(to: Value.self, capacity: max(count, 1))
    }
}
