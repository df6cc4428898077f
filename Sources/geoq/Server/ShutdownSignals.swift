import Foundation
import ServiceLifecycle
import UnixSignals

/// How `geoq serve` stops on SIGINT or SIGTERM.
///
/// The first signal starts a graceful shutdown: the listener closes, requests in flight go on
/// to the end of their answers. A client that stops reading a large answer could hold that
/// open for ever, so after `gracePeriod` the connections still open are closed and geoq exits
/// with status 1. A second signal does that at once.
struct ShutdownSignals {
    /// How long requests in flight may take to finish once a signal has arrived.
    let gracePeriod: Duration

    /// Runs `group` until it ends, shutting it down as described above.
    func run(_ group: ServiceGroup) async throws {
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            tasks.addTask {
                var received = 0
                for await signal in await UnixSignalsSequence(trapping: .sigterm, .sigint) {
                    received += 1
                    if received > 1 {
                        Self.stopNow("\(signal) again: stopping at once, closing the connections still open")
                    }
                    let seconds = gracePeriod.components.seconds
                    Terminal.notice("\(signal): stopping; requests in flight have \(seconds) s to finish (send the signal again to stop at once)")
                    await group.triggerGracefulShutdown()
                    DispatchQueue.global().asyncAfter(deadline: .now() + Self.seconds(gracePeriod)) {
                        Self.stopNow("the \(seconds) s grace period is over: closing the connections still open")
                    }
                }
            }
            // The service group ends once every request has finished; the signal watcher with it.
            try await tasks.next()
            tasks.cancelAll()
        }
    }

    /// Ends the process: the kernel closes every connection.
    private static func stopNow(_ reason: String) -> Never {
        Terminal.notice(reason)
        BatchedLogHandler.flush()
        fflush(nil)  // every C stream, standard output among them (naming `stdout` is a shared global in Swift 6)
        _exit(1)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
