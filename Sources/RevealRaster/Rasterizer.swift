import Foundation
import RevealCore

/// Exact-area scan conversion of polygons with the nonzero winding rule, or the even-odd rule for a path
/// that asks for it.
///
/// Each pixel row is cut into horizontal bands at every vertex and at every point where two edges
/// cross. Inside a band no edges cross, so the filled region is a set of trapezoids whose left and
/// right sides are known from the winding numbers; only those boundary edges are accumulated, as
/// signed areas per pixel column (the font-rs / FreeType scheme), and a running sum gives each pixel's
/// covered area. Overlapping contours (self-overlapping strokes) are therefore exact too, not clamped.
///
/// The result depends only on the set of edges, not on the order they come in: edges are sorted into
/// one canonical order before the scan. A stroke outline (`StrokeOutline`) is filled tile by tile,
/// each from the edges of the pieces that reach it, so it fills the same whether it grew point by
/// point or was built in one go.
package struct Rasterizer {
    /// A non-horizontal edge, top end first.
    package struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        /// dx/dy along the edge.
        var slope: Double
        /// +1 when the contour runs down (y increasing) along this edge, -1 when it runs up; the sum of
        /// several such edges for one that `clip` merged on a tile's left side.
        var winding: Int
        func x(at y: Double) -> Double { x0 + (y - y0) * slope }
        /// The middle of the part of the edge between heights `top` and `bottom`.
        func middle(_ top: Double, _ bottom: Double) -> Double { (max(y0, top) + min(y1, bottom)) / 2 }

        /// The edge of a contour running from `a` to `b`; nil when it is horizontal.
        init?(from a: Point, to b: Point) {
            guard a.y != b.y else { return nil }
            let down = a.y < b.y
            let (p, q) = down ? (a, b) : (b, a)
            self.init(x0: p.x, y0: p.y, x1: q.x, y1: q.y, slope: (q.x - p.x) / (q.y - p.y), winding: down ? 1 : -1)
        }

        init(x0: Double, y0: Double, x1: Double, y1: Double, slope: Double, winding: Int) {
            self.x0 = x0
            self.y0 = y0
            self.x1 = x1
            self.y1 = y1
            self.slope = slope
            self.winding = winding
        }

        /// Whether the edge reaches into heights `top..<bottom`.
        func reaches(_ top: Double, _ bottom: Double) -> Bool { y1 > top && y0 < bottom }

        /// The canonical order: by top, then by every other coordinate.
        static func precedes(_ a: Edge, _ b: Edge) -> Bool {
            if a.y0 != b.y0 { return a.y0 < b.y0 }
            if a.x0 != b.x0 { return a.x0 < b.x0 }
            if a.y1 != b.y1 { return a.y1 < b.y1 }
            if a.x1 != b.x1 { return a.x1 < b.x1 }
            return a.winding < b.winding
        }
    }

    private var edges: [Edge] = []
    /// Whether the edges are filled by the even-odd rule (the path's); stroke outlines are non-zero.
    private var evenOdd = false
    /// Scratch space for `clip`, and for the sweep (kept from one fill to the next: a stroke is filled
    /// in many small tiles).
    private var clipped: [Edge] = []
    /// Where the winding on a tile's left side changes, and by how much (for `clip`).
    private var leftChanges: [(y: Double, winding: Int)] = []
    private var sweepDoubles: [Double] = []
    private var sweepInts: [Int] = []
    /// How many edges the last `fillChangedTiles` swept, over all its tiles: the work it did.
    package private(set) var edgesSwept = 0

    public init() {}

    /// Writes the coverage of `path` into `mask` for the rows in `rows` (full width, or `columns`), replacing
    /// what those pixels held. Pixels outside them are untouched.
    public mutating func fill(_ path: PixelPath, into mask: inout Mask, rows: RowRange, columns: Range<Int>? = nil) {
        let rows = rows.clamped(to: mask.height)
        let columns = (columns ?? 0..<mask.width).clamped(to: 0..<mask.width)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        buildEdges(path, rows: rows)
        scan(into: &mask, rows: rows, columns: columns)
    }

    /// Writes the coverage of a stroke outline into `mask` for the rows in `rows` (full width), tile by
    /// tile from the pieces that reach each tile.
    public mutating func fill(_ outline: StrokeOutline, into mask: inout Mask, rows: RowRange) {
        let rows = rows.clamped(to: min(mask.height, outline.maskHeight))
        guard !rows.isEmpty, mask.width == outline.maskWidth else { return }
        let first = rows.lower / StrokeOutline.tileHeight
        let end = (rows.upper + StrokeOutline.tileHeight - 1) / StrokeOutline.tileHeight
        for tile in first * outline.columns..<end * outline.columns {
            fill(outline, tile: tile, into: &mask, rows: rows)
        }
    }

    /// Brings `mask` up to date with the tiles of `outline` that changed since this was last called;
    /// returns the box around those tiles.
    public mutating func fillChangedTiles(of outline: inout StrokeOutline, into mask: inout Mask) -> PixelBox {
        var touched = PixelBox.empty
        edgesSwept = 0
        guard mask.width == outline.maskWidth, mask.height == outline.maskHeight else { return touched }
        for tile in outline.takeChangedTiles() {
            let least = fill(outline, tile: tile, into: &mask, rows: RowRange(0, mask.height))
            // Wholly covered to far better than a level: the tile stays 255 however the outline grows.
            if least >= 1 - 1e-9 { outline.markCovered(tile) }
            edgesSwept += edges.count
            let bounds = outline.bounds(ofTile: tile)
            touched = touched.union(PixelBox(columns: bounds.columns, rows: bounds.rows))
        }
        return touched
    }

    /// Writes one tile of the outline's coverage (the part of it in `rows`); returns the least area
    /// covered in it.
    @discardableResult
    private mutating func fill(_ outline: StrokeOutline, tile: Int, into mask: inout Mask, rows: RowRange) -> Double {
        let bounds = outline.bounds(ofTile: tile)
        let tileRows = RowRange(max(bounds.rows.lowerBound, rows.lower), min(bounds.rows.upperBound, rows.upper))
        guard !tileRows.isEmpty, !bounds.columns.isEmpty else { return 0 }
        edges.removeAll(keepingCapacity: true)
        evenOdd = false
        outline.collectEdges(ofTile: tile, into: &edges)
        clip(columns: bounds.columns, rows: tileRows)
        edges.sort(by: Edge.precedes)
        return scan(into: &mask, rows: tileRows, columns: bounds.columns)
    }

    /// Cuts `edges` to the box of `columns` and `rows`, keeping the coverage of every pixel in it: parts
    /// above, below or right of the box add nothing to its pixels and are dropped, and parts left of it
    /// add only their winding, so they become vertical edges on its left side, which cross nothing,
    /// merged into one edge for each stretch of the side where their winding sums to the same
    /// non-zero number. Fewer edges, and fewer crossings where the pieces of a dense stroke overlap
    /// beside the tile (half the edges of a dense zigzag's tiles were on their left sides).
    private mutating func clip(columns: Range<Int>, rows: RowRange) {
        let left = Double(columns.lowerBound)
        let right = Double(columns.upperBound)
        let top = Double(rows.lower)
        let bottom = Double(rows.upper)
        clipped.removeAll(keepingCapacity: true)
        leftChanges.removeAll(keepingCapacity: true)
        for e in edges {
            let y0 = max(e.y0, top)
            let y1 = min(e.y1, bottom)
            guard y1 > y0 else { continue }
            let x0 = y0 == e.y0 ? e.x0 : e.x(at: y0)
            let x1 = y1 == e.y1 ? e.x1 : e.x(at: y1)
            // Cut where the edge crosses the box's sides (at most two heights, in order down the edge),
            // and keep each part by which side of the box its middle is on.
            var lower = y1
            var upper = y1
            func cut(at side: Double) {
                guard (x0 < side) != (x1 < side), x0 != side, x1 != side else { return }
                let y = y0 + (side - x0) / (x1 - x0) * (y1 - y0)
                guard y > y0 && y < y1 else { return }
                if y < lower { (lower, upper) = (y, lower) } else if y < upper { upper = y }
            }
            cut(at: left)
            cut(at: right)
            var a = y0
            var xa = x0
            func part(to b: Double) {
                guard b > a else { return }
                let xb = b == y1 ? x1 : e.x(at: b)
                let middle = (xa + xb) / 2
                if middle <= left {
                    leftChanges.append((a, e.winding))
                    leftChanges.append((b, -e.winding))
                } else if middle < right {
                    clipped.append(Edge(x0: xa, y0: a, x1: xb, y1: b, slope: e.slope, winding: e.winding))
                }
                (a, xa) = (b, xb)
            }
            part(to: lower)
            part(to: upper)
            part(to: y1)
        }
        leftChanges.sort { $0.y < $1.y }
        var winding = 0
        var start = 0.0
        var k = 0
        while k < leftChanges.count {
            let y = leftChanges[k].y
            var next = winding
            while k < leftChanges.count && leftChanges[k].y == y {
                next += leftChanges[k].winding
                k += 1
            }
            guard next != winding else { continue }
            if winding != 0 && y > start {
                clipped.append(Edge(x0: left, y0: start, x1: left, y1: y, slope: 0, winding: winding))
            }
            (winding, start) = (next, y)
        }
        swap(&edges, &clipped)
    }

    /// Quantises the coverage of `edges` (sorted) into the rows of `mask`, in `columns` (all by default);
    /// returns the least area covered.
    @discardableResult
    private mutating func scan(into mask: inout Mask, rows: RowRange, columns: Range<Int>? = nil) -> Double {
        let width = mask.width
        let columns = columns ?? 0..<width
        return mask.bytes.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return .infinity }
            var sink = MaskRows(bytes: base + columns.lowerBound, stride: width)
            sweepEdges(columns: columns, rows: rows, into: &sink)
            return sink.least
        }
    }

    /// Computes the exact covered area (0...1) of every pixel in `rows`, `width` pixels wide, and
    /// hands each row to `body` in order. The buffer is only valid during the call.
    public mutating func coverage(
        of path: PixelPath, width: Int, rows: RowRange,
        _ body: (Int, UnsafeBufferPointer<Double>) -> Void
    ) {
        buildEdges(path, rows: rows)
        var row = [Double](repeating: 0, count: width)
        row.withUnsafeMutableBufferPointer { row in
            withoutActuallyEscaping(body) { body in
                var sink = DenseRows(row: row, body: body)
                sweepEdges(columns: 0..<width, rows: rows, into: &sink)
            }
        }
    }

    /// Sweeps `edges` over `rows`, handing each row's coverage in `columns` (index 0 is the first column) to
    /// `sink`.
    private mutating func sweepEdges<Sink: CoverageRows>(columns: Range<Int>, rows: RowRange, into sink: inout Sink) {
        let n = max(edges.count, 1)
        let (doubles, ints) = Sweep.scratchSizes(edges: n, width: columns.count)
        if sweepDoubles.count < doubles { sweepDoubles = [Double](repeating: 0, count: doubles) }
        if sweepInts.count < ints { sweepInts = [Int](repeating: 0, count: ints) }
        edges.withUnsafeBufferPointer { edges in
            sweepDoubles.withUnsafeMutableBufferPointer { doubles in
                sweepInts.withUnsafeMutableBufferPointer { ints in
                    Sweep(edges: edges, columns: columns, evenOdd: evenOdd, doubles: doubles, ints: ints)
                        .run(rows: rows, into: &sink)
                }
            }
        }
    }

    /// Rounds a covered area to the nearest 8-bit level, halves up. An area on a half level (a half-pixel
    /// edge covers 127.5) comes out of the sweep a few ulps to either side, depending on the sums that led
    /// there, and so on where the shape is placed. A millionth of a level, far above that noise (sums of
    /// exact areas stray by less than 1e-10 of a level) and far below a level, rounds it up wherever it
    /// is drawn.
    @inline(__always)
    package static func quantize(_ area: Double) -> UInt8 {
        if area <= 0 { return 0 }
        if area >= 1 { return 255 }
        return UInt8(area * 255 + 0.500_001)
    }

    /// Keeps the non-horizontal edges that reach the rows, sorted by their top.
    private mutating func buildEdges(_ path: PixelPath, rows: RowRange) {
        edges.removeAll(keepingCapacity: true)
        evenOdd = path.evenOdd
        let top = Double(rows.lower)
        let bottom = Double(rows.upper)
        let points = path.points
        for (c, start) in path.contourStarts.enumerated() {
            let end = c + 1 < path.contourStarts.count ? path.contourStarts[c + 1] : points.count
            guard end - start >= 2 else { continue }
            for k in start..<end {
                guard let edge = Edge(from: points[k], to: points[k + 1 < end ? k + 1 : start]),
                    edge.reaches(top, bottom)
                else { continue }
                edges.append(edge)
            }
        }
        edges.sort(by: Edge.precedes)
    }
}

