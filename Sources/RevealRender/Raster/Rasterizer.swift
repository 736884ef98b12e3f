import Foundation

/// Exact-area scan conversion of polygons with the nonzero winding rule.
///
/// Each pixel row is cut into horizontal bands at every vertex and at every point where two edges
/// cross. Inside a band no edges cross, so the filled region is a set of trapezoids whose left and
/// right sides are known from the winding numbers; only those boundary edges are accumulated, as
/// signed areas per pixel column (the font-rs / FreeType scheme), and a running sum gives each pixel's
/// covered area. Overlapping contours (self-overlapping strokes) are therefore exact too, not clamped.
public struct Rasterizer {
    private struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        /// dx/dy along the edge.
        var slope: Double
        /// +1 when the contour runs down (y increasing) along this edge, -1 when it runs up.
        var winding: Int
        func x(at y: Double) -> Double { x0 + (y - y0) * slope }
        /// The middle of the part of the edge between heights `top` and `bottom`.
        func middle(_ top: Double, _ bottom: Double) -> Double { (max(y0, top) + min(y1, bottom)) / 2 }
    }

    private var edges: [Edge] = []
    private var accumulator: [Double] = []
    private var active: [Int] = []
    private var band: [Int] = []
    private var order: [Int] = []
    private var xTop: [Double] = []
    private var xBottom: [Double] = []
    private var breaks: [Double] = []

    public init() {}

    /// Writes the coverage of `path` into `mask` for the rows in `rows` (full width), replacing what
    /// those rows held. Rows outside `rows` are untouched.
    public mutating func fill(_ path: Path, into mask: inout Mask, rows: RowRange) {
        let rows = rows.clamped(to: mask.height)
        guard !rows.isEmpty else { return }
        let width = mask.width
        mask.bytes.withUnsafeMutableBufferPointer { out in
            coverage(of: path, width: width, rows: rows) { y, row in
                let base = y * width
                for x in 0..<width {
                    out[base + x] = Rasterizer.quantize(row[x])
                }
            }
        }
    }

    /// Computes the exact covered area (0...1) of every pixel in `rows`, `width` pixels wide, and
    /// hands each row to `body` in order. The buffer is only valid during the call.
    public mutating func coverage(of path: Path, width: Int, rows: RowRange,
                                  _ body: (Int, UnsafeBufferPointer<Double>) -> Void) {
        buildEdges(path, rows: rows)
        if accumulator.count < width + 2 {
            accumulator = [Double](repeating: 0, count: width + 2)
        }
        active.removeAll(keepingCapacity: true)
        var next = 0
        let emptyRow = [Double](repeating: 0, count: width)
        for y in rows.lower..<rows.upper {
            let top = Double(y), bottom = top + 1
            while next < edges.count && edges[next].y0 < bottom {
                if edges[next].y1 > top { active.append(next) }
                next += 1
            }
            active.removeAll { edges[$0].y1 <= top }
            if active.isEmpty {
                emptyRow.withUnsafeBufferPointer { body(y, $0) }
                continue
            }
            // Left to right by where each edge is in this row, so that every band's edges come nearly
            // sorted and the sweep's insertion sort has little to do.
            active.sort { edges[$0].x(at: edges[$0].middle(top, bottom)) < edges[$1].x(at: edges[$1].middle(top, bottom)) }
            breaks.removeAll(keepingCapacity: true)
            breaks.append(top)
            breaks.append(bottom)
            for i in active {
                let e = edges[i]
                if e.y0 > top && e.y0 < bottom { breaks.append(e.y0) }
                if e.y1 > top && e.y1 < bottom { breaks.append(e.y1) }
            }
            breaks.sort()
            var lower = breaks[0]
            for upper in breaks.dropFirst() where upper > lower {
                band.removeAll(keepingCapacity: true)
                for i in active where edges[i].y0 <= lower && edges[i].y1 >= upper {
                    band.append(i)
                }
                if !band.isEmpty { sweep(from: lower, to: upper, row: top, width: width) }
                lower = upper
            }
            accumulator.withUnsafeMutableBufferPointer { acc in
                var sum = 0.0
                for x in 0..<width {
                    sum += acc[x]
                    acc[x] = sum
                }
                body(y, UnsafeBufferPointer(rebasing: acc[0..<width]))
                for x in 0..<(width + 2) { acc[x] = 0 }
            }
        }
    }

    /// Rounds a covered area to the nearest 8-bit level.
    @inline(__always)
    static func quantize(_ area: Double) -> UInt8 {
        if area <= 0 { return 0 }
        if area >= 1 { return 255 }
        return UInt8(area * 255 + 0.5)
    }

    /// Keeps the non-horizontal edges that reach the rows, sorted by their top.
    private mutating func buildEdges(_ path: Path, rows: RowRange) {
        edges.removeAll(keepingCapacity: true)
        let top = Double(rows.lower), bottom = Double(rows.upper)
        let points = path.points
        for (c, start) in path.contourStarts.enumerated() {
            let end = c + 1 < path.contourStarts.count ? path.contourStarts[c + 1] : points.count
            guard end - start >= 2 else { continue }
            for k in start..<end {
                let a = points[k], b = points[k + 1 < end ? k + 1 : start]
                if a.y == b.y { continue }
                let down = a.y < b.y
                let (p, q) = down ? (a, b) : (b, a)
                if q.y <= top || p.y >= bottom { continue }
                edges.append(Edge(x0: p.x, y0: p.y, x1: q.x, y1: q.y, slope: (q.x - p.x) / (q.y - p.y),
                                  winding: down ? 1 : -1))
            }
        }
        edges.sort { $0.y0 < $1.y0 }
    }

    /// Accumulates the boundary of the filled region between heights `lower` and `upper`, splitting
    /// the band further wherever two of its edges cross.
    private mutating func sweep(from lower: Double, to upper: Double, row: Double, width: Int) {
        let n = band.count
        if xTop.count < n {
            xTop = [Double](repeating: 0, count: n)
            xBottom = [Double](repeating: 0, count: n)
        }
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: 0..<n)
        var lo = lower
        var iterations = 0
        while lo < upper {
            var hi = upper
            while true {
                for k in 0..<n {
                    let e = edges[band[k]]
                    xTop[k] = e.x(at: lo)
                    xBottom[k] = e.x(at: hi)
                }
                sortByMiddle()
                iterations += 1
                guard hi - lo > 1e-9, iterations < 100_000, let cross = firstCrossing(lo, hi) else { break }
                hi = cross
            }
            accumulateBoundaries(lo, hi, row: row, width: width)
            lo = hi
        }
    }

    /// Insertion sort of `order` by each edge's x at the middle of the band; nearly sorted already.
    private mutating func sortByMiddle() {
        let count = order.count
        guard count > 1 else { return }
        for i in 1..<count {
            let item = order[i]
            let key = xTop[item] + xBottom[item]
            var j = i - 1
            while j >= 0 && xTop[order[j]] + xBottom[order[j]] > key {
                order[j + 1] = order[j]
                j -= 1
            }
            order[j + 1] = item
        }
    }

    /// The lowest height strictly inside (lo, hi) where two neighbouring edges cross, if any.
    private func firstCrossing(_ lo: Double, _ hi: Double) -> Double? {
        var result: Double?
        for k in 1..<max(order.count, 1) {
            let i = order[k - 1], j = order[k]
            guard xTop[i] > xTop[j] || xBottom[i] > xBottom[j] else { continue }
            let denominator = (xBottom[i] - xTop[i]) - (xBottom[j] - xTop[j])
            guard denominator != 0 else { continue }
            let s = (xTop[j] - xTop[i]) / denominator
            let y = lo + s * (hi - lo)
            if y > lo + 1e-12 && y < hi - 1e-12 {
                result = min(result ?? y, y)
            }
        }
        return result
    }

    /// Walks the edges left to right; an edge where the winding number leaves or returns to zero is a
    /// side of the filled region and adds its signed area.
    private mutating func accumulateBoundaries(_ lo: Double, _ hi: Double, row: Double, width: Int) {
        var winding = 0
        let top = lo - row, bottom = hi - row
        for k in order {
            let before = winding
            winding += edges[band[k]].winding
            if before == 0 && winding != 0 {
                accumulate(xTop[k], top, xBottom[k], bottom, sign: 1, width: width)
            } else if before != 0 && winding == 0 {
                accumulate(xTop[k], top, xBottom[k], bottom, sign: -1, width: width)
            }
        }
    }

    /// Adds the area to the right of the segment (x0, y0)–(x1, y1), with y in 0...1 inside the row,
    /// clipping x to 0...width: parts left of the image count at column 0, parts right of it not at all.
    private mutating func accumulate(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, sign: Double, width: Int) {
        let w = Double(width)
        if (x0 < 0 && x1 > 0) || (x0 > 0 && x1 < 0) {
            let ym = y0 + (0 - x0) / (x1 - x0) * (y1 - y0)
            accumulate(x0, y0, 0, ym, sign: sign, width: width)
            accumulate(0, ym, x1, y1, sign: sign, width: width)
            return
        }
        if (x0 < w && x1 > w) || (x0 > w && x1 < w) {
            let ym = y0 + (w - x0) / (x1 - x0) * (y1 - y0)
            accumulate(x0, y0, w, ym, sign: sign, width: width)
            accumulate(w, ym, x1, y1, sign: sign, width: width)
            return
        }
        let height = (y1 - y0) * sign
        if x0 <= 0 && x1 <= 0 {
            accumulator[0] += height
            return
        }
        if x0 >= w && x1 >= w { return }
        let left = min(x0, x1), right = max(x0, x1)
        var column = Int(left)
        if right - left < 1e-12 || Double(column + 1) >= right {
            // Within one column: a trapezoid whose mean distance to the column's right side is known.
            let mid = (x0 + x1) / 2 - Double(column)
            accumulator[column] += height * (1 - mid)
            accumulator[column + 1] += height * mid
            return
        }
        let heightPerX = height / (right - left)
        var x = left
        while x < right {
            let next = min(Double(column + 1), right)
            let h = (next - x) * heightPerX
            let mid = (x + next) / 2 - Double(column)
            accumulator[column] += h * (1 - mid)
            accumulator[column + 1] += h * mid
            x = next
            column += 1
        }
    }
}
