import Foundation
import Testing

/// The built `geoq serve` over a live loopback port, and blocking clients of it: what the
/// live-socket tests share.
enum LiveServer {
    /// A running `geoq serve` on the small test DEM; stopped (SIGKILL) when the test ends.
    final class Server {
        let process = Process()
        let port: UInt16
        let errors = Pipe()

        /// `defaultSignals`: started with every signal at its default action, as from a shell,
        /// rather than with those the test runner ignores (which a child inherits).
        init(_ cli: CommandLineTests, dem: String? = nil, options: [String] = [], defaultSignals: Bool = false) throws {
            let arguments = ["serve", "--port", "0", "--dem", dem ?? cli.smallDEM()] + options
            if defaultSignals {
                // coreutils' env execs geoq in its own process, so the identifier is geoq's.
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["--default-signal", GeoqProcess.executable.path] + arguments
            } else {
                process.executableURL = GeoqProcess.executable
                process.arguments = arguments
            }
            process.environment = GeoqProcess.environment(adding: ["XDG_CACHE_HOME": cli.folder.appendingPathComponent("cache").path])
            let output = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let line = String(decoding: output.fileHandleForReading.availableDataUntilNewline(), as: UTF8.self)
            guard let portText = line.split(separator: ":").last?.split(separator: "/").first, let port = UInt16(portText) else {
                throw ServerDidNotStart(output: line)
            }
            self.port = port
        }

        struct ServerDidNotStart: Error { var output: String }

        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }

        /// A new connection to the service.
        func connect() throws -> Connection { try Connection(port: port) }

        /// Sends `request` on a new connection and returns all it answers before closing.
        func exchange(_ request: [UInt8]) throws -> String {
            let connection = try connect()
            try connection.send(request)
            return String(decoding: connection.receiveAll(timeout: 10), as: UTF8.self)
        }

        /// Waits up to `seconds` for the process to exit; its status, or nil if it runs on.
        func exitStatus(within seconds: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            return process.isRunning ? nil : process.terminationStatus
        }
    }

    /// A blocking TCP connection to the loopback address.
    final class Connection {
        let descriptor: Int32
        /// Set by a test that closed `descriptor` itself (a reset), so that it is not closed twice.
        var isClosed = false

        init(port: UInt16) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard status == 0 else { throw POSIXError(.ECONNREFUSED) }
        }

        deinit { if !isClosed { close(descriptor) } }

        func send(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard sent > 0 else { throw POSIXError(.EPIPE) }
                offset += sent
            }
        }

        /// Bytes received until the peer closes or `timeout` seconds pass with nothing new.
        func receiveAll(timeout: Double) -> [UInt8] {
            var received: [UInt8] = []
            while let chunk = receive(timeout: timeout), !chunk.isEmpty { received += chunk }
            return received
        }

        /// The next bytes, [] when the peer has closed, nil when nothing came within `timeout`.
        func receive(timeout: Double) -> [UInt8]? {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            return count <= 0 ? [] : Array(buffer.prefix(count))
        }

        /// True when the service has closed this connection (within `timeout` seconds).
        func isClosedByPeer(within timeout: Double) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                guard let chunk = receive(timeout: max(0.01, deadline.timeIntervalSinceNow)) else { return false }
                if chunk.isEmpty { return true }
            }
            return false
        }
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The JSON body of an HTTP/1.1 answer.
    static func jsonBody(_ answer: String) throws -> [String: Any] {
        let body = try #require(answer.range(of: "\r\n\r\n")).upperBound
        return try #require(try JSONSerialization.jsonObject(with: Data(answer[body...].utf8)) as? [String: Any])
    }
}

extension FileHandle {
    /// Bytes up to the first newline (the service's "serving on" line), read one at a time.
    func availableDataUntilNewline() -> Data {
        var line = Data()
        while let byte = try? read(upToCount: 1), let first = byte.first, first != 10 { line.append(first) }
        return line
    }
}
