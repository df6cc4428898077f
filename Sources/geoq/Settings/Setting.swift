/// A setting of the service: its key in a settings file, its environment variable
/// (`GEOQ_` + the key in capitals), its flag, its default and what a value must be.
struct Setting: Sendable, Hashable {
    /// The key in a settings file: `port`, `completion_cache_mib`.
    let fileKey: String
    let flag: String
    /// The default as text; nil when there is none (the embedded data is looked for instead).
    let defaultText: String?
    /// What a value must be, for messages; nil accepts any text.
    let expectation: String?
    /// Whether `text` is a value of this setting.
    let accepts: @Sendable (String) -> Bool

    static func == (lhs: Setting, rhs: Setting) -> Bool { lhs.fileKey == rhs.fileKey }
    func hash(into hasher: inout Hasher) { hasher.combine(fileKey) }

    var environmentVariable: String { "GEOQ_" + fileKey.uppercased() }
    /// The key's components for swift-configuration's environment provider (`GEOQ_PORT`).
    var environmentComponents: [String] { ["geoq", fileKey] }

    /// What was expected, when `text` is not a value of this setting.
    func check(_ text: String) -> String? {
        accepts(text) ? nil : expectation
    }

    static let host = Setting(fileKey: "host", flag: "--host", defaultText: "127.0.0.1", expectation: "a host name or address") { !$0.isEmpty }
    static let port = Setting(fileKey: "port", flag: "--port", defaultText: "8080", expectation: "a port number 0–65535 (0 picks a free one)") {
        Int($0).map { (0...65535).contains($0) } ?? false
    }
    static let dem = Setting(fileKey: "dem", flag: "--dem", defaultText: nil, expectation: "a path") { !$0.isEmpty }
    static let index = Setting(fileKey: "index", flag: "--index", defaultText: nil, expectation: "a path") { !$0.isEmpty }
    static let places = Setting(fileKey: "places", flag: "--places", defaultText: nil, expectation: "a path") { !$0.isEmpty }
    static let cacheDirectory = Setting(fileKey: "cache_dir", flag: "--cache-dir", defaultText: nil, expectation: "a folder") { !$0.isEmpty }
    static let completionCacheMiB = Setting(fileKey: "completion_cache_mib", flag: "--completion-cache", defaultText: "32",
                                            expectation: "a whole number of MiB from 0 to 65536") {
        Int($0).map { (0...65536).contains($0) } ?? false
    }
}
