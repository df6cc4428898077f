/// The size of the map view a region must fit, in screen pixels (CSS pixels on the web, points on iOS).
public struct Viewport: Sendable, Equatable, CustomStringConvertible {
    /// The largest side accepted, far beyond any screen, to keep the arithmetic meaningful.
    public static let maximumSide = 100_000

    public let width: Int
    public let height: Int

    /// A viewport of the given size.
    ///
    /// - Throws: ``GeoError/invalidInput(_:_:)`` for ``Quantity/viewport`` unless both sides are
    ///   within 1…``maximumSide``.
    public init(width: Int, height: Int) throws {
        for side in [width, height] where !(1...Viewport.maximumSide).contains(side) {
            throw Self.invalid("\(width)x\(height)")
        }
        self.width = width
        self.height = height
    }

    /// Reads `WIDTHxHEIGHT`, such as `1024x768` (an upper-case `X` or `×` also separates).
    ///
    /// - Throws: ``GeoError/invalidInput(_:_:)`` for ``Quantity/viewport``, naming the text and the expected form.
    public init(parsing text: String) throws {
        let sides = text.split(omittingEmptySubsequences: false, whereSeparator: { "xX×".contains($0) })
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]) else {
            throw Self.invalid(text)
        }
        try self.init(width: width, height: height)
    }

    public var description: String { "\(width)x\(height)" }

    private static func invalid(_ text: String) -> GeoError {
        .invalidInput(.viewport, "expected WIDTHxHEIGHT in pixels, each 1 to \(maximumSide), like 1024x768; got \"\(text)\"")
    }
}