/// The scan of one `coverage` call: the edges, and scratch space sized for them, in unsafe buffers
/// so that the hot loops run without bounds checks or copy-on-write checks. The rasterizer lends the
/// scratch space for the call.
private struct Sweep {
    typealias Edge = Rasterizer.Edge
    let edges: UnsafeBufferPointer<Edge>
    /// Inside where the winding number is odd, rather than non-zero.
    let evenOdd: Bool
    /// The first column swept and how many: coverage outside them is not computed, except that what
    /// lies left of them counts in the first (the filled region is closed, so it winds back).
    let left: Int
    let width: Int
    /// Signed area per column (two spare columns for spill-over at the right end).
    let accumulator: UnsafeMutableBufferPointer<Double>
    /// Edges reaching the current row, left to right; `band` those spanning the current band.
    let active: UnsafeMutableBufferPointer<Int>
    let band: UnsafeMutableBufferPointer<Int>
    /// The band's edges (positions in `band`) in order of x, and their x at the band's top and bottom.
    let order: UnsafeMutableBufferPointer<Int>
    let xTop: UnsafeMutableBufferPointer<Double>
    let xBottom: UnsafeMutableBufferPointer<Double>
    /// Heights where the current row is cut into bands.
    let breaks: UnsafeMutableBufferPointer<Double>
    /// Each active edge's x at the middle of the current row, to sort them by.
    let rowKeys: UnsafeMutableBufferPointer<Double>
    /// For each edge of the row (by position in `active`): the first band it spans and the band after
    /// its last; the edges by first band (`firstBands` marks where each band's run starts); and the
    /// edges spanning the band at hand, in row order, with a second buffer to build the next band's.
    let enterBand: UnsafeMutableBufferPointer<Int>
    let exitBand: UnsafeMutableBufferPointer<Int>
    let byEnter: UnsafeMutableBufferPointer<Int>
    let firstBands: UnsafeMutableBufferPointer<Int>
    let spanning: UnsafeMutableBufferPointer<Int>
    let nextSpanning: UnsafeMutableBufferPointer<Int>
    /// The columns of `accumulator` the current row has added to, in the order first touched, how many,
    /// and a mark (1) on each: the row's coverage is constant between them, so only they are summed.
    let touched: UnsafeMutableBufferPointer<Int>
    let touchedCount: UnsafeMutablePointer<Int>
    let marks: UnsafeMutableBufferPointer<Int>

