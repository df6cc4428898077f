/// The region as a JSON object, for `geoq region --format json` and the HTTP service.
extension MapRegion {
    /// The region as JSON text: `center`, `span`, `bbox` and `pointBounds` (RFC 7946 order),
    /// `pointCount`, `keptCount`, `trimmedIndices` and, when a viewport was given, `zoom`. O(trimmed).
    public func jsonText(pretty: Bool = true) -> String {
        var members: [(key: String, value: JSONValue)] = [
            ("center", .object([("latitude", .number(center.latitude)), ("longitude", .number(center.longitude))])),
            ("span", .object([("latitudeDelta", .number(span.latitudeDelta)), ("longitudeDelta", .number(span.longitudeDelta))])),
            ("bbox", bounds.jsonValue),
            ("pointBounds", pointBounds.jsonValue),
            ("pointCount", .number(Double(pointCount))),
            ("keptCount", .number(Double(keptCount))),
            ("trimmedIndices", .array(trimmedIndices.map { .number(Double($0)) })),
        ]
        if let zoom { members.append(("zoom", .number(Double(zoom)))) }
        return JSONWriter.text(.object(members), pretty: pretty)
    }
}

extension GeoBBox {
    var jsonValue: JSONValue { .array(rfc7946.map(JSONValue.number)) }
}
