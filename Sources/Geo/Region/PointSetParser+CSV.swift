import Foundation

/// CSV input for ``PointSetParser``: a header row naming the latitude and longitude columns, then one
/// point per non-blank line.
extension PointSetParser {
    /// Header names, lower-cased, that mark the latitude column.
    static let latitudeNames: Set<String> = ["lat", "latitude"]
    /// Header names, lower-cased, that mark the longitude column.
    static let longitudeNames: Set<String> = ["lon", "lng", "long", "longitude"]
    /// Delimiters tried on the header, in this order; the first that yields both columns is used.
    static let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")]

    /// Where the coordinates are in each row.
    struct CSVLayout: Equatable {
        var delimiter: UInt8
        var latitudeColumn: Int
        var longitudeColumn: Int
    }

    static func readCSV(_ bytes: [UInt8], into points: inout PointAccumulator) throws {
        var layout: CSVLayout?
        for (lineNumber, line) in lines(of: bytes) {
            guard let layout else {
                layout = try csvLayout(header: line)
                continue
            }
            try readRow(line, lineNumber: lineNumber, layout: layout, into: &points)
        }
    }

    /// Finds the delimiter and the two coordinate columns of a header line.
    static func csvLayout(header: ArraySlice<UInt8>) throws -> CSVLayout {
        var partialMatch: String?
        for delimiter in delimiters {
            let names = fields(of: header, delimiter: delimiter).map { text(of: $0).lowercased() }
            let latitudeColumns = names.indices.filter { latitudeNames.contains(names[$0]) }
            let longitudeColumns = names.indices.filter { longitudeNames.contains(names[$0]) }
            if latitudeColumns.count > 1 || longitudeColumns.count > 1 {
                let (what, columns) = latitudeColumns.count > 1 ? ("latitude", latitudeColumns) : ("longitude", longitudeColumns)
                throw PointSetError.invalidCSVHeader(
                    "columns \(columns.map { String($0 + 1) }.joined(separator: " and ")) both name the \(what); expected one")
            }
            if let latitude = latitudeColumns.first, let longitude = longitudeColumns.first {
                return CSVLayout(delimiter: delimiter, latitudeColumn: latitude, longitudeColumn: longitude)
            }
            if partialMatch == nil, !latitudeColumns.isEmpty {
                partialMatch = "it names a latitude column but no longitude column (lon, lng, long or longitude)"
            } else if partialMatch == nil, !longitudeColumns.isEmpty {
                partialMatch = "it names a longitude column but no latitude column (lat or latitude)"
            }
        }
        if let partialMatch { throw PointSetError.invalidCSVHeader(partialMatch) }
        let shown = String(decoding: header.prefix(60), as: UTF8.self)
        throw PointSetError.unrecognizedFormat("the first line is \"\(shown)\"")
    }

    private static func readRow(
        _ line: ArraySlice<UInt8>, lineNumber: Int, layout: CSVLayout,
        into points: inout PointAccumulator
    ) throws {
        let location = "line \(lineNumber)"
        let row = fields(of: line, delimiter: layout.delimiter)
        let needed = max(layout.latitudeColumn, layout.longitudeColumn) + 1
        guard row.count >= needed else {
            throw PointSetError.badPoint(
                index: points.nextIndex, location: location,
                problem: "the row has \(row.count) field\(row.count == 1 ? "" : "s"); expected at least \(needed)")
        }
        func number(_ column: Int, _ name: String) throws -> Double {
            var field = text(of: row[column])
            if layout.delimiter != UInt8(ascii: ","), !field.contains("."), field.filter({ $0 == "," }).count == 1 {
                field = field.replacingOccurrences(of: ",", with: ".")
            }
            guard !field.isEmpty else {
                throw PointSetError.badPoint(index: points.nextIndex, location: location, problem: "\(name) is empty; expected a number")
            }
            // Decimal only (not "0x10"); "nan" and "inf" go on to be refused as not finite.
            guard let value = DecimalNumber.parse(field) ?? Double(field).flatMap({ $0.isFinite ? nil : $0 }) else {
                throw PointSetError.badPoint(
                    index: points.nextIndex, location: location,
                    problem: "\(name) \"\(field.prefix(40))\" is not a number")
            }
            return value
        }
        let latitude = try number(layout.latitudeColumn, "latitude")
        let longitude = try number(layout.longitudeColumn, "longitude")
        try points.append(latitude: latitude, longitude: longitude, location: location)
    }

    /// Non-blank records with the 1-based number of the line each starts on; a trailing carriage
    /// return is dropped. A newline inside double quotes (RFC 4180) belongs to its field and does
    /// not end the record.
    static func lines(of bytes: [UInt8]) -> [(number: Int, line: ArraySlice<UInt8>)] {
        var result: [(number: Int, line: ArraySlice<UInt8>)] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 1
        while start <= bytes.count {
            var end = start, quoted = false, newlinesInside = 0
            while end < bytes.count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "\"") {
                    quoted.toggle()
                } else if byte == UInt8(ascii: "\n") {
                    if !quoted { break }
                    newlinesInside += 1
                }
                end += 1
            }
            var line = bytes[start..<end]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) {
                result.append((number, line))
            }
            start = end + 1
            number += 1 + newlinesInside
        }
        return result
    }

    /// Splits one line at `delimiter`, outside double quotes.
    static func fields(of line: ArraySlice<UInt8>, delimiter: UInt8) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = line.startIndex
        var quoted = false
        for index in line.indices {
            let byte = line[index]
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if byte == delimiter, !quoted {
                result.append(line[start..<index])
                start = index + 1
            }
        }
        result.append(line[start..<line.endIndex])
        return result
    }

    /// A field's text without surrounding blanks and quotes; `""` inside quotes becomes `"`.
    static func text(of field: ArraySlice<UInt8>) -> String {
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var trimmed = field.drop(while: isBlank)
        while let last = trimmed.last, isBlank(last) { trimmed = trimmed.dropLast() }
        let quote = UInt8(ascii: "\"")
        guard trimmed.count >= 2, trimmed.first == quote, trimmed.last == quote else {
            return String(decoding: trimmed, as: UTF8.self)
        }
        return String(decoding: trimmed.dropFirst().dropLast(), as: UTF8.self)
            .replacingOccurrences(of: "\"\"", with: "\"")
            .trimmingCharacters(in: .whitespaces)
    }
}
