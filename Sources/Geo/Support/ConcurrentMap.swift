import Foundation

/// Runs `body(0) … body(count − 1)` on as many threads as the machine offers and returns
/// the results in order: the one way geoq splits a build across cores.
func concurrentMap<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
    var results = [Result?](repeating: nil, count: count)
    let lock = NSLock()
    DispatchQueue.concurrentPerform(iterations: count) { index in
        let result = body(index)
        lock.lock(); results[index] = result; lock.unlock()
    }
    return results.map { $0! }
}

/// Runs two independent pieces of work at once and returns both results.
func concurrently<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
    var firstResult: First?
    var secondResult: Second?
    DispatchQueue.concurrentPerform(iterations: 2) { part in
        // Each closure writes only its own variable, and concurrentPerform returns after both.
        if part == 0 { firstResult = first() } else { secondResult = second() }
    }
    return (firstResult!, secondResult!)
}
