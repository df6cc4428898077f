/// The region as GeoJSON, for drawing it on a map beside the points it left out.
extension MapRegion {
    /// An RFC 7946 FeatureCollection: first the region, then one Point feature per trimmed point.
    ///
    /// The region is a Polygon with a counterclockwise ring (RFC 7946 §3.1.6). A region across the
    /// antimeridian is cut there into a MultiPolygon of two boxes, one ending at 180° and one starting
    /// at −180° (RFC 7946 §3.1.9), so that no edge runs the long way round the globe. The region's
    /// properties carry the centre, span, counts and zoom; each trimmed point's carry its input index.
    /// The collection's `bbox` is the region's, west > east across the antimeridian. O(trimmed).
    ///
    /// - Parameter points: the point set that was framed, to give the trimmed points their coordinates.
    public func geoJSONText(points: PointSet, pretty: Bool = true) -> String {
        var regionProperties: [(key: String, value: JSONValue)] = [
            ("role", .string("region")),
            ("center", .array([.number(center.longitude), .number(center.latitude)])),
            ("latitudeDelta", .number(span.latitudeDelta)),
            ("longitudeDelta", .number(span.longitudeDelta)),
            ("pointCount", .number(Double(pointCount))),
            ("keptCount", .number(Double(keptCount))),
        ]
        if let zoom { regionProperties.append(("zoom", .number(Double(zoom)))) }
        let regionFeature = JSONValue.object([
            ("type", .string("Feature")),
            ("bbox", bounds.jsonValue),
            ("geometry", bounds.geoJSONGeometry),
            ("properties", .object(regionProperties)),
        ])
        let trimmedFeatures = trimmedIndices.map { index in
            JSONValue.object([
                ("type", .string("Feature")),
                ("geometry", .object([
                    ("type", .string("Point")),
                    ("coordinates", .array([.number(points.longitudes[index]), .number(points.latitudes[index])])),
                ])),
                ("properties", .object([("role", .string("trimmed")), ("index", .number(Double(index)))])),
            ])
        }
        let collection = JSONValue.object([
            ("type", .string("FeatureCollection")),
            ("bbox", bounds.jsonValue),
            ("features", .array([regionFeature] + trimmedFeatures)),
        ])
        return JSONWriter.text(collection, pretty: pretty)
    }
}

extension GeoBBox {
    /// A Polygon, or a MultiPolygon cut at the antimeridian.
    var geoJSONGeometry: JSONValue {
        func ring(west: Double, east: Double) -> JSONValue {
            let corners = [(west, south), (east, south), (east, north), (west, north), (west, south)]
            return .array([.array(corners.map { .array([.number($0.0), .number($0.1)]) })])
        }
        guard crossesAntimeridian else {
            return .object([("type", .string("Polygon")), ("coordinates", ring(west: west, east: east))])
        }
        return .object([
            ("type", .string("MultiPolygon")),
            ("coordinates", .array([ring(west: west, east: 180), ring(west: -180, east: east)])),
        ])
    }
}
