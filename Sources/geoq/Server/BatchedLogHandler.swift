import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// A swift-log handler for the service's request log: the lines `StreamLogHandler` would write
/// to standard error, gathered and written a batch at a time: a `write` per request costs
/// throughput under load (docs/measurements.md). Batches go out when 64 KiB have gathered,
/// every 100 ms (`LogFlushService`), at once for warnings and errors, and at shutdown (`flush()`).
/// On a terminal every line is written as it comes.
struct BatchedLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String) {
        self.label = label
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let explicit = event.metadata { merged.merge(explicit) { _, new in new } }
        if let error = event.error { merged["error.message"] = "\(error)" }
        var line = LogBatch.shared.timestamp()
        line += " \(event.level) \(label):"
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
        line += " [\(event.source)] \(event.message)\n"
        LogBatch.shared.append(line, urgent: event.level >= .warning)
    }

    /// Writes out whatever is gathered.
    static func flush() { LogBatch.shared.flush() }
}

/// The one buffer behind every `BatchedLogHandler`, written to standard error.
final class LogBatch: Sendable {
    static let shared = LogBatch()

    private struct Gathered {
        var pending: [UInt8] = []
        var second = -1
        var secondText = ""
    }

    /// Lines gathered since the last write, and the timestamp of the current second.
    private let gathered: Mutex<Gathered>
    /// The buffer being written; held while writing, so batches go out in order.
    private let writing = Mutex<[UInt8]>([])
    private let limit = 64 << 10
    private let isTerminal = isatty(STDERR_FILENO) == 1

    private init() {
        var initial = Gathered()
        initial.pending.reserveCapacity(limit + 1024)
        gathered = Mutex(initial)
    }

    func append(_ line: String, urgent: Bool) {
        let due = gathered.withLock { gathered in
            gathered.pending.append(contentsOf: line.utf8)
            return urgent || isTerminal || gathered.pending.count >= limit
        }
        if due { flush() }
    }

    func flush() {
        // The batch is taken under `gathered` and written outside it, so request handlers
        // appending lines never wait for the write; `writing` keeps batches in order.
        writing.withLock { batch in
            gathered.withLock { swap(&$0.pending, &batch) }
            var offset = 0
            while offset < batch.count {
                let written = batch.withUnsafeBytes { Foundation.write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
                if written <= 0 { break }  // standard error is gone: nothing better to do with a log line
                offset += written
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// "2026-11-23T04:07:10+0000", formatted once per second.
    func timestamp() -> String {
        var now = time(nil)
        return gathered.withLock { gathered in
            if now != gathered.second {
                var parts = tm()
                localtime_r(&now, &parts)
                var buffer = [UInt8](repeating: 0, count: 64)
                let length = buffer.withUnsafeMutableBufferPointer { bytes in
                    bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { strftime($0, bytes.count, "%Y-%m-%dT%H:%M:%S%z", &parts) }
                }
                gathered.second = now
                gathered.secondText = String(decoding: buffer.prefix(length), as: UTF8.self)
            }
            return gathered.secondText
        }
    }
}

/// Writes the request log's batch every 100 ms while the service runs, and once more when it
/// stops: a service-lifecycle `Service` beside the HTTP server, shut down after it.
struct LogFlushService: Service {
    static let interval = Duration.milliseconds(100)

    func run() async throws {
        defer { LogBatch.shared.flush() }
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            try? await Task.sleep(for: Self.interval)
            LogBatch.shared.flush()
        }
    }
}
