import Foundation
import Testing
@testable import Geo

/// The JSON reader and writer: what they accept, what they refuse, and that they agree.
@Suite struct JSONReaderTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONReader.parse(Array(text.utf8))
    }

    private func syntaxError(_ text: String) -> String? {
        thrownError(JSONReader.SyntaxError.self) { _ = try parse(text) }?.description
    }

    @Test func readsEveryKindOfValue() throws {
        let value = try parse(#"\#u{FEFF} {"a": [1, -0.5e-3, 2E2, true, false, null], "b": "x\"\\\/\n\u00e9\ud83d\ude00", "c": {}} "#)
        #expect(value["a"]?.array?.count == 6)
        #expect(value["a"]?.array?[1].number == -0.0005 && value["a"]?.array?[2].number == 200)
        #expect(value["b"]?.string == "x\"\\/\né😀")
        #expect(value["c"]?.array == nil && value["missing"] == nil)
        #expect(try parse("[NaN, Infinity, -Infinity]").array?.map { $0.number!.isFinite } == [false, false, false])
    }

    @Test func refusesWhatIsNotJSON() {
        #expect(syntaxError(#"["abc"#) == "line 1, column 6: unterminated string")
        #expect(syntaxError("[\"a\u{1}\"]") == "line 1, column 4: control character inside a string")
        #expect(syntaxError("[01]") == "line 1, column 3: unexpected '1'; expected ',' or ']' after an array element")
        #expect(syntaxError("[1.]") == "line 1, column 4: unexpected ']'; expected a digit after '.'")
        #expect(syntaxError("{\"a\" 1}") == "line 1, column 6: unexpected '1'; expected ':' after a member name")
        #expect(syntaxError("{1: 2}") == "line 1, column 2: unexpected '1'; expected a member name in double quotes")
        #expect(syntaxError(#"["\q"]"#) == #"line 1, column 6: bad escape '\q' in a string"#)
        #expect(syntaxError("") == "line 1, column 1: unexpected end of input; expected a value")
        #expect(syntaxError("[tru]") == "line 1, column 2: unexpected 't'; expected a value")
    }

    @Test func skippedMembersAreCheckedButReadAsNull() throws {
        let text = #"{"properties": {"name": "Paris", "tags": [1, [2]]}, "geometry": {"properties": 3}}"#
        let value = try JSONReader.parse(Array(text.utf8), skipping: ["properties"])
        guard case .null = value["properties"] else {
            Issue.record("expected null")
            return
        }
        #expect(value["geometry"]?["properties"] != nil)
        #expect(throws: JSONReader.SyntaxError.self) {
            try JSONReader.parse(Array(#"{"properties": {"name": }}"#.utf8), skipping: ["properties"])
        }
    }

    /// What Foundation's encoder writes (escapes, exponents, nested arrays) reads back the same.
    @Test func whatFoundationWritesReadsBackTheSame() throws {
        struct Document: Encodable {
            var text = "quote \" backslash \\ tab \t bell \u{7} é /"
            var numbers = [3, -0.1, 1e-7, 1e300]
            var nested = [[["flag": true]]]
        }
        for formatting in [JSONEncoder.OutputFormatting(), [.prettyPrinted, .sortedKeys]] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = formatting
            let back = try JSONReader.parse(Array(encoder.encode(Document())))
            #expect(back["text"]?.string == Document().text)
            #expect(back["numbers"]?.array?.compactMap(\.number) == Document().numbers)
            #expect(back["nested"]?.array?.first?.array?.first?["flag"] != nil)
        }
    }
}
