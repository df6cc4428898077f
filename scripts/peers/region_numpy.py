"""Region framing in NumPy, the peer that geoq's region framer is benchmarked beside.

Two rules, as geoq's RegionFramer has them:

adaptive (the default): a sample of at most 1,024 points (every point, or evenly spaced by index) is
clustered by its great-circle minimum spanning tree (Prim, chord lengths, ties to the lowest index);
single-linkage merges, shortest edge first, keep the smaller cluster's core when it is near the larger
core's frame (within max(its size, floor) degrees), or when it is not few (its largest
single cluster holds more than one point, and more than a third of the larger's largest single cluster or
a tenth of the sample and three points) and the gap is also wider than its own reach. From the core's frame, every point within
max(the frame's size, floor) of the frame is kept, again and again as the frame grows; if more
than a quarter of the points (or than one, in a set of fewer than eight) would be left out, all are kept,
unless they are fewer than half and each lies farther than ten times the reach. The floor is the larger of `gap` and twice
the lower median edge of the tree. A frame is the latitude interval and the longitude arc
that leaves out the widest gap between neighbouring longitudes; its size is its corner-to-corner
great-circle distance (180 for an arc of more than 180 degrees).

locator: sorted latitudes and longitudes, the longest run with neighbouring values at most `gap` apart
(plus a nanodegree of tolerance), longitudes on a circle, ties to the smaller extent then the smaller
lower edge, poles exempt from the longitude run.

Both: padding on each side, a minimum span, and latitudes kept within -90..90 by shifting.

    python3 region_numpy.py POINTS_FILE [--runs R] [--mode adaptive|locator]

POINTS_FILE holds little-endian float64 values, all latitudes then all longitudes (as written by
geoq-bench-region --write-points). Prints `numpy_ms MEDIAN` and the region in geoq-bench-region's form.
"""
import argparse
import math
import time

import numpy as np

TOLERANCE = 1e-9


def preferred(counts, extents, lowers):
    """Index of the run with most points, then smallest extent (within the tolerance), then lowest edge."""
    most = counts == counts.max()
    tightest = extents[most].min()
    candidates = np.flatnonzero(most & (extents <= tightest + TOLERANCE))
    return candidates[np.argmin(lowers[candidates])]


def linear_run(values, gap):
    s = np.sort(values)
    breaks = np.flatnonzero(np.diff(s) > gap + TOLERANCE)
    starts = np.concatenate(([0], breaks + 1))
    ends = np.concatenate((breaks, [len(s) - 1]))
    lowers, uppers = s[starts], s[ends]
    extents = uppers - lowers
    best = preferred(ends - starts + 1, extents, lowers)
    return lowers[best], uppers[best], extents[best]


def circular_run(values, gap):
    s = np.sort(np.where(values == 180, -180.0, values))
    m = len(s)
    gaps = np.empty(m)
    gaps[:-1] = np.diff(s)
    gaps[-1] = (s[0] + 360) - s[-1]
    breaks = np.flatnonzero(gaps > gap + TOLERANCE)
    if len(breaks) == 0:
        # One run round the whole circle: leave out the widest gap, the one across +-180 first on ties.
        order = np.concatenate(([m - 1], np.arange(m - 1)))
        widest = order[np.argmax(gaps[order] >= gaps.max() - TOLERANCE)]
        starts, ends = np.array([(widest + 1) % m]), np.array([widest])
    else:
        starts = (breaks + 1) % m
        ends = np.roll(breaks, -1)
    counts = (ends - starts) % m + 1
    lowers, uppers = s[starts], s[ends]
    crossing = ends < starts
    extents = np.where(crossing, (uppers + 360) - lowers, uppers - lowers)
    best = preferred(counts, extents, lowers)
    return lowers[best], uppers[best], extents[best]


def west_edge(longitude):
    wrapped = longitude - 360 * np.floor((longitude + 180) / 360)
    return wrapped - 360 if wrapped >= 180 else wrapped


def locator_frame(latitudes, longitudes, gap=1.0, padding=0.1, minimum_span=0.01):
    south_run, north_run, latitude_extent = linear_run(latitudes, gap)
    polar = np.abs(latitudes) == 90
    voters = longitudes if polar.all() else longitudes[~polar]
    west_run, east_run, longitude_extent = circular_run(voters, gap)

    circle = np.where(longitudes == 180, -180.0, longitudes)
    in_latitude = (latitudes >= south_run) & (latitudes <= north_run)
    if west_run <= east_run:
        in_longitude = (circle >= west_run) & (circle <= east_run)
    else:
        in_longitude = (circle >= west_run) | (circle <= east_run)
    kept = in_latitude & (polar | in_longitude)
    trimmed = np.flatnonzero(~kept)
    return padded_region(south_run, north_run, latitude_extent, west_run, east_run, longitude_extent, padding, minimum_span) \
        + (int(kept.sum()), trimmed)


