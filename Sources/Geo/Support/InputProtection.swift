import CGDAL
import Foundation

/// Refuses to write over a file geoq is reading: an output that is the input raster, one of the
/// files GDAL reads for it (a VRT's sources, sidecars), an index, or a gazetteer, reached by
/// whatever name (another path, a symbolic link, a hard link).
///
/// Files are compared by device and inode after following symbolic links, so every spelling of
/// the same file is caught; an output that does not exist yet cannot be an input.
public enum InputProtection {
    /// Throws when writing `output` (or any of `alsoWritten`, files written beside it) would
    /// replace one of `inputs`. O(inputs + outputs) `stat` calls.
    public static func check(output: String, alsoWritten: [String] = [], inputs: [String]) throws {
        let inputIdentities = inputs.compactMap { path in identity(of: path).map { (path, $0) } }
        guard !inputIdentities.isEmpty else { return }
        for written in [output] + alsoWritten {
            guard let target = try? AtomicFile.resolvedTarget(written), let writtenIdentity = identity(of: target) else { continue }
            if let (input, _) = inputIdentities.first(where: { $0.1 == writtenIdentity }) {
                let same = input == written ? "" : " (\(input))"
                throw GeoError.unwritableFile(
                    path: output,
                    message: written == output
                        ? "it is an input of this command\(same); expected a new file, the input is left as it was"
                        : "it would replace \(written), an input of this command\(same); expected another output path")
            }
        }
    }

    /// The raster at `path` and every file GDAL reads for it (`GDALGetFileList`: a VRT and its
    /// sources, `.aux.xml` and `.ovr` sidecars); only `path` when GDAL cannot open it.
    public static func filesOfRaster(_ path: String) -> [String] {
        [path] + CacheFolder.Key.filesGDALOpens(path)
    }

    struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    /// Device and inode of the file `path` names, links followed; nil when there is none.
    static func identity(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
