/// The region as GeoJSON, for drawing it on a map beside the points it left out.
extension MapRegion {
    /// An RFC 7946 FeatureCollection: first the region, then one Point feature per trimmed point.
    ///
    /// The region is a Polygon with a counterclockwise ring (RFC 7946 §3.1.6). A region across the
    /// antimeridian is cut there into a MultiPolygon of two boxes, one ending at 180° and one starting
    /// at −180° (RFC 7946 §3.1.9), so that no edge runs the long way round the globe. The region's
    /// properties carry the centre, span, counts and zoom; each trimmed point's carry its input index.
    /// The collection's `bbox` is the region's, west > east across the antimeridian. O(trimmed).
    /// Encode it with `JSONOutput`.
    ///
    /// - Parameter points: the point set that was framed, to give the trimmed points their coordinates.
    public func geoJSON(points: PointSet) -> RegionGeoJSON {
        let region = RegionGeoJSON.Feature(
            bbox: bounds, geometry: bounds.geoJSONGeometry,
            properties: .region(
                center: [center.longitude, center.latitude], span: span, pointCount: pointCount,
                keptCount: keptCount, zoom: zoom))
        let trimmed = trimmedIndices.map { index in
            RegionGeoJSON.Feature(
                bbox: nil, geometry: .point([points.longitudes[index], points.latitudes[index]]),
                properties: .trimmed(index: index))
        }
        return RegionGeoJSON(bbox: bounds, features: [region] + trimmed)
    }
}

/// A framed region and its trimmed points as an RFC 7946 FeatureCollection (see `MapRegion.geoJSON(points:)`).
public struct RegionGeoJSON: Sendable, Encodable {
    public let type = "FeatureCollection"
    public let bbox: GeoBBox
    public let features: [Feature]

    private enum CodingKeys: String, CodingKey { case type, bbox, features }

    public struct Feature: Sendable, Encodable {
        public let type = "Feature"
        public let bbox: GeoBBox?
        public let geometry: Geometry
        public let properties: Properties

        private enum CodingKeys: String, CodingKey { case type, bbox, geometry, properties }
    }

    /// A GeoJSON geometry, positions as [longitude, latitude].
    public enum Geometry: Sendable, Encodable {
        case point([Double])
        case polygon([[[Double]]])
        case multiPolygon([[[[Double]]]])

        private enum CodingKeys: String, CodingKey { case type, coordinates }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .point(let position):
                try container.encode("Point", forKey: .type)
                try container.encode(position, forKey: .coordinates)
            case .polygon(let rings):
                try container.encode("Polygon", forKey: .type)
                try container.encode(rings, forKey: .coordinates)
            case .multiPolygon(let polygons):
                try container.encode("MultiPolygon", forKey: .type)
                try container.encode(polygons, forKey: .coordinates)
            }
        }
    }

    /// What a feature is: the region, or a point it trimmed (by its index in the input).
    public enum Properties: Sendable, Encodable {
        case region(center: [Double], span: MapRegion.Span, pointCount: Int, keptCount: Int, zoom: Int?)
        case trimmed(index: Int)

        private enum CodingKeys: String, CodingKey {
            case role, center, latitudeDelta, longitudeDelta, pointCount, keptCount, zoom, index
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case let .region(center, span, pointCount, keptCount, zoom):
                try container.encode("region", forKey: .role)
                try container.encode(center, forKey: .center)
                try container.encode(span.latitudeDelta, forKey: .latitudeDelta)
                try container.encode(span.longitudeDelta, forKey: .longitudeDelta)
                try container.encode(pointCount, forKey: .pointCount)
                try container.encode(keptCount, forKey: .keptCount)
                try container.encodeIfPresent(zoom, forKey: .zoom)
            case .trimmed(let index):
                try container.encode("trimmed", forKey: .role)
                try container.encode(index, forKey: .index)
            }
        }
    }
}

extension GeoBBox {
    /// A Polygon, or a MultiPolygon cut at the antimeridian.
    var geoJSONGeometry: RegionGeoJSON.Geometry {
        func ring(west: Double, east: Double) -> [[[Double]]] {
            [[[west, south], [east, south], [east, north], [west, north], [west, south]]]
        }
        guard crossesAntimeridian else { return .polygon(ring(west: west, east: east)) }
        return .multiPolygon([ring(west: west, east: 180), ring(west: -180, east: east)])
    }
}
