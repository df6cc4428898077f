import CGDAL
import Foundation
import Testing
@testable import Geo

/// scripts/copernicus/range_server.py on the loopback address, serving a folder laid out as the
/// Copernicus DEM's buckets are (`copernicus-dem-90m/NAME/NAME.tif`, `tileList.txt` at each
/// bucket's root): the stand-in for object storage that the download tests reach. Stopped when
/// released.
final class RangeServer {
    let root: URL
    let port: Int
    private let process: Process

    /// Serves `root` with the script's `options` (`--throttle N`, `--half-size NAME`, …).
    init(root: URL, options: [String] = []) throws {
        self.root = root
        let portFile = root.deletingLastPathComponent().appendingPathComponent(UUID().uuidString + ".port")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", TestRasters.repositoryRoot.appendingPathComponent("scripts/copernicus/range_server.py").path,
                root.path, portFile.path
            ] + options
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 20)
        while !FileManager.default.fileExists(atPath: portFile.path) && Date() < deadline { usleep(20_000) }
        port = try #require(Int((try? String(contentsOf: portFile, encoding: .utf8)) ?? ""), "the range server started")
    }

    deinit {
        // SIGKILL: a child of the test process may inherit a mask that holds SIGTERM back.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The endpoint to give geoq: `http://127.0.0.1:PORT/{bucket}`.
    var endpoint: String { "http://127.0.0.1:\(port)/{bucket}" }

    /// A fresh folder of buckets, each with a tile list naming `tiles`, and each tile written as
    /// a Copernicus COG (Float32 in blocks of 128, header first, `compression` as GDAL's COG
    /// driver names it) on the published grid (`CopernicusStandIn`), or of `size` × `size` cells
    /// over its degree (a tile geoq must refuse), heights from `height(row, col)` (by default,
    /// values that compress poorly). Returns the folder and each tile's file.
    static func buckets(
        _ tiles: [CopernicusTile], size: Int? = nil, compression: String = "DEFLATE",
        height: (Int, Int) -> Double = { row, col in Double((row * 7919 + col * 104_729) % 1000) }
    ) throws -> (URL, [CopernicusTile: String]) {
        let root = TestRasters.temporaryDirectory().appendingPathComponent("buckets")
        var files: [CopernicusTile: String] = [:]
        for resolution in CopernicusTile.Resolution.allCases {
            let bucket = root.appendingPathComponent(resolution.bucket)
            try FileManager.default.createDirectory(at: bucket, withIntermediateDirectories: true)
            let listed = tiles.filter { $0.resolution == resolution }
            try Data(listed.map(\.name).joined(separator: "\n").utf8).write(to: bucket.appendingPathComponent("tileList.txt"))
            for tile in listed {
                let folder = bucket.appendingPathComponent(tile.name)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let plain = folder.appendingPathComponent("plain.tif").path, cog = folder.appendingPathComponent(tile.name + ".tif").path
                if let size {
                    let cell = 1.0 / Double(size)
                    TestRasters.writeGeoTIFF(
                        at: plain, width: size, height: size, values: (0..<size * size).map { height($0 / size, $0 % size) },
                        type: GDT_Float32, geoTransform: [Double(tile.west) - cell / 2, cell, 0, Double(tile.south + 1) + cell / 2, 0, -cell])
                } else {
                    CopernicusStandIn.write(tile, values: CopernicusStandIn.cells(of: tile, height: height), at: plain)
                }
                let source = try #require(GDALOpen(plain, GA_ReadOnly))
                let options = GDAL.cStrings(["COMPRESS=" + compression, "BLOCKSIZE=128"])
                defer { options.forEach { free($0) } }
                var list = options
                let copy: GDALDatasetH? = list.withUnsafeMutableBufferPointer { GDALCreateCopy(GDALGetDriverByName("COG"), cog, source, 0, $0.baseAddress, nil, nil) }
                GDALClose(source)
                GDALClose(try #require(copy, "GDAL writes a COG"))
                unlink(plain)
                files[tile] = cog
            }
        }
        return (root, files)
    }
}