    /// How many doubles and integers of scratch space a sweep of `edges` edges over `width` columns needs.
    static func scratchSizes(edges n: Int, width: Int) -> (doubles: Int, ints: Int) {
        (width + 2 + 5 * n + 2, 10 * n + 3 + 2 * (width + 2) + 1)
    }

    /// A sweep of `edges` over `columns`, working in `doubles` and `ints` (at least `scratchSizes`).
    init(
        edges: UnsafeBufferPointer<Edge>, columns: Range<Int>, evenOdd: Bool,
        doubles: UnsafeMutableBufferPointer<Double>, ints: UnsafeMutableBufferPointer<Int>
    ) {
        self.edges = edges
        self.evenOdd = evenOdd
        left = columns.lowerBound
        width = columns.count
        let n = max(edges.count, 1)
        var d = 0
        func doubleBuffer(_ count: Int) -> UnsafeMutableBufferPointer<Double> {
            defer { d += count }
            return UnsafeMutableBufferPointer(rebasing: doubles[d..<d + count])
        }
        var i = 0
        func intBuffer(_ count: Int) -> UnsafeMutableBufferPointer<Int> {
            defer { i += count }
            return UnsafeMutableBufferPointer(rebasing: ints[i..<i + count])
        }
        accumulator = doubleBuffer(width + 2)
        accumulator.update(repeating: 0)
        xTop = doubleBuffer(n)
        xBottom = doubleBuffer(n)
        breaks = doubleBuffer(2 * n + 2)
        rowKeys = doubleBuffer(n)
        active = intBuffer(n)
        band = intBuffer(n)
        order = intBuffer(n)
        enterBand = intBuffer(n)
        exitBand = intBuffer(n)
        byEnter = intBuffer(n)
        firstBands = intBuffer(2 * n + 3)
        spanning = intBuffer(n)
        nextSpanning = intBuffer(n)
        touched = intBuffer(width + 2)
        marks = intBuffer(width + 2)
        marks.update(repeating: 0)
        touchedCount = intBuffer(1).baseAddress!
        touchedCount.pointee = 0
    }

