import Foundation
import Geo

/// Writing answers: stdout or an atomically written file; JSON in one house style.
enum Output {
    static func emit(_ data: Data, to path: String?) throws {
        if let path {
            try AtomicFile.write(data, to: path)
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}
