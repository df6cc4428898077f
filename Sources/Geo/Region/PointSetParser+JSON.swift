/// GeoJSON and JSON coordinate-pair input for ``PointSetParser``.
extension PointSetParser {
    /// A FeatureCollection, Feature, Point or MultiPoint.
    static func readGeoJSON(_ root: JSONValue, into points: inout PointAccumulator) throws {
        guard let type = root["type"]?.string else {
            throw PointSetError.unrecognizedFormat("found a JSON object without a \"type\" member naming a GeoJSON type")
        }
        switch type {
        case "FeatureCollection":
            guard let features = root["features"]?.array else {
                throw PointSetError.unrecognizedFormat("found a FeatureCollection without a \"features\" array")
            }
            for (featureIndex, feature) in features.enumerated() {
                try readFeature(feature, location: "feature \(featureIndex)", into: &points)
            }
        case "Feature":
            try readFeature(root, location: "the Feature", into: &points)
        case "Point", "MultiPoint":
            try readGeometry(root, location: nil, into: &points)
        default:
            throw PointSetError.unrecognizedFormat("found a GeoJSON \(type), which holds no point list")
        }
    }

    /// A root array whose elements are `[longitude, latitude]` pairs.
    static func readCoordinatePairs(_ root: JSONValue, into points: inout PointAccumulator) throws {
        guard let pairs = root.array else { return }
        for pair in pairs {
            try readPosition(pair, location: nil, into: &points)
        }
    }

    private static func readFeature(_ feature: JSONValue, location: String, into points: inout PointAccumulator) throws {
        guard feature["type"]?.string == "Feature" else {
            throw badPoint(points, location, "expected a Feature; found \(feature["type"]?.string.map { "a \($0)" } ?? feature.summary)")
        }
        guard let geometry = feature["geometry"] else {
            throw badPoint(points, location, "the Feature has no geometry; expected a Point or MultiPoint")
        }
        try readGeometry(geometry, location: location, into: &points)
    }

    private static func readGeometry(_ geometry: JSONValue, location: String?, into points: inout PointAccumulator) throws {
        let type = geometry["type"]?.string
        switch type {
        case "Point":
            try readPosition(geometry["coordinates"] ?? .null, location: location, into: &points)
        case "MultiPoint":
            guard let positions = geometry["coordinates"]?.array else {
                throw badPoint(points, location, "the MultiPoint has no \"coordinates\" array")
            }
            for (position, coordinates) in positions.enumerated() {
                let place = [location, "position \(position)"].compactMap { $0 }.joined(separator: ", ")
                try readPosition(coordinates, location: place, into: &points)
            }
        default:
            let found = type.map { "a \($0)" } ?? geometry.summary
            throw badPoint(points, location, "geometry is \(found); expected a Point or MultiPoint")
        }
    }

    /// One GeoJSON position: `[longitude, latitude]`, optionally followed by an altitude
    /// (RFC 7946 §3.1.1: no more than three elements).
    private static func readPosition(_ position: JSONValue, location: String?, into points: inout PointAccumulator) throws {
        guard let elements = position.array, (2...3).contains(elements.count), elements.allSatisfy({ $0.number != nil }),
            let longitude = elements[0].number, let latitude = elements[1].number
        else {
            let found = position.array.map { "[" + $0.map(\.summary).joined(separator: ", ") + "]" } ?? position.summary
            throw badPoint(points, location, "expected a position [longitude, latitude] of two numbers; found \(found)")
        }
        try points.append(latitude: latitude, longitude: longitude, location: location)
    }

    private static func badPoint(_ points: PointAccumulator, _ location: String?, _ problem: String) -> PointSetError {
        .badPoint(index: points.nextIndex, location: location, problem: problem)
    }
}
