import Foundation
import Geo
import Hummingbird

/// The query parameters of one request, decoded once by Hummingbird's form decoding
/// (`uri.decodeQuery`): '+' is a space and each %XX escape is decoded exactly once, so `q=a%2Bb`
/// is "a+b" and `q=a%2525b` is "a%25b". Each route reads its parameters into a `Decodable`
/// struct through this, by the quantity they stand for (spelled by `QuerySpelling`); what the
/// values mean is checked by the engine.
struct QueryFields {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private let container: KeyedDecodingContainer<Key>

    init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: Key.self)
    }

    /// The text of a parameter, nil when absent.
    func text(_ quantity: Quantity) throws -> String? {
        try container.decodeIfPresent(String.self, forKey: Key(stringValue: QuerySpelling.name(of: quantity)))
    }

    /// A number, nil when absent; its declaration says what it should be (its bounds are the
    /// engine's to check).
    func number(_ quantity: Quantity) throws -> Double? {
        try number(quantity, quantity.declaration.expectation)
    }

    /// A number, nil when absent; `expectation` says what it should be.
    private func number(_ quantity: Quantity, _ expectation: String) throws -> Double? {
        guard let raw = try text(quantity) else { return nil }
        guard let value = DecimalNumber.parse(raw) else {
            throw GeoError.invalidInput(quantity, "expected \(expectation), got \"\(raw)\"")
        }
        return value
    }

    /// A number that must be there.
    private func requiredNumber(_ quantity: Quantity, _ expectation: String) throws -> Double {
        guard let value = try number(quantity, expectation) else { throw GeoError.invalidInput(quantity, "missing; expected \(expectation)") }
        return value
    }

    /// A whole number, its declared default when absent. Its bounds are checked here only where
    /// the service allows less than the engine (picture sizes); the rest are the engine's.
    func integer(_ quantity: Quantity) throws -> Int {
        let declaration = quantity.declaration
        guard let raw = try text(quantity) else { return declaration.defaultInteger }
        guard let value = Int(raw), declaration.serviceBounds?.contains(Double(value)) ?? true else {
            let bounds = declaration.serviceBounds.map { " \($0.phrase)" } ?? ""
            throw GeoError.invalidInput(quantity, "expected a whole number\(bounds), got \"\(raw)\"")
        }
        return value
    }

    /// A yes-or-no parameter: true or 1, false or 0.
    func boolean(_ quantity: Quantity, default fallback: Bool) throws -> Bool {
        switch try text(quantity) {
        case nil: return fallback
        case "true", "1": return true
        case "false", "0": return false
        case let raw?: throw GeoError.invalidInput(quantity, "expected true or false, got \"\(raw)\"")
        }
    }

    /// A sea-level change in metres (its range is the engine's to check).
    func rise(_ quantity: Quantity = .rise) throws -> Double {
        try requiredNumber(quantity, quantity.declaration.expectation)
    }

    /// An optional box.
    func bbox() throws -> GeoBBox? {
        try text(.bbox).map { try GeoBBox.parse($0) }
    }

    /// `lat` and `lon` together (both or neither).
    func point(required: Bool) throws -> GeoPoint? {
        let latitude = try number(.latitude), longitude = try number(.longitude)
        switch (latitude, longitude) {
        case let (latitude?, longitude?):
            return try GeoPoint.validated(latitude: latitude, longitude: longitude)
        case (nil, nil):
            if required { throw GeoError.invalidInput(.latitude, "missing; expected lat and lon in degrees") }
            return nil
        default:
            throw GeoError.invalidInput(latitude == nil ? .latitude : .longitude, "missing; lat and lon go together")
        }
    }

    /// One of a closed set of words.
    func choice<Choice: RawRepresentable & CaseIterable>(_ quantity: Quantity, default fallback: Choice) throws -> Choice where Choice.RawValue == String {
        try choice(quantity, default: fallback, among: Choice.allCases.map { $0 })
    }

    /// One of `choices` by its name (a route's formats among all answer formats); any other name
    /// is refused, naming the choices.
    func choice<Choice: RawRepresentable>(_ quantity: Quantity, default fallback: Choice, among choices: [Choice]) throws -> Choice where Choice.RawValue == String {
        guard let raw = try text(quantity) else { return fallback }
        guard let choice = choices.first(where: { $0.rawValue == raw }) else {
            let names = choices.map(\.rawValue)
            throw GeoError.invalidInput(quantity, "expected \(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""), got \"\(raw)\"")
        }
        return choice
    }
}
