import Foundation
import Synchronization

/// One load of an on-demand tile (download and nesting), which every question about the tile
/// waits for: synchronously (the command line) or asynchronously with a deadline (the service,
/// whose waiting holds no thread). It counts who waits, so that the load can stop when nobody
/// does any more.
final class TileLoad: Sendable {
    private struct State {
        var result: Result<OnDemandTileAnswer, any Error>?
        var waiting = 0
        var continuations: [UInt64: CheckedContinuation<OnDemandTileAnswer, any Error>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    /// How many wait for the load now.
    var waiting: Int { state.withLock { $0.waiting } }

    /// Counts the caller as waiting, until its `leave()`.
    func join() { state.withLock { $0.waiting += 1 } }

    func leave() { state.withLock { $0.waiting -= 1 } }

    /// Sets the result and wakes every waiter. Called once.
    func finish(_ result: Result<OnDemandTileAnswer, any Error>) {
        let continuations = state.withLock { state -> [CheckedContinuation<OnDemandTileAnswer, any Error>] in
            state.result = result
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.resume(with: result) }
        done.signal()
    }

    /// Blocks until the load is done.
    func wait() throws -> OnDemandTileAnswer {
        if let result = state.withLock({ $0.result }) { return try result.get() }
        done.wait()
        done.signal()  // for the next synchronous waiter
        return try state.withLock { $0.result! }.get()
    }

    /// Waits without blocking a thread, at most `timeout`.
    func wait(timeout: Duration, source: String) async throws -> OnDemandTileAnswer {
        let waiter = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            let continuation = state.withLock { $0.continuations.removeValue(forKey: waiter) }
            continuation?.resume(
                throwing: GeoError.unreachable(
                    source: CopernicusFetcher.redacted(source),
                    message: "did not arrive within \(timeout.components.seconds) s; "
                        + "the download goes on while someone asks for the tile (ask again in a moment)"))
        }
        defer { timer.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<OnDemandTileAnswer, any Error>? in
                if let result = state.result { return result }
                state.continuations[waiter] = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
