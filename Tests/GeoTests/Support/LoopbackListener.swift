import Foundation
import Glibc
import Testing

/// A TCP socket listening on a free loopback port that nobody reads: the kernel completes
/// connections to it, and nothing answers (a server that hangs), or its port is in use.
/// Close it (`defer { listener.stopListening() }`) when the test is done with it.
final class LoopbackListener {
    let descriptor: Int32
    let port: Int

    init(backlog: Int32 = 16) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, backlog) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        if !listening {
            Glibc.close(descriptor)
            throw LoopbackListenerError.cannotListen
        }
    }

    /// Stops listening.
    func stopListening() { Glibc.close(descriptor) }
}

enum LoopbackListenerError: Error { case cannotListen }
