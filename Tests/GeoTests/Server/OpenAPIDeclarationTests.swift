import Foundation
import Geo
@testable import geoq
import Hummingbird
import Testing
import Yams

/// `openapi.yaml` states each numeric parameter's bounds and default; `Quantity.declaration` is
/// where geoq declares them. A parameter whose document and declaration disagree fails here.
@Suite struct OpenAPIDeclarationTests {
    /// One numeric parameter as the document states it.
    struct DocumentedParameter: CustomStringConvertible {
        let operation: String
        let name: String
        let minimum: Double?
        let maximum: Double?
        let exclusiveMinimum: Bool
        let defaultValue: Double?

        var description: String { "\(operation) \(name)" }

        /// Whether `declaration` says what the document says.
        func agrees(with declaration: QuantityDeclaration) -> Bool {
            let bounds: QuantityBounds? =
                switch (minimum, maximum, exclusiveMinimum) {
                case let (lower?, upper?, false): .closed(lower, upper)
                case let (lower?, nil, false): .atLeast(lower)
                case let (lower?, nil, true): .greaterThan(lower)
                default: nil
                }
            return bounds == (declaration.serviceBounds ?? declaration.bounds) && defaultValue == declaration.defaultValue
        }
    }

    static func documentedParameters() throws -> [DocumentedParameter] {
        let url = TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml")
        let document = try #require(try Yams.load(yaml: String(contentsOf: url, encoding: .utf8)) as? [String: Any])
        let shared = (document["components"] as? [String: Any])?["parameters"] as? [String: Any] ?? [:]
        var found: [DocumentedParameter] = []
        for (path, item) in try #require(document["paths"] as? [String: Any]) {
            for (method, operation) in item as? [String: Any] ?? [:] {
                for entry in (operation as? [String: Any])?["parameters"] as? [[String: Any]] ?? [] {
                    var parameter = entry
                    if let reference = entry["$ref"] as? String {
                        parameter = try #require(shared[String(reference.split(separator: "/").last!)] as? [String: Any])
                    }
                    guard ["query", "path"].contains(parameter["in"] as? String), let name = parameter["name"] as? String,
                        let schema = parameter["schema"] as? [String: Any]
                    else { continue }
                    let defaultValue: Double? =
                        switch schema["default"] {
                        case let number as Int: Double(number)
                        case let number as Double: number
                        case "false" as String: 0
                        case "true" as String: 1
                        default: nil
                        }
                    let isNumeric = ["integer", "number"].contains(schema["type"] as? String)
                    guard isNumeric || defaultValue != nil else { continue }
                    found.append(
                        DocumentedParameter(
                            operation: "\(method.uppercased()) \(path)", name: name,
                            minimum: (schema["minimum"] as? NSNumber)?.doubleValue, maximum: (schema["maximum"] as? NSNumber)?.doubleValue,
                            exclusiveMinimum: schema["exclusiveMinimum"] as? Bool ?? false, defaultValue: defaultValue))
                }
            }
        }
        return found
    }

    /// The formats a route answers in, as the table of formats has them: the document's `format`
    /// values are the route's, and its answers' content types those the table gives them.
    @Test(arguments: [("/v1/flood", "get", FloodRoutes<BasicRequestContext>.formats), ("/v1/region", "post", RegionRoutes<BasicRequestContext>.formats)])
    func aRoutesFormatsAndTheirContentTypesAreTheTables(path: String, method: String, formats: [AnswerFormat]) throws {
        let url = TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml")
        let document = try #require(try Yams.load(yaml: String(contentsOf: url, encoding: .utf8)) as? [String: Any])
        let operation = try #require(((document["paths"] as? [String: Any])?[path] as? [String: Any])?[method] as? [String: Any])
        let parameters = operation["parameters"] as? [[String: Any]] ?? []
        let format = try #require(parameters.first { $0["name"] as? String == "format" }?["schema"] as? [String: Any])
        #expect(format["enum"] as? [String] == formats.map(\.rawValue), "\(path)")
        let answered = try #require(((operation["responses"] as? [String: Any])?["200"] as? [String: Any])?["content"] as? [String: Any])
        #expect(Set(answered.keys) == Set(formats.map(\.contentType)), "\(path): \(answered.keys.sorted())")
    }

    @Test func everyNumericParameterOfTheDocumentHasTheDeclaredBoundsAndDefault() throws {
        let documented = try Self.documentedParameters()
        #expect(documented.count >= 25, "the document's numeric parameters were not found")
        for parameter in documented {
            let candidates = Quantity.allCases.filter { $0.declaration.field == parameter.name }
            let agrees = candidates.contains { parameter.agrees(with: $0.declaration) }
            let stated = "min \(String(describing: parameter.minimum)), max \(String(describing: parameter.maximum)), default \(String(describing: parameter.defaultValue))"
            #expect(agrees, "\(parameter.description): \(stated) agrees with no declaration of \(candidates.map(\.rawValue))")
        }
    }

    @Test func everyBoundedDeclarationTheServiceTakesIsDocumented() throws {
        let documented = try Self.documentedParameters()
        let serviceFields = Set(documented.map(\.name))
        for quantity in Quantity.allCases where quantity.declaration.bounds != nil && serviceFields.contains(quantity.declaration.field) {
            let declaration = quantity.declaration
            let stated = documented.contains { $0.name == declaration.field && $0.agrees(with: declaration) }
            let declared = "bounds \(String(describing: declaration.serviceBounds ?? declaration.bounds)), default \(String(describing: declaration.defaultValue))"
            #expect(stated, "\(quantity.rawValue) is declared with \(declared), which no parameter of openapi.yaml states")
        }
    }

    /// The declarations' own wording, as the messages of every adapter read it.
    @Test func expectationsReadTheBounds() {
        #expect(Quantity.rise.declaration.expectation == "a sea-level change in metres from -12000 to 12000")
        #expect(Quantity.padding.declaration.expectation == "a finite fraction of the span, 0 or more")
        #expect(Quantity.gap.declaration.expectation == "a finite number of degrees greater than 0")
        #expect(Quantity.width.declaration.serviceExpectation == "a pixel count from 1 to 4096")
        #expect(SpillIndex.riseRange == -12_000...12_000)
    }
}
