/// The outline of a round-capped, round-joined stroke that grows point by point, with its edges kept
/// by the rows they reach, so that filling the rows around a new segment costs the edges there, not
/// the length of the stroke behind it.
///
/// Its edges are exactly those of `Stroker.roundStroke` over the same points (the same pieces, in the
/// same arithmetic), and the rasterizer's result depends only on the set of edges, so
/// `Rasterizer.fill(outline, …)` gives the pixels of filling the whole stroke's path.
///
/// The contour `roundStroke` draws is: the left side (forward), the end cap, the right side (back),
/// the start cap. Each new point adds a join and a segment to both sides, which never change again,
/// and replaces the end cap; only the cap's edges are kept apart.
struct StrokeOutline {
    private let piece: StrokePiece
    /// Only edges reaching rows `0..<height` are kept.
    private let height: Int
    /// The edges that never change again, and for each band of `bandRows` rows the ones reaching it.
    private var edges: [Rasterizer.Edge] = []
    private var bands: [[Int32]]
    /// The end cap (or, for one point, the whole disc).
    private var cap: [Rasterizer.Edge] = []
    /// The last two distinct points.
    private var previous: Point?
    private var last: Point?
    /// The left side's last vertex and the right side's first: the end cap runs from one to the other.
    private var leftEnd = Point(x: 0, y: 0)
    private var rightStart = Point(x: 0, y: 0)
    /// A scratch path for one piece's vertices.
    private var scratch = Path()

    static let bandRows = 16

    /// An empty outline for a pen `width` pixels wide, for a mask `height` rows tall.
    public init(width: Double, height: Int, tolerance: Double = Path.defaultTolerance) {
        piece = StrokePiece(radius: width / 2, tolerance: tolerance)
        self.height = max(height, 0)
        bands = [[Int32]](repeating: [], count: (self.height + StrokeOutline.bandRows - 1) / StrokeOutline.bandRows)
    }

    public var isEmpty: Bool { last == nil }

    /// Extends the stroke to `point` (a point that coincides with the last one is ignored, as
    /// `Stroker` ignores it).
    public mutating func add(_ point: Point) {
        guard piece.radius > 0 else { return }
        guard let b = last else {
            last = point
            scratch = Path()
            scratch.addCircle(center: point, radius: piece.radius, tolerance: piece.tolerance)
            cap = StrokeOutline.closedEdges(scratch.points)
            return
        }
        guard (point - b).length > Stroker.coincidence else { return }
        if let a = previous {
            // Left side: the join at b, then the new segment.
            var chain = [leftEnd]
            scratch = Path()
            piece.join(a, b, point, to: &scratch)
            chain += scratch.points
            leftEnd = point + piece.normal(from: b, to: point)
            chain.append(leftEnd)
            keep(chain)
            // Right side, which runs backwards: the new segment's end at b, the join at b, then on.
            let start = b + piece.normal(from: point, to: b)
            chain = [start]
            scratch = Path()
            piece.join(point, b, a, to: &scratch)
            chain += scratch.points
            chain.append(rightStart)
            keep(chain)
            rightStart = start
        } else {
            // The second point: the first segment on both sides and the start cap, which stays.
            let a = b
            let origin = a + piece.normal(from: a, to: point)
            leftEnd = point + piece.normal(from: a, to: point)
            keep([origin, leftEnd])
            rightStart = a + piece.normal(from: point, to: a)
            scratch = Path()
            piece.cap(point, a, to: &scratch)
            keep([rightStart] + scratch.points + [origin])
        }
        previous = b
        last = point
        scratch = Path()
        piece.cap(b, point, to: &scratch)
        cap = StrokeOutline.openEdges([leftEnd] + scratch.points + [rightStart])
    }

    /// Appends the outline's edges that reach rows `rows` to `out`, in no particular order.
    func collectEdges(reaching rows: RowRange, into out: inout [Rasterizer.Edge]) {
        let top = Double(rows.lower)
        let bottom = Double(rows.upper)
        for edge in cap where edge.reaches(top, bottom) { out.append(edge) }
        let first = max(rows.lower, 0) / StrokeOutline.bandRows
        let end = min((rows.upper + StrokeOutline.bandRows - 1) / StrokeOutline.bandRows, bands.count)
        guard first < end else { return }
        for band in first..<end {
            for index in bands[band] {
                let edge = edges[Int(index)]
                // An edge listed in several bands is taken from the first of them that the query reaches.
                guard band == max(StrokeOutline.firstBand(of: edge), first), edge.reaches(top, bottom) else { continue }
                out.append(edge)
            }
        }
    }

    private static func firstBand(of edge: Rasterizer.Edge) -> Int {
        max(Int(edge.y0.rounded(.down)), 0) / bandRows
    }

    /// Keeps the edges of the open chain of `vertices` for good.
    private mutating func keep(_ vertices: [Point]) {
        for edge in StrokeOutline.openEdges(vertices) {
            let first = max(Int(edge.y0.rounded(.down)), 0)
            let last = min(Int(edge.y1.rounded(.up)), height)
            guard first < last else { continue }  // never reaches a row of the mask
            let index = Int32(edges.count)
            edges.append(edge)
            for band in StrokeOutline.firstBand(of: edge)...(last - 1) / StrokeOutline.bandRows {
                bands[band].append(index)
            }
        }
    }

    private static func openEdges(_ vertices: [Point]) -> [Rasterizer.Edge] {
        guard vertices.count > 1 else { return [] }
        return (1..<vertices.count).compactMap { Rasterizer.Edge(from: vertices[$0 - 1], to: vertices[$0]) }
    }

    private static func closedEdges(_ vertices: [Point]) -> [Rasterizer.Edge] {
        guard let first = vertices.first else { return [] }
        return openEdges(vertices + [first])
    }
}
