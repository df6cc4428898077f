// swift-tools-version:6.1
import Foundation
import PackageDescription

// The library is optimized in debug builds when GEOQ_OPTIMIZED_DEBUG=1, which the Makefile sets:
// the tests flood grids of millions of cells (tiled against monolithic), which unoptimized generic
// code makes 20× slower. Without it (a package that depends on Geo) no unsafe flag is declared.
let optimizedDebug = ProcessInfo.processInfo.environment["GEOQ_OPTIMIZED_DEBUG"] == "1"

let package = Package(
    name: "geoq",
    platforms: [.macOS(.v15)],  // Synchronization's Mutex
    products: [
        .library(name: "Geo", targets: ["Geo"]),
        .executable(name: "geoq", targets: ["geoq"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: [.defaults, "YAML"]),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.1.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // Already in the graph through swift-configuration's YAML trait; geoq reads a settings
        // file's keys with it, to refuse the ones it does not know.
        .package(url: "https://github.com/jpsim/Yams", "5.4.0"..<"7.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGDAL",
            pkgConfig: "gdal",
            providers: [.apt(["libgdal-dev"])]
        ),
        .target(
            name: "Geo",
            dependencies: [
                "CGDAL",
                .product(name: "HeapModule", package: "swift-collections"),
            ],
            swiftSettings: optimizedDebug ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []
        ),
        .executableTarget(
            name: "geoq",
            dependencies: [
                "Geo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(
            name: "geoq-bench-flood",
            dependencies: ["Geo"],
            path: "Benchmarks/flood"
        ),
        .executableTarget(
            name: "geoq-bench-region",
            dependencies: ["Geo"],
            path: "Benchmarks/region"
        ),
        .executableTarget(
            name: "geoq-bench-tiled",
            dependencies: ["Geo"],
            path: "Benchmarks/tiled"
        ),
        .executableTarget(
            name: "geoq-bench-stack",
            dependencies: ["Geo"],
            path: "Benchmarks/stack"
        ),
        .executableTarget(
            name: "geoq-bench-complete",
            dependencies: ["Geo"],
            path: "Benchmarks/complete"
        ),
        .testTarget(
            name: "GeoTests",
            dependencies: [
                "Geo", "CGDAL", "geoq",
                // Not HummingbirdTesting: its HTTP client builds BoringSSL, most of a fresh build
                // (Tests/GeoTests/Support/RouterClient.swift does what the suites need of it).
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                // The server's HTTP/1 pipeline, rebuilt around its channel handlers in an EmbeddedChannel.
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
    ]
)
