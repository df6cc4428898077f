import Foundation

/// How sure a sea-level answer is, and why, in one sentence.
///
/// From the answering model's vertical accuracy (`VerticalAccuracy`), the relief around the
/// place in that model (the range of the 3 × 3 cells around it), and how far the level asked
/// about is from the place's level. The level is known to ±u, u = √(σ² + (relief / 2)²), σ the
/// model's published error (90 % of points within it):
/// - `high`: the level asked lies 2u or more from the place's level;
/// - `medium`: between u and 2u;
/// - `low`: within u: the model cannot tell ("cannot tell at this model's resolution: …").
///
/// Without a level asked, the question is today's sea level, 0 m.
public struct AnswerConfidence: Sendable, Equatable, Encodable {
    public enum Level: String, Sendable, Equatable, Encodable, Comparable {
        case low, medium, high

        public static func < (a: Level, b: Level) -> Bool { a.rank < b.rank }
        private var rank: Int { self == .low ? 0 : self == .medium ? 1 : 2 }
    }

    public var level: Level
    /// One sentence saying why.
    public var reason: String

    /// ±u in metres for a model of `verticalAccuracyM` and `reliefM` of relief around the place.
    public static func uncertainty(verticalAccuracyM: Double, reliefM: Double) -> Double {
        (verticalAccuracyM * verticalAccuracyM + reliefM * reliefM / 4).squareRoot()
    }

    /// The level alone: high beyond 2u, medium beyond u, low within. O(1).
    public static func level(placeLevel: Double, asked: Double, uncertaintyM u: Double) -> Level {
        guard placeLevel.isFinite else { return .high }
        let margin = abs(asked - placeLevel)
        return margin < u ? .low : margin < 2 * u ? .medium : .high
    }

    /// The confidence of "is a place of level `placeLevel` under water at `asked`?". O(1).
    public static func assess(
        placeLevel: Double, asked: Double, uncertaintyM u: Double, verticalAccuracyM: Double,
        reliefM: Double, cellSizeText: String, model: String
    ) -> AnswerConfidence {
        let levelText = FloodPoint.signed((placeLevel * 10).rounded() / 10)
        guard placeLevel.isFinite else {
            return AnswerConfidence(level: .high, reason: placeLevel > 0 ? "the sea cannot reach this cell in \(model) at any level" : "always water in \(model)")
        }
        let margin = abs(asked - placeLevel)
        let band = "±\(format(u)) m (\(model)'s vertical error ±\(format(verticalAccuracyM)) m; relief of \(format(reliefM)) m around it)"
        let askedText = FloodPoint.signed(asked) + " m"
        if margin < u {
            return AnswerConfidence(
                level: .low,
                reason: "cannot tell at this model's resolution: the sea reaches its \(cellSizeText) cell at \(levelText) m, give or take \(band), and \(askedText) is within that")
        }
        if margin < 2 * u {
            return AnswerConfidence(
                level: .medium,
                reason: "the sea reaches the cell at \(levelText) m, \(format(margin)) m from \(askedText): more than the margin of error, \(band), but less than twice it")
        }
        return AnswerConfidence(
            level: .high, reason: "the sea reaches the cell at \(levelText) m, \(format(margin)) m from \(askedText): more than twice the margin of error, \(band)")
    }

    static func format(_ metres: Double) -> String {
        metres >= 10 || metres == metres.rounded() ? String(Int(metres.rounded())) : FixedDecimal.text(metres, digits: 1)
    }
}

/// The published vertical accuracy of the elevation models geoq answers from (docs/confidence.md
/// gives the sources): the error 90 % of points stay within (LE90), in metres.
public enum VerticalAccuracy {
    /// Copernicus DEM GLO-30 and GLO-90: under 4 m absolute (LE90), the product's specification.
    public static let copernicus = 4.0
    /// SRTM 3″ and 1″: 9 m absolute (LE90), the worst continent measured by Rodriguez et al. (2006);
    /// the mission's specification was 16 m.
    public static let srtm = 9.0
    /// ETOPO5: no figure is published; its documentation gives 1 m steps where the sources were
    /// good and contours every 150 m elsewhere. geoq takes ±30 m.
    public static let etopo5 = 30.0
    /// A model geoq does not know, by its cell: the SRTM specification (16 m) for cells under
    /// 1 km, ETOPO5's figure beyond.
    public static func unknown(cellSizeM: Double) -> Double { cellSizeM < 1000 ? 16 : etopo5 }

    /// The figure for a model by its file name and cell size.
    /// O(|model|), on its bytes and without allocating: it is asked for every gazetteer place at
    /// start and for every suggestion a search box gets.
    public static func of(model: String, cellSizeM: Double) -> Double {
        var model = model
        return model.withUTF8 { name in
            func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
            func has(_ part: StaticString, atEndOnly: Bool = false) -> Bool {
                part.withUTF8Buffer { needle in
                    guard needle.count <= name.count else { return false }
                    let starts = atEndOnly ? (name.count - needle.count)...(name.count - needle.count) : 0...(name.count - needle.count)
                    return starts.contains { start in (0..<needle.count).allSatisfy { lower(name[start + $0]) == needle[$0] } }
                }
            }
            if has("copernicus") { return copernicus }
            if has(".hgt", atEndOnly: true) || has("srtm") { return srtm }
            if has("etopo5") { return etopo5 }
            return unknown(cellSizeM: cellSizeM)
        }
    }
}
