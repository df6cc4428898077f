import Foundation
import Synchronization

/// The background loads of on-demand tiles that maps ask for: at most `concurrentLoads` run at
/// once, whichever requests asked; the others wait in a queue of at most `pendingLimit`, the
/// most recently asked first (the tiles in view now), the oldest dropped when it is full (a map
/// tile drawn without them is not final, so it is asked for again). A tile asked for while its
/// load runs or waits is not queued twice. Safe from any thread; O(pending) a request.
final class OnDemandLoadQueue<Key: Hashable & Sendable>: Sendable {
    /// Loads under way at once: each may download a tile and nest it with its context, which
    /// takes a core and up to a few hundred MB (docs/elevation-stack.md).
    static var concurrentLoads: Int { 2 }
    /// Loads waiting at most.
    static var pendingLimit: Int { 16 }

    private struct State: Sendable {
        var running: Set<Key> = []
        var pending: [(key: Key, run: @Sendable () -> Void)] = []
    }

    private let state = Mutex(State())

    init() {}

    /// Whether no load runs or waits (for tests, which wait for the loads' end). O(1).
    var isIdle: Bool {
        state.withLock { $0.running.isEmpty && $0.pending.isEmpty }
    }

    /// Runs `load` for `key` in the background, on a thread of its own (a load blocks: it must
    /// never hold a thread of Swift's cooperative pool, which the service's requests share), now
    /// or once a running load ends; nothing when `key`'s load runs or waits already. Returns at
    /// once.
    func request(_ key: Key, load: @escaping @Sendable () -> Void) {
        let start = state.withLock { state -> Bool in
            guard !state.running.contains(key), !state.pending.contains(where: { $0.key == key }) else { return false }
            if state.running.count < Self.concurrentLoads {
                state.running.insert(key)
                return true
            }
            state.pending.append((key, load))
            if state.pending.count > Self.pendingLimit { state.pending.removeFirst() }
            return false
        }
        if start { run(key, load) }
    }

    private func run(_ key: Key, _ load: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            load()
            let next = state.withLock { state -> (key: Key, run: @Sendable () -> Void)? in
                state.running.remove(key)
                guard let next = state.pending.popLast() else { return nil }
                state.running.insert(next.key)
                return next
            }
            if let next { run(next.key, next.run) }
        }
        thread.name = "geoq-map-load"
        thread.start()
    }
}
