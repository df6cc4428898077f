import ArgumentParser
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals

/// How `geoq serve` stops on SIGINT or SIGTERM: swift-service-lifecycle's graceful shutdown.
///
/// The first signal starts the service group's graceful shutdown: the listener closes, requests
/// in flight go on to the end of their answers. A client that stops reading a large answer could
/// hold that open for ever, so once `gracePeriod` is over the group cancels its services, which
/// closes the connections still open, and geoq exits with status 1. A second signal cancels the
/// group at once. Each step is said on stderr.
struct ShutdownSignals {
    /// How long requests in flight may take to finish once a signal has arrived.
    let gracePeriod: Duration

    /// The signals that stop the service.
    static let signals: [UnixSignal] = [.sigterm, .sigint]

    /// Runs `services` in a service group until it ends, shutting it down as described above;
    /// throws `ExitCode(1)` when the grace period or a second signal cut the shutdown short.
    func run(_ services: [any Service], logger: Logger) async throws {
        let shutdown = Shutdown()
        // The group shuts its services down last first: the notice, listed first, stops last.
        var configuration = ServiceGroupConfiguration(
            services: [GracePeriodNotice(shutdown: shutdown, gracePeriod: gracePeriod)] + services,
            gracefulShutdownSignals: Self.signals, logger: logger)
        configuration.maximumGracefulShutdownDuration = gracePeriod
        let group = ServiceGroup(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            tasks.addTask { await announceSignals(shutdown) }
            // The group ends once every request has finished, or the announcer after a second
            // signal: cancelling the group closes the connections still open.
            try await tasks.next()
            tasks.cancelAll()
        }
        if shutdown.wasCutShort { throw ExitCode(1) }
    }

    /// Says what each signal does; the group acts on the first itself, a second one cancels it.
    private func announceSignals(_ shutdown: Shutdown) async {
        var received = 0
        for await signal in await UnixSignalsSequence(trapping: Self.signals) {
            received += 1
            // The log lines gathered before the signal go out before what it says.
            BatchedLogHandler.flush()
            if received == 1 {
                shutdown.signalled()
                Terminal.notice("\(signal): stopping; requests in flight have \(gracePeriod.components.seconds) s to finish (send the signal again to stop at once)")
            } else {
                shutdown.cutShort()
                Terminal.notice("\(signal) again: stopping at once, closing the connections still open")
                return
            }
        }
    }
}

/// What has happened to the shutdown, shared by the signal announcer, the notice and `run`.
private final class Shutdown: Sendable {
    private struct State { var signalled = false, cutShort = false }
    private let state = Mutex(State())

    func signalled() { state.withLock { $0.signalled = true } }

    /// Records that the shutdown was cut short; false when it was already, or no signal came.
    @discardableResult func cutShort() -> Bool {
        state.withLock { state in
            guard state.signalled, !state.cutShort else { return false }
            state.cutShort = true
            return true
        }
    }

    var wasCutShort: Bool { state.withLock { $0.cutShort } }
}

/// Says so when the grace period is over. Listed first, it is the last service the group asks
/// to stop gracefully, once the others have; when the grace period runs out the group cancels it
/// before that, together with the server.
private struct GracePeriodNotice: Service {
    let shutdown: Shutdown
    let gracePeriod: Duration

    func run() async {
        do {
            try await gracefulShutdown()
        } catch {
            if shutdown.cutShort() {
                Terminal.notice("the \(gracePeriod.components.seconds) s grace period is over: closing the connections still open")
            }
        }
    }
}
