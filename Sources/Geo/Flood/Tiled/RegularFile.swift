import Foundation

/// Opens the files of a work folder and of a tiled index only when they are regular files. A
/// FIFO in a file's place would block its reader for ever (opening waits for a writer), and a
/// device could be read without end; neither is a file geoq wrote. O(1).
enum RegularFile {
    /// Why a path cannot be read as a regular file: "missing", "not a regular file (a FIFO)", or
    /// the system's reason.
    struct Refusal: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// A descriptor open for reading on the regular file at `path` (a symbolic link to one is
    /// followed). The open does not wait (`O_NONBLOCK` only changes how FIFOs and devices open),
    /// and anything but a regular file is closed again and refused, naming what it is.
    static func openForReading(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Refusal(reason: errno == ENOENT ? "missing" : String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw Refusal(reason: "not a regular file (\(kind(of: status.st_mode)))")
        }
        return descriptor
    }

    /// The bytes of the regular file at `path`, mapped (read-only, private).
    static func mapped(_ path: String) throws -> Data {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Refusal(reason: String(cString: strerror(errno))) }
        let size = Int(status.st_size)
        guard size > 0 else { return Data() }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw Refusal(reason: String(cString: strerror(errno)))
        }
        return Data(bytesNoCopy: address, count: size, deallocator: .custom { pointer, count in munmap(pointer, count) })
    }

    /// Why the file at `path` is not a regular file, or nil when it is one (or a link to one),
    /// without opening it: for files another library opens (GDAL), which would block on a FIFO.
    static func problem(at path: String) -> Refusal? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return Refusal(reason: errno == ENOENT ? "missing" : String(cString: strerror(errno)))
        }
        return status.st_mode & S_IFMT == S_IFREG ? nil : Refusal(reason: "not a regular file (\(kind(of: status.st_mode)))")
    }

    /// What a file of mode `mode` is, in words.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFDIR: return "a folder"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a file"
        }
    }
}