    func run<Sink: CoverageRows>(rows: RowRange, into sink: inout Sink) {
        var activeCount = 0
        var next = 0
        for y in rows.lower..<rows.upper {
            let top = Double(y)
            let bottom = top + 1
            // Edges leaving are dropped (the others keep their order), edges arriving are added.
            var kept = 0
            for k in 0..<activeCount where edges[active[k]].y1 > top {
                active[kept] = active[k]
                kept += 1
            }
            activeCount = kept
            while next < edges.count && edges[next].y0 < bottom {
                if edges[next].y1 > top {
                    active[activeCount] = next
                    activeCount += 1
                }
                next += 1
            }
            if activeCount == 0 {
                sink.fill(row: y, columns: 0..<width, area: 0)
                continue
            }
            // Left to right by where each edge is in this row (ties by index), so that every band's edges
            // come nearly sorted and the insertion sort below has little to do. The edges kept from
            // the row above are in order already, so an insertion sort on keys worked out once is quick.
            for k in 0..<activeCount {
                let e = edges[active[k]]
                rowKeys[k] = e.x(at: e.middle(top, bottom))
            }
            for k in 1..<max(activeCount, 1) {
                let (key, item) = (rowKeys[k], active[k])
                var j = k - 1
                while j >= 0 && (rowKeys[j] > key || (rowKeys[j] == key && active[j] > item)) {
                    (rowKeys[j + 1], active[j + 1]) = (rowKeys[j], active[j])
                    j -= 1
                }
                (rowKeys[j + 1], active[j + 1]) = (key, item)
            }
            var breakCount = 2
            breaks[0] = top
            breaks[1] = bottom
            for k in 0..<activeCount {
                let e = edges[active[k]]
                if e.y0 > top && e.y0 < bottom {
                    breaks[breakCount] = e.y0
                    breakCount += 1
                }
                if e.y1 > top && e.y1 < bottom {
                    breaks[breakCount] = e.y1
                    breakCount += 1
                }
            }
            Sweep.sortNearlyOrdered(UnsafeMutableBufferPointer(rebasing: breaks[0..<breakCount]))  // few
            var unique = 1
            for b in 1..<breakCount where breaks[b] > breaks[unique - 1] {
                breaks[unique] = breaks[b]
                unique += 1
            }
            sweepBands(activeCount, breakCount: unique, row: top)
            emit(row: y, into: &sink)
        }
    }

