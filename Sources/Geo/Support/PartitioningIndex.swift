extension RandomAccessCollection {
    /// The index of the first element for which `belongsInSecondPartition` is true, in a
    /// collection already partitioned by it (every element for which it is false comes first);
    /// `endIndex` when there is none. The one binary search of geoq, with the name and meaning
    /// of swift-algorithms' `partitioningIndex(where:)`. O(log n) calls of the predicate.
    func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try belongsInSecondPartition(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