def padded_region(south_run, north_run, latitude_extent, west_run, east_run, longitude_extent, padding, minimum_span):
    """The padded box and the point box around a latitude interval and a longitude arc."""
    latitude_span = min(max(latitude_extent * (1 + 2 * padding), minimum_span), 180)
    middle = (south_run + north_run) / 2
    south, north = middle - latitude_span / 2, middle + latitude_span / 2
    if south < -90:
        south, north = -90.0, -90 + latitude_span
    if north > 90:
        south, north = 90 - latitude_span, 90.0

    longitude_span = min(max(longitude_extent * (1 + 2 * padding), minimum_span), 360)
    centre = west_edge(west_run + longitude_extent / 2)
    if longitude_span >= 360:
        west, east = -180.0, 180.0
    elif longitude_span == 0:
        west = east = centre
    else:
        west = west_edge(centre - longitude_span / 2)
        east = west_edge(centre + longitude_span / 2)
        if east == -180:
            east = 180.0
    point_east = 180.0 if east_run == -180 and longitude_extent > 0 else east_run
    return (west, south, east, north), (west_run, south_run, point_east, north_run)


FAR_FACTOR = 1.0
SAMPLE_SIZE = 1024
PLAINLY = 10


def haversine_degrees(latitude1, latitude2, longitude_difference):
    phi1, phi2 = latitude1 * math.pi / 180, latitude2 * math.pi / 180
    half_latitude, half_longitude = math.sin((phi2 - phi1) / 2), math.sin(longitude_difference * math.pi / 180 / 2)
    a = half_latitude * half_latitude + math.cos(phi1) * math.cos(phi2) * half_longitude * half_longitude
    return 2 * math.asin(min(1.0, math.sqrt(a))) * 180 / math.pi


class Frame:
    """Latitude interval and longitude arc (west edge -180..<180, width 0..360)."""

    def __init__(self, south, north, west, arc, east=None):
        self.south, self.north, self.west, self.arc, self.east = south, north, west, arc, east

    def size(self):
        return 180.0 if self.arc > 180 else haversine_degrees(self.south, self.north, self.arc)

    def joined(self, other):
        def reach(first, second):
            offset = eastward(first.west, second.west)
            return max(first.arc, offset + second.arc) if offset <= first.arc else offset + second.arc
        from_self, from_other = reach(self, other), reach(other, self)
        west, arc = (other.west, from_other) if from_other < from_self else (self.west, from_self)
        return Frame(min(self.south, other.south), max(self.north, other.north), -180.0 if arc >= 360 else west, min(arc, 360.0))


def eastward(west, longitude):
    offset = longitude - west
    return offset + 360 if offset < 0 else offset


def spanning_tree(latitudes, longitudes):
    """Prim on chord lengths, ties to the lowest index: [(parent, child, degrees)] in the order added."""
    count = len(latitudes)
    x, y, z = np.empty(count), np.empty(count), np.empty(count)
    for index in range(count):
        latitude, longitude = latitudes[index] * math.pi / 180, longitudes[index] * math.pi / 180
        x[index] = math.cos(latitude) * math.cos(longitude)
        y[index] = math.cos(latitude) * math.sin(longitude)
        z[index] = math.sin(latitude)
    nearest = np.full(count, np.inf)
    through = np.zeros(count, dtype=np.int64)
    in_tree = np.zeros(count, dtype=bool)
    in_tree[0] = True
    newest, edges = 0, []
    for _ in range(1, count):
        chord = (x - x[newest]) ** 2 + (y - y[newest]) ** 2 + (z - z[newest]) ** 2
        better = ~in_tree & (chord < nearest)
        nearest[better] = chord[better]
        through[better] = newest
        following = int(np.argmin(np.where(in_tree, np.inf, nearest)))
        in_tree[following] = True
        degrees = 2 * math.asin(min(1.0, math.sqrt(nearest[following]) / 2)) * 180 / math.pi
        edges.append((int(through[following]), following, degrees))
        newest = following
    return edges