    /// Hands the row's coverage to `sink`: the running sum of `accumulator`, which changes only at the
    /// touched columns, so each stretch between two is one run of one area. The same sums, bit for bit,
    /// as adding up every column (the others hold zeros). Clears what the row touched.
    private func emit<Sink: CoverageRows>(row y: Int, into sink: inout Sink) {
        let count = touchedCount.pointee
        let columns = UnsafeMutableBufferPointer(rebasing: touched[0..<count])
        Sweep.sortNearlyOrdered(columns)  // the bands go left to right
        var sum = 0.0
        var next = 0
        for x in columns {
            guard x < width else { break }  // the spare columns past the right end add to none swept
            if x > next { sink.fill(row: y, columns: next..<x, area: sum) }
            sum += accumulator[x]
            sink.set(row: y, column: x, area: sum)
            next = x + 1
        }
        if next < width || width == 0 { sink.fill(row: y, columns: next..<width, area: sum) }
        for x in columns {
            accumulator[x] = 0
            marks[x] = 0
        }
        touchedCount.pointee = 0
    }

    /// Sorts `items`, which are mostly in order already: by insertion when few, else by the standard sort.
    private static func sortNearlyOrdered<T: Comparable>(_ items: UnsafeMutableBufferPointer<T>) {
        guard items.count <= 32 else {
            var all = items
            all.sort()
            return
        }
        for i in 1..<max(items.count, 1) {
            let item = items[i]
            var j = i - 1
            while j >= 0 && items[j] > item {
                items[j + 1] = items[j]
                j -= 1
            }
            items[j + 1] = item
        }
    }

