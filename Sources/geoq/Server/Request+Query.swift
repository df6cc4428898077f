import Foundation
import Hummingbird

extension Request {
    /// The request's query parameters as `Query`, decoded once by Hummingbird's form decoding
    /// (see `QueryFields`). A value that is not percent-encoded UTF-8 is a 400 naming its
    /// parameter, as is a parameter given twice.
    func query<Query: Decodable>(_ type: Query.Type, context: some RequestContext) throws -> Query {
        let fields = SentQueryFields(uri.query ?? "")
        // Hummingbird's decoding would turn bytes that are not UTF-8 into U+FFFD without a word.
        if let field = fields.firstNotUTF8() {
            throw APIError.badParameter(String(field.name), "\"\(field.value)\" is not percent-encoded UTF-8; expected UTF-8 text with %XX escapes")
        }
        do {
            return try uri.decodeQuery(as: Query.self, context: context)
        } catch let error as URLEncodedFormError {
            throw APIError.badParameter(fields.name(refusedBy: error) ?? "query", Self.formMistake(error))
        }
    }

    private static func formMistake(_ error: URLEncodedFormError) -> String {
        switch error.code {
        case .failedToPercentDecode: return "\"\(error.value)\" is not percent-encoded UTF-8; expected UTF-8 text with %XX escapes"
        case .duplicateKeys: return "given more than once; expected it once"
        default: return "cannot be read as a form field (\(error))"
        }
    }
}

/// A query's fields as sent: split at '&' and at each field's first '=', and not decoded, so
/// that a message quotes what the client sent. Decoding is the frameworks': Hummingbird's form
/// decoding reads the values, and Foundation's percent-decoding, which refuses bytes that are
/// not UTF-8, tells such text from text Hummingbird reads. O(query length).
struct SentQueryFields {
    let fields: [(name: Substring, value: Substring)]

    init(_ query: String) {
        fields = query.split(separator: "&").map { field in
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    /// The first field whose name or value, once percent-decoded, is not UTF-8.
    func firstNotUTF8() -> (name: Substring, value: Substring)? {
        fields.first { Self.isNotUTF8($0.name) || Self.isNotUTF8($0.value) }
    }

    /// The parameter `error` is about, decoded as Hummingbird decodes names: the field
    /// Hummingbird refuses alone with that error, else the one of that name.
    func name(refusedBy error: URLEncodedFormError) -> String? {
        let field = fields.first { field in
            let name = String(field.name)
            return name == error.value || name.removingPercentEncoding == error.value || Self.formError(in: "\(field.name)=\(field.value)") == error
        }
        return field.map { String($0.name).removingPercentEncoding ?? String($0.name) }
    }

    /// Text whose escapes are all well formed (Hummingbird reads it) but whose bytes, once
    /// decoded, are not UTF-8 (Foundation refuses it). Text without an escape is the request's
    /// own UTF-8.
    private static func isNotUTF8(_ text: Substring) -> Bool {
        text.contains("%") && text.removingPercentEncoding == nil && formError(in: "name=\(text)") == nil
    }

    /// What Hummingbird's form decoding refuses in `form`, nil when it reads it.
    private static func formError(in form: String) -> URLEncodedFormError? {
        do {
            _ = try URLEncodedFormDecoder().decode([String: String].self, from: form)
            return nil
        } catch let error as URLEncodedFormError {
            return error
        } catch {
            return nil
        }
    }
}
