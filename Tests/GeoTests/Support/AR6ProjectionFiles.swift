import CGDAL
import Foundation
@testable import Geo

/// Regional sea-level projection files in the IPCC AR6 format, written through GDAL's
/// multidimensional API as the published ones are laid out (Garner et al. 2021, the FACTS
/// confidence output files): netCDF, `sea_level_change(quantiles, years, locations)` as 16-bit
/// integers in mm with the fill value -32768, and the coordinates `quantiles`, `years`,
/// `locations`, `lat(locations)`, `lon(locations)`.
enum AR6ProjectionFiles {
    static let fill: Int16 = -32768

    /// Writes the file; `value(quantile, year, location)` gives each cell in mm, nil for fill.
    /// `dimensionOrder` permutes the array's dimensions (a file of the wrong shape);
    /// `yearValues`, when given, are written as the years instead, as doubles (a damaged file).
    static func write(
        at path: String, quantiles: [Double], years: [Int], locations: [(latitude: Double, longitude: Double)],
        dimensionOrder: [Int] = [0, 1, 2], yearValues: [Double]? = nil, value: (Int, Int, Int) -> Int16?
    ) {
        GDAL.ensureInitialized()
        let dataset = GDALCreateMultiDimensional(GDALGetDriverByName("netCDF"), path, nil, nil)!
        let root = GDALDatasetGetRootGroup(dataset)!
        let float64 = GDALExtendedDataTypeCreate(GDT_Float64)!, int32 = GDALExtendedDataTypeCreate(GDT_Int32)!, int16 = GDALExtendedDataTypeCreate(GDT_Int16)!
        defer { [float64, int32, int16].forEach { GDALExtendedDataTypeRelease($0) } }

        func dimension(_ name: String, _ size: Int) -> GDALDimensionH {
            GDALGroupCreateDimension(root, name, nil, nil, GUInt64(size), nil)!
        }
        func vector<T>(_ name: String, _ dimension: GDALDimensionH, _ type: GDALExtendedDataTypeH, _ values: [T]) {
            var dimensions: [GDALDimensionH?] = [dimension]
            let array = GDALGroupCreateMDArray(root, name, 1, &dimensions, type, nil)!
            var buffer = values
            let starts: [GUInt64] = [0], counts = [values.count]
            _ = buffer.withUnsafeMutableBytes { GDALMDArrayWrite(array, starts, counts, nil, nil, type, $0.baseAddress, $0.baseAddress, $0.count) }
            GDALMDArrayRelease(array)
        }
        let quantileDimension = dimension("quantiles", quantiles.count), yearDimension = dimension("years", years.count)
        let locationDimension = dimension("locations", locations.count)
        vector("quantiles", quantileDimension, float64, quantiles)
        if let yearValues {
            vector("years", yearDimension, float64, yearValues)
        } else {
            vector("years", yearDimension, int32, years.map(Int32.init))
        }
        vector("locations", locationDimension, int32, locations.indices.map(Int32.init))
        vector("lat", locationDimension, float64, locations.map(\.latitude))
        vector("lon", locationDimension, float64, locations.map(\.longitude))

        let natural = [quantileDimension, yearDimension, locationDimension], sizes = [quantiles.count, years.count, locations.count]
        var dimensions: [GDALDimensionH?] = dimensionOrder.map { natural[$0] }
        let array = GDALGroupCreateMDArray(root, "sea_level_change", 3, &dimensions, int16, nil)!
        _ = GDALMDArraySetUnit(array, "mm")
        _ = GDALMDArraySetNoDataValueAsDouble(array, Double(fill))
        let shape = dimensionOrder.map { sizes[$0] }
        var values = [Int16](repeating: fill, count: shape.reduce(1, *))
        for q in quantiles.indices {
            for y in years.indices {
                for l in locations.indices {
                    let natural = [q, y, l], at = dimensionOrder.map { natural[$0] }
                    values[(at[0] * shape[1] + at[1]) * shape[2] + at[2]] = value(q, y, l) ?? fill
                }
            }
        }
        let starts: [GUInt64] = [0, 0, 0]
        _ = values.withUnsafeMutableBytes { GDALMDArrayWrite(array, starts, shape, nil, nil, int16, $0.baseAddress, $0.baseAddress, $0.count) }
        GDALMDArrayRelease(array)
        for handle in natural { GDALDimensionRelease(handle) }
        GDALGroupRelease(root)
        GDALClose(dataset)
    }
}
