import Foundation
import Logging

/// A swift-log handler for the service's request log: the lines `StreamLogHandler` would write
/// to standard error, gathered and written a batch at a time. One `write` per request cost a
/// quarter of the service's throughput under load; batches go out when 64 KiB have gathered,
/// every 100 ms, at once for warnings and errors, and at shutdown (`flush()`).
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
final class LogBatch: @unchecked Sendable {
    static let shared = LogBatch()

    private let lock = NSLock()
    private let writing = NSLock()
    private var pending: [UInt8] = []
    private var spare: [UInt8] = []
    private let limit = 64 << 10
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var timer: DispatchSourceTimer?
    private var second = -1
    private var secondText = ""

    private init() {
        pending.reserveCapacity(limit + 1024)
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.flush() }
        timer.resume()
        self.timer = timer
    }

    func append(_ line: String, urgent: Bool) {
        lock.lock()
        pending.append(contentsOf: line.utf8)
        let due = urgent || isTerminal || pending.count >= limit
        lock.unlock()
        if due { flush() }
    }

    func flush() {
        // The batch is taken under the lock and written outside it, so request handlers
        // appending lines never wait for the write; `writing` keeps batches in order.
        writing.lock()
        defer { writing.unlock() }
        lock.lock()
        swap(&pending, &spare)
        lock.unlock()
        var offset = 0
        while offset < spare.count {
            let written = spare.withUnsafeBytes { Foundation.write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { break }  // standard error is gone: nothing better to do with a log line
            offset += written
        }
        spare.removeAll(keepingCapacity: true)
    }

    /// "2026-11-23T04:07:10+0000", formatted once per second.
    func timestamp() -> String {
        var now = time(nil)
        lock.lock()
        defer { lock.unlock() }
        if now != second {
            var parts = tm()
            localtime_r(&now, &parts)
            var buffer = [Int8](repeating: 0, count: 64)
            strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
            second = now
            secondText = String(cString: buffer)
        }
        return secondText
    }
}
