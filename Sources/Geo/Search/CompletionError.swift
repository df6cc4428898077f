/// Why a completion request was refused. Messages say what was expected.
public enum CompletionError: Error, CustomStringConvertible, Equatable {
    case queryTooLong(characters: Int)
    case controlCharacter(position: Int, codePoint: UInt32)
    case invalidUTF8(byteOffset: Int)
    case limitOutOfRange(Int)
    case nearOutOfRange(latitude: Double, longitude: Double)
    case unknownKind(String)

    public var description: String {
        switch self {
        case .queryTooLong(let characters):
            return "query is \(characters) characters long (expected at most \(PlaceCompleter.maximumQueryLength))"
        case .controlCharacter(let position, let codePoint):
            return "query has a control character U+\(String(codePoint, radix: 16, uppercase: true).leftPadded(to: 4)) at character \(position) (expected printable text)"
        case .invalidUTF8(let byteOffset):
            return "query is not valid UTF-8 at byte \(byteOffset) (expected UTF-8 text)"
        case .limitOutOfRange(let limit):
            return "limit \(limit) is out of range (expected 1…\(PlaceCompleter.maximumLimit))"
        case .nearOutOfRange(let latitude, let longitude):
            return "near point \(latitude),\(longitude) is out of range (expected latitude −90…90 and longitude −180…180)"
        case .unknownKind(let name):
            return "kind '\(name)' does not exist (expected a comma-separated list of \(Place.Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