    /// Adds `value` to the accumulator's column `index`, noting the column as touched.
    @inline(__always)
    private func add(_ index: Int, _ value: Double) {
        accumulator[index] += value
        if marks[index] == 0 {
            marks[index] = 1
            touched[touchedCount.pointee] = index
            touchedCount.pointee += 1
        }
    }

    /// Sweeps every band of the row (between consecutive `breaks`) with the edges spanning it, in row
    /// order. Each band's edges are the previous band's, less those that end and plus those that start,
    /// so a row costs the edges each band holds, not every edge of the row for every band (a stroke of
    /// many short segments cuts a row into thousands of bands).
    private func sweepBands(_ activeCount: Int, breakCount: Int, row top: Double) {
        let bandCount = breakCount - 1
        guard bandCount > 0 else { return }
        func bandIndex(_ y: Double) -> Int {
            var lo = 0
            var hi = breakCount - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if breaks[mid] < y { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        for b in 0...bandCount { firstBands[b] = 0 }
        for k in 0..<activeCount {
            let e = edges[active[k]]
            enterBand[k] = bandIndex(max(e.y0, top))
            exitBand[k] = bandIndex(min(e.y1, top + 1))
            firstBands[enterBand[k] + 1] += 1
        }
        for b in 0..<bandCount { firstBands[b + 1] += firstBands[b] }
        // Counting sort by first band; within a band the edges stay in row order.
        for k in 0..<activeCount {
            byEnter[firstBands[enterBand[k]]] = k
            firstBands[enterBand[k]] += 1
        }
        for b in stride(from: bandCount, to: 0, by: -1) { firstBands[b] = firstBands[b - 1] }
        firstBands[0] = 0
        var current = spanning
        var next = nextSpanning
        var count = 0
        for b in 0..<bandCount {
            // Keep the edges still spanning, merge in the ones that start here (both in row order).
            var kept = 0
            var i = 0
            var j = firstBands[b]
            let end = firstBands[b + 1]
            while i < count || j < end {
                let takeOld = j >= end || (i < count && current[i] < byEnter[j])
                let k = takeOld ? current[i] : byEnter[j]
                if takeOld { i += 1 } else { j += 1 }
                if exitBand[k] > b {
                    next[kept] = k
                    kept += 1
                }
            }
            swap(&current, &next)
            count = kept
            guard count > 0 else { continue }
            for n in 0..<count { band[n] = active[current[n]] }
            sweep(count, from: breaks[b], to: breaks[b + 1], row: top)
        }
    }

    /// Accumulates the boundary of the filled region between heights `lower` and `upper` (the band's
    /// `n` edges), splitting the band further wherever two of its edges cross.
    private func sweep(_ n: Int, from lower: Double, to upper: Double, row: Double) {
        for k in 0..<n { order[k] = k }
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
                sortByMiddle(n)
                iterations += 1
                guard hi - lo > 1e-9, iterations < 100_000, let cross = firstCrossing(n, lo, hi) else { break }
                hi = cross
            }
            accumulateBoundaries(n, lo, hi, row: row)
            lo = hi
        }
    }

