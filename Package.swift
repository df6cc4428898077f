// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "geoq",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Geo", targets: ["Geo"]),
        .executable(name: "geoq", targets: ["geoq"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
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
            ]
        ),
        .executableTarget(
            name: "geoq",
            dependencies: [
                "Geo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "geoq-bench-complete",
            dependencies: ["Geo"],
            path: "Benchmarks/complete"
        ),
        .testTarget(
            name: "GeoTests",
            dependencies: ["Geo"],
            resources: []
        ),
    ],
    swiftLanguageModes: [.v5]
)
