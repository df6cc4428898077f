import Foundation

/// How much memory this process may still allocate, checked before a large allocation so that
/// a raster too large for memory is refused in one line instead of killing the process (Swift
/// traps when an array cannot be allocated).
public enum MemoryBudget {
    /// What limits the memory available now: the smallest of the memory the kernel reports
    /// available (`MemAvailable` in /proc/meminfo) and the room left under the address-space and
    /// data-segment limits (`ulimit -v`, `ulimit -d`).
    public struct Available: Sendable, Equatable {
        /// Bytes that can still be allocated.
        public var bytes: Int
        /// Which limit that is, for the message ("memory available", "ulimit -v").
        public var limit: String
    }

    /// The memory available now. O(1) (reads two small files under /proc).
    public static func available() -> Available {
        var candidates: [Available] = []
        if let memAvailable = meminfoKilobytes("MemAvailable") {
            candidates.append(
                Available(
                    bytes: memAvailable.multipliedReportingOverflow(by: 1024).partialValue,
                    limit: "memory available"))
        }
        var limit = rlimit()
        if getrlimit(resourceLimit(RLIMIT_AS), &limit) == 0, limit.rlim_cur != rlim_t.max {
            let used = processKilobytes("VmSize").map { $0 * 1024 } ?? 0
            candidates.append(Available(bytes: max(0, clamp(limit.rlim_cur) - used), limit: "ulimit -v"))
        }
        if getrlimit(resourceLimit(RLIMIT_DATA), &limit) == 0, limit.rlim_cur != rlim_t.max {
            let used = processKilobytes("VmData").map { $0 * 1024 } ?? 0
            candidates.append(Available(bytes: max(0, clamp(limit.rlim_cur) - used), limit: "ulimit -d"))
        }
        return candidates.min { $0.bytes < $1.bytes } ?? Available(bytes: Int.max, limit: "memory available")
    }

    /// Bytes for `count` items of `bytesEach`, or nil when that overflows.
    public static func bytes(count: Int, bytesEach: Int) -> Int? {
        let (product, overflow) = count.multipliedReportingOverflow(by: bytesEach)
        return overflow || product < 0 ? nil : product
    }

    /// "1.5 GiB", "12 MiB": a byte count in binary units for messages.
    public static func describe(bytes: Int) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        var value = Double(bytes), unit = 0
        while value >= 1024, unit < units.count - 1 { value /= 1024; unit += 1 }
        return unit == 0 ? "\(bytes) bytes" : String(format: value < 10 ? "%.1f %@" : "%.0f %@", value, units[unit])
    }

    /// "1,000,000": a count with its digits in groups of three, for messages.
    public static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { String(digits[max(0, $0 - 3)..<$0]) }
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    private static func clamp(_ value: rlim_t) -> Int { value > rlim_t(Int.max) ? Int.max : Int(value) }

    #if os(Linux)
        private static func resourceLimit(_ resource: __rlimit_resource) -> __rlimit_resource_t { __rlimit_resource_t(resource.rawValue) }
    #else
        private static func resourceLimit(_ resource: Int32) -> Int32 { resource }
    #endif

    /// A "Name: N kB" line of /proc/meminfo.
    private static func meminfoKilobytes(_ name: String) -> Int? { kilobytes(name, in: "/proc/meminfo") }
    /// A "Name: N kB" line of /proc/self/status.
    private static func processKilobytes(_ name: String) -> Int? { kilobytes(name, in: "/proc/self/status") }

    private static func kilobytes(_ name: String, in file: String) -> Int? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.dropFirst(name.count + 1).split(separator: " ").first ?? "")
        }
        return nil
    }
}
