import NIOCore

/// Holds back a connection's close until the answers already written have reached the socket.
///
/// On graceful shutdown the HTTP server closes each connection right after the end of its
/// last response is written, and a channel close discards writes still queued in user space:
/// an answer larger than the socket buffers (a big PNG) was cut off. Sitting between the HTTP
/// encoder and the connection's state handler, this handler counts writes in flight and lets
/// the close through once they are all done, or after `patience` if the client stops reading.
final class FlushBeforeCloseHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = Any
    typealias OutboundOut = Any

    /// How long a close waits for a client that reads too slowly.
    let patience: TimeAmount
    private var writesInFlight = 0
    private var heldClose: (mode: CloseMode, promise: EventLoopPromise<Void>?)?

    init(patience: TimeAmount = .seconds(30)) {
        self.patience = patience
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        writesInFlight += 1
        let written = promise ?? context.eventLoop.makePromise()
        // The handler and its context belong to the channel's event loop, where this runs and
        // where the future completes: `assumeIsolated` says so to the compiler.
        written.futureResult.assumeIsolated().whenComplete { _ in
            self.writesInFlight -= 1
            if self.writesInFlight == 0 { self.releaseClose(context: context) }
        }
        context.write(data, promise: written)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard mode == .all, writesInFlight > 0, heldClose == nil else {
            context.close(mode: mode, promise: promise)
            return
        }
        heldClose = (mode, promise)
        context.flush()
        context.eventLoop.assumeIsolated().scheduleTask(in: patience) { self.releaseClose(context: context) }
    }

    private func releaseClose(context: ChannelHandlerContext) {
        guard let held = heldClose else { return }
        heldClose = nil
        context.close(mode: held.mode, promise: held.promise)
    }
}
