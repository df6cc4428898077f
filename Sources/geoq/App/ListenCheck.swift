import Foundation

/// Whether `geoq serve` can listen where its settings say, asked before the indexes are built
/// (seconds): a host that does not resolve, or an address this machine cannot listen on, is said
/// at once, not after the build.
enum ListenCheck {
    /// Resolves the host and binds its port once, closing the socket at once (as NIO does, with
    /// SO_REUSEADDR, so the service's own bind follows without waiting).
    /// - Throws: `SettingError` naming the host setting, where it came from, and what was expected.
    static func check(_ settings: GeoqSettings) throws {
        let host = settings.host, port = settings.port
        let entry = settings.entry(.host)
        let named = "\(entry?.location(file: settings.file) ?? Setting.host.flag)=\(host) (\(entry?.sourceName(file: settings.file) ?? "default"))"
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw SettingError(description: "\(named): does not resolve (\(String(cString: gai_strerror(status)))); expected a host name or address of this machine")
        }
        defer { freeaddrinfo(found) }
        let descriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            throw SettingError(
                description: "\(named), port \(port): cannot listen there (\(String(cString: strerror(errno)))); expected an address of this machine and a free port")
        }
    }
}
