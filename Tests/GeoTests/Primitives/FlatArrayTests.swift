@testable import Geo
import Testing

/// Out-of-range reads: a bug traps in test builds; damage in a file's bytes reads the first value.
@Suite struct FlatArrayTests {
    @Test func outOfRangeReadOfAnArrayBuiltInMemoryTraps() async {
        await #expect(processExitsWith: .failure) {
            let array = FlatArray([10, 20, 30] as [Int32])
            _ = array[3]
        }
        await #expect(processExitsWith: .failure) {
            let slice = FlatArray([10, 20, 30, 40] as [Int32]).clamped(1, 3)
            _ = slice[-1]
        }
    }

    @Test func outOfRangeReadOfAFilesBytesReadsTheStoragesFirstValue() {
        let values: [Int32] = [10, 20, 30, 40]
        let storage = values.withUnsafeBytes { FlatStorage(copying: $0) }
        let overFile = FlatArray<Int32>(storage: storage, byteOffset: 4, count: 2)
        #expect(Array(overFile) == [20, 30])
        #expect(overFile[2] == 10)
        #expect(overFile[-1] == 10)
        #expect(overFile.clamped(1, 9)[5] == 10)
    }
}