    /// Insertion sort of `order` by each edge's x at the middle of the band; nearly sorted already.
    private func sortByMiddle(_ count: Int) {
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
    private func firstCrossing(_ count: Int, _ lo: Double, _ hi: Double) -> Double? {
        var result: Double?
        for k in 1..<max(count, 1) {
            let i = order[k - 1]
            let j = order[k]
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

    /// Walks the edges left to right; an edge where the winding number goes from outside to inside (zero
    /// to non-zero, or even to odd by the even-odd rule) or back is a side of the filled region and adds
    /// its signed area.
    private func accumulateBoundaries(_ count: Int, _ lo: Double, _ hi: Double, row: Double) {
        var winding = 0
        let top = lo - row
        let bottom = hi - row
        let insideMask = evenOdd ? 1 : -1
        for k in order[0..<count] {
            let wasInside = winding & insideMask != 0
            winding += edges[band[k]].winding
            let isInside = winding & insideMask != 0
            if isInside != wasInside {
                accumulate(xTop[k], top, xBottom[k], bottom, sign: isInside ? 1 : -1)
            }
        }
    }

    /// Adds the area to the right of the segment (x0, y0)–(x1, y1), with y in 0...1 inside the row,
    /// clipping x to the columns swept: parts left of them count at the first, parts right of them not
    /// at all.
    private func accumulate(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, sign: Double) {
        let l = Double(left)
        let w = Double(left + width)
        if (x0 < l && x1 > l) || (x0 > l && x1 < l) {
            let ym = y0 + (l - x0) / (x1 - x0) * (y1 - y0)
            accumulate(x0, y0, l, ym, sign: sign)
            accumulate(l, ym, x1, y1, sign: sign)
            return
        }
        if (x0 < w && x1 > w) || (x0 > w && x1 < w) {
            let ym = y0 + (w - x0) / (x1 - x0) * (y1 - y0)
            accumulate(x0, y0, w, ym, sign: sign)
            accumulate(w, ym, x1, y1, sign: sign)
            return
        }
        let height = (y1 - y0) * sign
        if x0 <= l && x1 <= l {
            add(0, height)
            return
        }
        if x0 >= w && x1 >= w { return }
        let lower = min(x0, x1)
        let upper = max(x0, x1)
        var column = Int(lower)
        if upper - lower < 1e-12 || Double(column + 1) >= upper {
            // Within one column: a trapezoid whose mean distance to the column's right side is known.
            let mid = (x0 + x1) / 2 - Double(column)
            add(column - left, height * (1 - mid))
            add(column - left + 1, height * mid)
            return
        }
        let heightPerX = height / (upper - lower)
        var x = lower
        while x < upper {
            let next = min(Double(column + 1), upper)
            let h = (next - x) * heightPerX
            let mid = (x + next) / 2 - Double(column)
            add(column - left, h * (1 - mid))
            add(column - left + 1, h * mid)
            x = next
            column += 1
        }
    }
}

/// Where a sweep hands each row's coverage (exact areas, 0...1), left to right: runs of columns of one area
/// and single columns. Generic, so that each use is compiled into the sweep.
private protocol CoverageRows {
    /// Columns `columns` (counted from the first swept) of row `row` each cover `area`.
    mutating func fill(row: Int, columns: Range<Int>, area: Double)
    /// Column `column` of row `row` covers `area`.
    mutating func set(row: Int, column: Int, area: Double)
}

/// Coverage quantised into a mask's bytes, noting the least area met.
private struct MaskRows: CoverageRows {
    /// The first swept column of row 0, and the bytes from one row to the next.
    let bytes: UnsafeMutablePointer<UInt8>
    let stride: Int
    var least = Double.infinity

    mutating func fill(row: Int, columns: Range<Int>, area: Double) {
        least = min(least, area)
        (bytes + row * stride + columns.lowerBound).update(repeating: Rasterizer.quantize(area), count: columns.count)
    }

    mutating func set(row: Int, column: Int, area: Double) {
        least = min(least, area)
        bytes[row * stride + column] = Rasterizer.quantize(area)
    }
}

/// Coverage gathered into one row of doubles, handed whole to `body` at each row's end.
private struct DenseRows: CoverageRows {
    let row: UnsafeMutableBufferPointer<Double>
    let body: (Int, UnsafeBufferPointer<Double>) -> Void

    init(row: UnsafeMutableBufferPointer<Double>, body: @escaping (Int, UnsafeBufferPointer<Double>) -> Void) {
        self.row = row
        self.body = body
    }

    mutating func fill(row y: Int, columns: Range<Int>, area: Double) {
        UnsafeMutableBufferPointer(rebasing: row[columns]).update(repeating: area)
        finish(y, at: columns.upperBound)
    }

    mutating func set(row y: Int, column: Int, area: Double) {
        row[column] = area
        finish(y, at: column + 1)
    }

    /// Hands the row over once its last column is written.
    private mutating func finish(_ y: Int, at end: Int) {
        if end == row.count { body(y, UnsafeBufferPointer(row)) }
    }
}
