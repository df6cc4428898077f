import Foundation

/// Whether an on-demand entry's source could not be reached, and when it is asked again.
struct OfflineState: Sendable {
    /// Since when the source has not answered; nil while it answers (or has not been asked).
    var since: Date?
    /// When the source may be asked again, in the background.
    var nextCheck = Date.distantPast
    /// Whether a check runs now.
    var checking = false
    /// Whether it was said that the source could not be reached (it is said once).
    var said = false
}

extension OnDemandFineModels {
    /// Asks the source whether it answers (`OnDemandElevationSource.checkReachable`), within a
    /// few seconds, and says so in one line (`notice`): where it answers, or that it could not be
    /// reached and that `loadedModels` answer instead, the line a point's failure says
    /// (`recordUnreachable`), said once; points then answer from the models loaded at start
    /// without asking it until a check in the background finds it again (`isOffline`). Nothing
    /// is said of a local source. The service calls it once at start, on a thread of its own
    /// (docs/service.md).
    public func checkReachability(loadedModels: String) {
        do {
            guard let location = try source.checkReachable() else { return }
            notice("\(source.name) can be reached at \(location); points are answered from its tiles (\(summary))")
        } catch {
            recordUnreachable(error as? GeoError ?? .unreachable(source: source.name, message: "\(error)"), instead: loadedModels)
        }
    }

    /// Whether the source could not be reached and has not answered a check since: points then
    /// answer from the models loaded at start without asking it, and wait for nothing. Asked
    /// `offlineInterval` or more after the last check, it starts another, on a thread of its
    /// own (`recheck()`), whose answer lets later questions use the source again; where points
    /// wait for downloads (the command line), the next question asks the source instead. O(1).
    public var isOffline: Bool {
        let (isOffline, check) = offline.withLock { state -> (Bool, Bool) in
            guard state.since != nil else { return (false, false) }
            guard !state.checking, Date() >= state.nextCheck else { return (true, false) }
            // The command line waits for its questions anyway, and must leave no thread of GDAL
            // work behind at exit: its next question asks the source itself.
            if pointsWaitForDownloads {
                state.since = nil
                return (false, false)
            }
            state.checking = true
            return (true, true)
        }
        if check {
            let thread = Thread { [self] in recheck() }
            thread.name = "geoq-reachability-recheck"
            thread.start()
        }
        return isOffline
    }

    public var isCheckingReachability: Bool {
        offline.withLock { $0.checking }
    }

    /// Asks the source whether it answers again; says so in one line when it does, else asks
    /// again `offlineInterval` later at the earliest. Blocks for the check's few seconds.
    func recheck() {
        var location: String? = nil, answered = true
        do {
            location = try source.checkReachable()
        } catch {
            answered = false
        }
        offline.withLock { state in
            state.checking = false
            if answered { state.since = nil } else { state.nextCheck = Date().addingTimeInterval(Self.offlineInterval) }
        }
        if answered {
            notice("\(source.name) can be reached again\(location.map { " at \($0)" } ?? ""); points are answered from its tiles (\(summary))")
        }
    }

    /// Records that `error` kept a point from its tile, and says so the first time, naming what
    /// answered instead (`answeredBy`). O(1).
    public func recordUnreachable(_ error: GeoError, answeredBy: FloodModelSource?) {
        recordUnreachable(error, instead: answeredBy.map { "\($0.model), \($0.cellSizeText) cells" } ?? Self.modelsLoadedAtStart)
    }

    /// What answers while the source cannot be reached, in words.
    public static var modelsLoadedAtStart: String { "the models loaded at start" }

    public func unreachableNote(answeredBy: FloodModelSource?) -> String {
        "\(source.name) could not be reached; answered from "
            + (answeredBy.map { "\($0.model), \($0.cellSizeText) cells" } ?? "the models loaded at start")
    }

    /// `recordUnreachable(_:answeredBy:)`, what answers instead named in words.
    func recordUnreachable(_ error: GeoError, instead: String) {
        let firstTime = offline.withLock { state -> Bool in
            let said = state.said
            state.since = state.since ?? Date()
            if !state.checking { state.nextCheck = Date().addingTimeInterval(Self.offlineInterval) }
            state.said = true
            return !said
        }
        guard firstTime else { return }
        // The command line says it in a few words (each answer's note names its model); the
        // service's log keeps why, and when it asks again.
        if pointsWaitForDownloads, case let .unreachable(_, message) = error, message.hasPrefix(CopernicusFetcher.noAnswer) {
            notice("\(source.name) could not be reached; answering from \(Self.modelsLoadedAtStart)")
        } else if pointsWaitForDownloads {
            // It answered, wrongly (a list cut short, a tile that is not one): why is said.
            notice("\(source.name) could not be used (\(error)); answering from \(Self.modelsLoadedAtStart)")
        } else {
            notice(
                "\(source.name) could not be reached (\(error)); points are answered from \(instead) instead, "
                    + "and it is asked again every \(Int(Self.offlineInterval)) s")
        }
    }
}