def spacing_floor(edges, gap):
    """No point nearer than this to the frame is left out: the gap, or twice the lower median edge."""
    if not edges:
        return gap
    lengths = sorted(edge[2] for edge in edges)
    return max(gap, 2 * lengths[(len(lengths) - 1) // 2])


def cluster_core(edges, latitudes, longitudes, gap):
    """Indices of the sample points in the core, ascending; `gap` is the spacing floor."""
    count = len(latitudes)
    frames = [Frame(latitudes[i], latitudes[i], -180.0 if longitudes[i] == 180 else float(longitudes[i]), 0.0) for i in range(count)]
    sizes = [1] * count
    cluster_sizes = [1] * count
    merges = []
    parent = list(range(count))
    node_of_root = list(range(count))

    def root(point):
        while parent[point] != point:
            parent[point] = parent[parent[point]]
            point = parent[point]
        return point

    def reach(frame):
        return max(FAR_FACTOR * frame.size(), gap)

    for edge_index in sorted(range(len(edges)), key=lambda i: (edges[i][2], i)):
        first_point, second_point, gap_width = edges[edge_index]
        first, second = root(first_point), root(second_point)
        x, y = node_of_root[first], node_of_root[second]
        if sizes[y] > sizes[x]:
            x, y = y, x
        near = gap_width <= reach(frames[x])
        y_cluster = cluster_sizes[y]
        few = (3 * y_cluster <= cluster_sizes[x] and y_cluster <= max(3, count // 10)) or (y_cluster == 1 and sizes[x] >= 2)
        comparable = not near and not few and gap_width > reach(frames[y])
        both = near or comparable
        merges.append((x, y, both))
        frames.append(frames[x].joined(frames[y]) if both else frames[x])
        sizes.append(sizes[x] + sizes[y])
        cluster_sizes.append(sizes[x] + sizes[y] if near else max(cluster_sizes[x], cluster_sizes[y]) if comparable else cluster_sizes[x])
        parent[second] = first
        node_of_root[first] = len(frames) - 1

    members, pending = [], [len(frames) - 1]
    while pending:
        node = pending.pop()
        if node < count:
            members.append(node)
            continue
        larger, smaller, both = merges[node - count]
        pending.append(larger)
        if both:
            pending.append(smaller)
    return sorted(members)


def frame_of(latitudes, circle_longitudes):
    """The frame of points: latitude interval, and the arc leaving out the widest gap (the one across
    +-180 first on ties, then the most westerly)."""
    polar = np.abs(latitudes) == 90
    voters = np.sort(circle_longitudes if polar.all() else circle_longitudes[~polar])
    m = len(voters)
    gaps = np.empty(m)
    gaps[:-1] = np.diff(voters)
    gaps[-1] = (voters[0] + 360) - voters[-1]
    widest = gaps.max()
    gap_index = m - 1
    if gaps[gap_index] < widest - TOLERANCE:
        gap_index = int(np.argmax(gaps >= widest - TOLERANCE))
    west_index, east_index = (gap_index + 1) % m, gap_index
    west, east = float(voters[west_index]), float(voters[east_index])
    arc = (east + 360) - west if east_index < west_index else east - west
    return Frame(float(latitudes.min()), float(latitudes.max()), west, arc, east)


def zone_mask(frame, distance, latitudes, circle):
    south, north = frame.south - distance, frame.north + distance
    inside = (latitudes >= south) & (latitudes <= north)
    farthest = max(abs(south), abs(north))
    sine = math.sin(distance / 2 * math.pi / 180) / math.cos(farthest * math.pi / 180)
    if farthest < 90 and sine < 1 and distance < 180:
        widening = 2 * math.asin(sine) * 180 / math.pi
        arc = frame.arc + 2 * widening
        if arc < 360:
            west = west_edge(frame.west - widening)
            offset = circle - west
            offset = np.where(offset < 0, offset + 360, offset)
            inside &= (np.abs(latitudes) == 90) | (offset <= arc)
    return inside


def frame_mask(frame, latitudes, circle):
    offset = circle - frame.west
    offset = np.where(offset < 0, offset + 360, offset)
    return (latitudes >= frame.south) & (latitudes <= frame.north) & ((np.abs(latitudes) == 90) | (offset <= frame.arc))


def distances(frame, latitudes, circle):
    """Great-circle degrees from each point (outside the arc's longitudes, off the poles, or not) to the frame."""
    offset = circle - frame.west
    offset = np.where(offset < 0, offset + 360, offset)
    along = np.maximum(0, np.maximum(frame.south - latitudes, latitudes - frame.north))
    phi = latitudes * math.pi / 180

    def haversine(edge, difference):
        phi2 = edge * math.pi / 180
        half_latitude, half_longitude = np.sin((phi2 - phi) / 2), np.sin(difference * math.pi / 180 / 2)
        a = half_latitude * half_latitude + np.cos(phi) * np.cos(phi2) * half_longitude * half_longitude
        return 2 * np.arcsin(np.minimum(1, np.sqrt(a))) * 180 / math.pi

    def to_edge(difference):
        # The clamped nearest position, or an end when the meridian holds the farthest position.
        nearest = np.arctan2(np.sin(phi), np.cos(phi) * np.cos(difference * math.pi / 180)) * 180 / math.pi
        edge = np.minimum(np.maximum(nearest, frame.south), frame.north)
        ends = np.minimum(haversine(np.full_like(phi, frame.south), difference), haversine(np.full_like(phi, frame.north), difference))
        return np.minimum(haversine(edge, difference), ends)

    to_west, to_east = 360 - offset, offset - frame.arc
    across = np.minimum(to_edge(np.minimum(to_west, 360 - to_west)), to_edge(np.minimum(to_east, 360 - to_east)))
    return np.where((np.abs(latitudes) == 90) | (offset <= frame.arc), along, across)


def plainly_apart(frame, latitudes, circle, floor):
    """Whether every point lies farther than ten times the reach from the frame."""
    return bool((distances(frame, latitudes, circle) > PLAINLY * max(FAR_FACTOR * frame.size(), floor)).all())


def adaptive_frame(latitudes, longitudes, gap=1.0, padding=0.1, minimum_span=0.01):
    count = len(latitudes)
    circle = np.where(longitudes == 180, -180.0, longitudes)
    sample = np.arange(count) if count <= SAMPLE_SIZE else (np.arange(SAMPLE_SIZE, dtype=np.int64) * count) // SAMPLE_SIZE
    sample_latitudes, sample_longitudes = latitudes[sample], longitudes[sample]
    edges = spanning_tree(sample_latitudes.tolist(), sample_longitudes.tolist())
    gap = spacing_floor(edges, gap)
    core = cluster_core(edges, sample_latitudes.tolist(), sample_longitudes.tolist(), gap)
    frame = frame_of(sample_latitudes[core], circle[sample][core])

    kept = np.zeros(count, dtype=bool)
    while True:
        reach = max(FAR_FACTOR * frame.size(), gap)
        candidates = np.flatnonzero(~kept)
        lat, lon = latitudes[candidates], circle[candidates]
        in_zone = zone_mask(frame, reach, lat, lon)
        joining = in_zone & frame_mask(frame, lat, lon)
        ring = np.flatnonzero(in_zone & ~joining)
        if len(ring):
            joining[ring] = distances(frame, lat[ring], lon[ring]) <= reach
        if not joining.any():
            break
        kept[candidates[joining]] = True
        frame = frame_of(latitudes[kept], circle[kept])
        if kept.all():
            break
    left_out = count - int(kept.sum())
    if 4 * left_out > max(4, count) and not (2 * left_out < count and plainly_apart(frame, latitudes[~kept], circle[~kept], gap)):
        kept[:] = True
        frame = frame_of(latitudes, circle)
    boxes = padded_region(frame.south, frame.north, frame.north - frame.south, frame.west, frame.east, frame.arc,
                          padding, minimum_span)
    return boxes + (int(kept.sum()), np.flatnonzero(~kept))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("points")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--mode", choices=["adaptive", "locator"], default="adaptive")
    arguments = parser.parse_args()
    frame = adaptive_frame if arguments.mode == "adaptive" else locator_frame
    values = np.fromfile(arguments.points, dtype="<f8")
    latitudes, longitudes = values[: len(values) // 2], values[len(values) // 2:]
    times = []
    for _ in range(arguments.runs):
        start = time.perf_counter()
        result = frame(latitudes, longitudes)
        times.append((time.perf_counter() - start) * 1000)
    bounds, point_bounds, kept, _ = result
    print(f"numpy_ms {sorted(times)[len(times) // 2]}")
    text = lambda box: " ".join(repr(float(v)) for v in box)
    print(f"region bbox {text(bounds)} points {text(point_bounds)} kept {kept}")


if __name__ == "__main__":
    main()
