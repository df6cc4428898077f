import CGDAL
import Foundation

/// A netCDF file opened through GDAL's multidimensional API, for ``RegionalSeaLevelProjections``:
/// its root group, and reads of one-dimensional coordinates and single values. Every mistake
/// names the file and what was expected: a mistake in ``Quantity/projections`` when the caller
/// gave the file, a fault of the service's data (``GeoError/unreadableFile(path:message:)``)
/// when the service was set up with it.
struct AR6File {
    let path: String
    let owner: FileOwner
    private let dataset: GDALDatasetH
    private let root: GDALGroupH

    init(path: String, owner: FileOwner) throws {
        (self.path, self.owner) = (path, owner)
        GDAL.ensureInitialized()
        // A FIFO or a device would block GDAL's open for ever: only files are read.
        let problem: String? =
            switch AtomicFile.kind(of: path) {
            case .regular: nil
            case .missing: "no such file"
            case .directory: "is a folder, not a file"
            case .special: "is not a regular file (a FIFO or a device)"
            }
        if let problem { throw Self.mistake("\(problem); expected \(Quantity.projections.declaration.meaning)", path: path, owner: owner) }
        GDAL.resetError()
        guard let dataset = GDALOpenEx(path, UInt32(GDAL_OF_MULTIDIM_RASTER | GDAL_OF_READONLY), nil, nil, nil) else {
            throw Self.mistake(
                "not a multidimensional file GDAL reads (\(GDAL.lastError(or: "unknown format"))); expected \(Quantity.projections.declaration.meaning)", path: path, owner: owner)
        }
        guard let root = GDALDatasetGetRootGroup(dataset) else {
            GDALClose(dataset)
            throw Self.mistake("has no root group; expected \(Quantity.projections.declaration.meaning)", path: path, owner: owner)
        }
        (self.dataset, self.root) = (dataset, root)
    }

    func close() {
        GDALGroupRelease(root)
        GDALClose(dataset)
    }

    /// A mistake in the file: "FILE: message", the caller's value or the service's data.
    func mistake(_ message: String) -> GeoError { Self.mistake(message, path: path, owner: owner) }

    static func mistake(_ message: String, path: String, owner: FileOwner) -> GeoError {
        switch owner {
        case .caller: return GeoError.invalidInput(.projections, "\(path): \(message)")
        case .service: return GeoError.unreadableFile(path: path, message: message)
        }
    }

    /// The array `name`; release it with `GDALMDArrayRelease`.
    func array(_ name: String, expected: String) throws -> GDALMDArrayH {
        guard let array = GDALGroupOpenMDArray(root, name, nil) else { throw mistake("has no array \(name); expected \(expected)") }
        return array
    }

    /// The names and sizes of an array's dimensions.
    func dimensions(of array: GDALMDArrayH) -> [(name: String, size: Int)] {
        var count = 0
        guard let dimensions = GDALMDArrayGetDimensions(array, &count) else { return [] }
        defer { GDALReleaseDimensions(dimensions, count) }
        return (0..<count).map { index in
            let dimension = dimensions[index]
            return (GDALDimensionGetName(dimension).map { String(cString: $0) } ?? "", Int(GDALDimensionGetSize(dimension)))
        }
    }

    /// The one-dimensional array `name` of `count` values, as doubles.
    func vector(_ name: String, count: Int) throws -> [Double] {
        let array = try self.array(name, expected: "the AR6 coordinate \(name) along its dimension")
        defer { GDALMDArrayRelease(array) }
        let shape = dimensions(of: array)
        guard shape.count == 1, shape[0].size == count else {
            throw mistake("\(name) has shape (\(shape.map { "\($0.name)=\($0.size)" }.joined(separator: ", "))); expected one dimension of \(count)")
        }
        var values = [Double](repeating: .nan, count: count)
        try values.withUnsafeMutableBufferPointer { try read(array, start: [0], count: [count], into: $0, what: name) }
        return values
    }

    /// Reads the block of `array` from `start`, `count` values along each dimension, as doubles
    /// in row-major order into `values` (which holds exactly their product).
    func read(_ array: GDALMDArrayH, start: [Int], count: [Int], into values: UnsafeMutableBufferPointer<Double>, what: String) throws {
        let type = GDALExtendedDataTypeCreate(GDT_Float64)
        defer { GDALExtendedDataTypeRelease(type) }
        let starts = start.map { GUInt64($0) }
        let buffer = UnsafeMutableRawBufferPointer(values)
        let ok = GDALMDArrayRead(array, starts, count, nil, nil, type, buffer.baseAddress, buffer.baseAddress, buffer.count)
        guard ok != 0 else { throw mistake("\(what) cannot be read (\(GDAL.lastError(or: "unknown error"))); expected numbers") }
    }
}
