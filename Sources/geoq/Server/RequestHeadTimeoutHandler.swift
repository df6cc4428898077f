import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request head does not arrive in time: a new connection that sends
/// nothing, or a request whose line and headers trickle in (slowloris), would otherwise hold a
/// file descriptor for ever. The idle timeout (Hummingbird's) covers the time between requests
/// and a stalled body; this covers the head, from the connection's start or from the first
/// byte of each later request.
///
/// Sits after the HTTP decoder, where it sees whole request heads; it adds a small watcher at the
/// front of the pipeline to learn when the raw bytes of a new request begin.
final class RequestHeadTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// How long a request head may take.
    let timeout: TimeAmount
    private enum State { case readingHead, handlingRequest, betweenRequests }
    private var state = State.readingHead
    private var deadline: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        try? context.pipeline.syncOperations.addHandler(FirstByteWatcher(owner: self), position: .first)
        startClock(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            state = .handlingRequest
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), state == .handlingRequest {
            state = .betweenRequests
        }
        context.write(data, promise: promise)
    }

    /// The first bytes after a response: a new request begins, and its head is timed.
    fileprivate func bytesArrived(context: ChannelHandlerContext) {
        guard state == .betweenRequests else { return }
        state = .readingHead
        startClock(context: context)
    }

    private func startClock(context: ChannelHandlerContext) {
        deadline?.cancel()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: timeout) {
            let (handler, context) = loopBound.value
            handler.deadline = nil
            if handler.state == .readingHead { context.close(promise: nil) }
        }
    }

    /// Tells the timeout handler when raw bytes arrive, before the decoder has a whole head.
    private final class FirstByteWatcher: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        weak var owner: RequestHeadTimeoutHandler?
        private var ownerContext: ChannelHandlerContext?

        init(owner: RequestHeadTimeoutHandler) { self.owner = owner }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if let owner, let ownerContext = ownerContext ?? (try? context.pipeline.syncOperations.context(handler: owner)) {
                self.ownerContext = ownerContext
                owner.bytesArrived(context: ownerContext)
            }
            context.fireChannelRead(data)
        }

        func handlerRemoved(context: ChannelHandlerContext) { ownerContext = nil }
    }
}
