import Dispatch
import Synchronization

/// Runs `body(0) … body(count − 1)` on as many threads as the machine offers and returns
/// the results in order: the one way geoq splits a build across cores.
func concurrentMap<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
    let results = Mutex<[Result?]>(Array(repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
        let result = body(index)
        results.withLock { $0[index] = result }
    }
    return results.withLock { $0.map { $0! } }
}

/// Runs two independent pieces of work at once and returns both results.
func concurrently<First: Sendable, Second: Sendable>(_ first: @Sendable () -> First, _ second: @Sendable () -> Second) -> (First, Second) {
    let firstResult = Mutex<First?>(nil), secondResult = Mutex<Second?>(nil)
    DispatchQueue.concurrentPerform(iterations: 2) { part in
        if part == 0 {
            let value = first()
            firstResult.withLock { $0 = value }
        } else {
            let value = second()
            secondResult.withLock { $0 = value }
        }
    }
    return (firstResult.withLock { $0! }, secondResult.withLock { $0! })
}
