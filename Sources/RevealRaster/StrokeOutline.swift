import RevealCore

/// The outline of a round-capped, round-joined stroke that grows point by point, cut into closed
/// pieces and indexed by the tiles of the mask they reach, so that filling what a new point changed
/// costs the pieces near it: not the length of the stroke behind it, nor the other passes of the
/// stroke through the same rows.
///
/// The pieces are the start cap, one piece per segment (with the join at its start) and the end cap.
/// Each is closed by the diameter across the stroke where it meets the next, and consecutive pieces
/// close with the same diameter run in opposite directions, so together they have the winding
/// numbers of the one contour `Stroker.roundStroke` draws (the same vertices, in the same arithmetic).
/// A closed piece winds zero around any point outside its bounds, so a tile is filled exactly from
/// the pieces that reach it; where two consecutive pieces both do, their shared diameter is left out,
/// which leaves the contour's own edges.
///
/// A tile's pixels are a function of the pieces listed for it alone, so filling only the tiles a new
/// point changed (`takeChangedTiles`) gives exactly the pixels of filling the whole outline again.
package struct StrokeOutline {
    /// A closed piece: its edges' range in `edges`, and the diameters it shares with the piece before
    /// and after it (indices into `edges`; -1 for none or a horizontal one).
    private struct Piece {
        var first: Int
        var count: Int
        var back = -1
        var forward = -1
    }

    private let piece: StrokePiece
    /// The mask's size, and its tiles: `tileWidth`×`tileHeight` pixels, `columns` across.
    package let maskWidth: Int
    package let maskHeight: Int
    package let tileWidth: Int
    package static let tileHeight = 4
    package let columns: Int
    package let rows: Int
    private var edges: [Rasterizer.Edge] = []
    private var pieces: [Piece] = []
    /// For each tile, the pieces that reach it, in order.
    private var tilePieces: [[Int32]]
    /// The end cap (or, for one point, the whole disc), replaced at every point, and the tiles it reaches.
    private var cap: [Rasterizer.Edge] = []
    private var capBack = -1
    private var capTiles: TileSpan?
    /// Tiles whose pixels changed since the last `takeChangedTiles`, and tiles wholly covered: the
    /// region only grows, so those never change again and are not filled again.
    private var changed: [Bool]
    private var covered: [Bool]
    private var changedList: [Int] = []
    /// The last two distinct points.
    private var previous: Point?
    private var last: Point?
    /// The two sides' vertices at the last point: the end cap runs from one to the other, and the next
    /// segment's piece starts from them.
    private var leftEnd = Point(x: 0, y: 0)
    private var rightEnd = Point(x: 0, y: 0)

    /// An empty outline for a pen `width` pixels wide, over a `size` mask.
    public init(width: Double, size: PixelSize, tolerance: Double = PixelPath.defaultTolerance) {
        piece = StrokePiece(radius: width / 2, tolerance: tolerance)
        maskWidth = max(size.width, 0)
        maskHeight = max(size.height, 0)
        // Tiles about as wide as the pen and four rows high: a piece reaches few of them, few pieces
        // reach each, and since a tile's edges are cut to it (`Rasterizer`), where the pen has passed
        // many times a tile costs the few edges inside it, and is soon wholly covered and left alone.
        let wide = (width / 4).rounded(.up)
        tileWidth = wide.isFinite && wide > 1 ? 4 * Int(min(wide, 65536)) : 4
        columns = (maskWidth + tileWidth - 1) / tileWidth
        rows = (maskHeight + StrokeOutline.tileHeight - 1) / StrokeOutline.tileHeight
        tilePieces = [[Int32]](repeating: [], count: columns * rows)
        changed = [Bool](repeating: false, count: columns * rows)
        covered = changed
    }

    public var isEmpty: Bool { last == nil }

    /// Extends the stroke to `point` (a point that coincides with the last one is ignored, as
    /// `Stroker` ignores it).
    public mutating func add(_ point: Point) {
        guard piece.radius > 0 else { return }
        guard let b = last else {
            last = point
            var disc = PixelPath()
            disc.addCircle(center: point, radius: piece.radius, tolerance: piece.tolerance)
            setCap(disc.points, back: false)
            return
        }
        guard (point - b).length > Stroker.coincidence else { return }
        let c = point
        let newLeftEnd = c + piece.normal(from: b, to: c)
        let newRightEnd = c + piece.normal(from: c, to: b)
        var left: [Point]
        var right = [newRightEnd, b + piece.normal(from: c, to: b)]
        if let a = previous {
            // Left side: the join at b, then the segment; right side (backwards): the segment, the join.
            var join = PixelPath()
            piece.join(a, b, c, to: &join)
            left = [leftEnd] + join.points
            join = PixelPath()
            piece.join(c, b, a, to: &join)
            right += join.points
            right.append(rightEnd)
        } else {
            // The second point: the start cap first, closed by the diameter at b.
            left = [b + piece.normal(from: b, to: c)]
            var arc = PixelPath()
            piece.cap(c, b, to: &arc)
            addPiece([right[1]] + arc.points + [left[0]], back: nil, forward: arc.points.count + 1)
        }
        left.append(newLeftEnd)
        // Closed by the diameter at c (forward) and the one at b (back).
        addPiece(left + right, back: left.count + right.count - 1, forward: left.count - 1)
        leftEnd = newLeftEnd
        rightEnd = newRightEnd
        previous = b
        last = c
        var arc = PixelPath()
        piece.cap(b, c, to: &arc)
        setCap([leftEnd] + arc.points + [rightEnd], back: true)
    }

    /// The tiles whose pixels changed since the last call, and forgets them.
    public mutating func takeChangedTiles() -> [Int] {
        let list = changedList
        for tile in list { changed[tile] = false }
        changedList.removeAll(keepingCapacity: true)
        return list
    }

    /// Notes that every pixel of tile `index` is wholly inside the outline (to well within rounding), so
    /// that adding to the outline never changes it again.
    package mutating func markCovered(_ index: Int) {
        covered[index] = true
    }

    /// The pixels of tile `index`: its columns and rows, within the mask.
    package func bounds(ofTile index: Int) -> (columns: Range<Int>, rows: Range<Int>) {
        let x = index % columns * tileWidth
        let y = index / columns * StrokeOutline.tileHeight
        return (x..<min(x + tileWidth, maskWidth), y..<min(y + StrokeOutline.tileHeight, maskHeight))
    }

    /// Appends the edges that fill tile `index` to `out`: those of the pieces reaching it, less the
    /// diameters two of them share.
    package func collectEdges(ofTile index: Int, into out: inout [Rasterizer.Edge]) {
        let list = tilePieces[index]
        let capHere = capTiles?.contains(index, columns: columns) ?? false
        for (j, p) in list.enumerated() {
            let piece = pieces[Int(p)]
            let skipBack = piece.back >= 0 && j > 0 && list[j - 1] == p - 1
            let next = j + 1 < list.count ? Int(list[j + 1]) : (capHere ? pieces.count : -1)
            let skipForward = piece.forward >= 0 && next == Int(p) + 1
            for e in piece.first..<piece.first + piece.count {
                if (skipBack && e == piece.back) || (skipForward && e == piece.forward) { continue }
                out.append(edges[e])
            }
        }
        guard capHere else { return }
        let skipBack = capBack >= 0 && list.last.map { Int($0) == pieces.count - 1 } == true
        for (e, edge) in cap.enumerated() where !(skipBack && e == capBack) { out.append(edge) }
    }

    /// Adds the closed polygon through `vertices` as the next piece. `back` and `forward` are the
    /// positions of its diameters shared with the pieces before and after it (edge k runs from vertex k
    /// to the next).
    private mutating func addPiece(_ vertices: [Point], back: Int?, forward: Int?) {
        let (pieceEdges, positions) = StrokeOutline.closedEdges(vertices)
        var added = Piece(first: edges.count, count: pieceEdges.count)
        if let back, let k = positions[back] { added.back = edges.count + k }
        if let forward, let k = positions[forward] { added.forward = edges.count + k }
        edges += pieceEdges
        let index = Int32(pieces.count)
        pieces.append(added)
        guard let span = tiles(of: vertices) else { return }
        for tile in span.indices(columns: columns) {
            tilePieces[tile].append(index)
            markChanged(tile)
        }
    }

    /// Replaces the end cap; the tiles the old and the new one reach change.
    private mutating func setCap(_ vertices: [Point], back: Bool) {
        if let old = capTiles {
            for tile in old.indices(columns: columns) { markChanged(tile) }
        }
        let (capEdges, positions) = StrokeOutline.closedEdges(vertices)
        cap = capEdges
        capBack = back ? positions[vertices.count - 1] ?? -1 : -1
        capTiles = tiles(of: vertices)
        if let new = capTiles {
            for tile in new.indices(columns: columns) { markChanged(tile) }
        }
    }

    private mutating func markChanged(_ tile: Int) {
        guard !changed[tile], !covered[tile] else { return }
        changed[tile] = true
        changedList.append(tile)
    }

    /// The tiles the bounds of `vertices` reach, if any.
    private func tiles(of vertices: [Point]) -> TileSpan? {
        guard let first = vertices.first, columns > 0, rows > 0 else { return nil }
        var lower = first
        var upper = first
        for p in vertices {
            lower = Point(x: min(lower.x, p.x), y: min(lower.y, p.y))
            upper = Point(x: max(upper.x, p.x), y: max(upper.y, p.y))
        }
        guard lower.x.isFinite, lower.y.isFinite, upper.x.isFinite, upper.y.isFinite,
            upper.x >= 0, upper.y >= 0, lower.x < Double(maskWidth), lower.y < Double(maskHeight)
        else { return nil }
        func index(_ v: Double, _ size: Int, _ count: Int) -> Int {
            Int(min(max((v / Double(size)).rounded(.down), 0), Double(count - 1)))
        }
        return TileSpan(
            columns: index(lower.x, tileWidth, columns)...index(upper.x, tileWidth, columns),
            rows: index(lower.y, StrokeOutline.tileHeight, rows)...index(upper.y, StrokeOutline.tileHeight, rows))
    }

    /// The non-horizontal edges of the closed polygon through `vertices`, and where each side (vertex k
    /// to the next) is among them, when it is not horizontal.
    private static func closedEdges(_ vertices: [Point]) -> ([Rasterizer.Edge], [Int?]) {
        var out: [Rasterizer.Edge] = []
        var positions: [Int?] = []
        for k in 0..<vertices.count {
            let edge =
                vertices.count > 1 ? Rasterizer.Edge(from: vertices[k], to: vertices[(k + 1) % vertices.count]) : nil
            positions.append(edge.map { _ in out.count })
            if let edge { out.append(edge) }
        }
        return (out, positions)
    }
}

/// A rectangle of tiles.
private struct TileSpan {
    var columns: ClosedRange<Int>
    var rows: ClosedRange<Int>

    func contains(_ index: Int, columns count: Int) -> Bool {
        rows.contains(index / count) && columns.contains(index % count)
    }

    func indices(columns count: Int) -> [Int] {
        rows.flatMap { row in columns.map { row * count + $0 } }
    }
}
