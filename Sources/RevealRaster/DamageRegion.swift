import Foundation
import RevealCore

/// The pixels of a frame that can differ from the frame before, the one account of what changed from the
/// renderers to the encoders: a few column spans in each band of rows. Boxes add their columns to every band they reach; a ring (a clip circle growing) adds two short
/// spans to each band instead of the box around it, so only the ring is drawn again.
package struct DamageRegion: Equatable {
    /// Rows per band.
    package static let bandHeight = 16
    /// Spans kept per band: past this, the two closest merge.
    package static let spansPerBand = 4
    package let width: Int, height: Int
    /// Each band's column spans, sorted and apart.
    private var bands: [[Range<Int>]]

    /// No pixels of a `width`×`height` screen.
    package init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        bands = Array(repeating: [], count: (self.height + DamageRegion.bandHeight - 1) / DamageRegion.bandHeight)
    }

    /// Every pixel of a `width`×`height` frame.
    package static func whole(width: Int, height: Int) -> DamageRegion {
        var region = DamageRegion(width: width, height: height)
        region.add(PixelBox(x: 0, y: 0, width: width, height: height))
        return region
    }

    package var isEmpty: Bool { bands.allSatisfy(\.isEmpty) }

    /// Adds the pixels of `box` (cut to the screen), whole bands high.
    package mutating func add(_ box: PixelBox) {
        let box = box.intersection(PixelBox(x: 0, y: 0, width: width, height: height))
        guard !box.isEmpty else { return }
        for band in box.y / DamageRegion.bandHeight...(box.y + box.height - 1) / DamageRegion.bandHeight {
            add(box.columns, toBand: band)
        }
    }

    /// Adds `columns` (cut to the screen) to band `band`.
    package mutating func add(_ columns: Range<Int>, toBand band: Int) {
        let columns = columns.clamped(to: 0..<width)
        guard bands.indices.contains(band), !columns.isEmpty else { return }
        var spans = bands[band]
        var merged = columns
        spans.removeAll { span in
            guard span.lowerBound <= merged.upperBound, merged.lowerBound <= span.upperBound else { return false }
            merged = min(span.lowerBound, merged.lowerBound)..<max(span.upperBound, merged.upperBound)
            return true
        }
        spans.append(merged)
        spans.sort { $0.lowerBound < $1.lowerBound }
        while spans.count > DamageRegion.spansPerBand {
            // The two spans with the smallest gap become one.
            let k = (0..<spans.count - 1).min {
                spans[$0 + 1].lowerBound - spans[$0].upperBound < spans[$1 + 1].lowerBound - spans[$1].upperBound
            }!
            spans[k] = spans[k].lowerBound..<spans[k + 1].upperBound
            spans.remove(at: k + 1)
        }
        bands[band] = spans
    }

    /// Adds every pixel of `other` (of the same screen).
    package mutating func formUnion(_ other: DamageRegion) {
        for (band, spans) in other.bands.enumerated() {
            for span in spans { add(span, toBand: band) }
        }
    }

    /// Whether every pixel of `box` is in the region.
    package func contains(_ box: PixelBox) -> Bool {
        let box = box.intersection(PixelBox(x: 0, y: 0, width: width, height: height))
        guard !box.isEmpty else { return true }
        for band in box.y / DamageRegion.bandHeight...(box.y + box.height - 1) / DamageRegion.bandHeight {
            guard bands[band].contains(where: { $0.lowerBound <= box.x && box.x + box.width <= $0.upperBound }) else {
                return false
            }
        }
        return true
    }

    /// The region as boxes: each span of each band, joined with the same span of the bands below it.
    package var boxes: [PixelBox] {
        var result: [PixelBox] = []
        var open: [Range<Int>: Int] = [:]  // span → index in result of the box it extends
        for (band, spans) in bands.enumerated() {
            let top = band * DamageRegion.bandHeight
            let rows = top..<min(top + DamageRegion.bandHeight, height)
            var next: [Range<Int>: Int] = [:]
            for span in spans {
                if let k = open[span], result[k].y + result[k].height == top {
                    result[k].height += rows.count
                    next[span] = k
                } else {
                    next[span] = result.count
                    result.append(PixelBox(columns: span, rows: rows))
                }
            }
            open = next
        }
        return result
    }

    /// The rows any of its pixels are in.
    package var rows: Range<Int> {
        guard let first = bands.firstIndex(where: { !$0.isEmpty }), let last = bands.lastIndex(where: { !$0.isEmpty })
        else { return 0..<0 }
        return first * DamageRegion.bandHeight..<min((last + 1) * DamageRegion.bandHeight, height)
    }
}

extension PixelPath {
    /// For a path of one convex contour, in each band of rows it reaches: the columns it touches, and
    /// the columns it covers wholly in every row of the band. Nil for any other path.
    ///
    /// Each edge is cut to the bands it crosses. The touched columns run from the least to the greatest
    /// x of the cut edges; the covered ones from the greatest x of the left side's to the least of the
    /// right side's (the sides are the edges going down and those going up, told apart by the sign of the
    /// area), where the band lies inside the shape from top to bottom.
    package func convexSpans(bandHeight: Int) -> [Int: (touched: Range<Int>, covered: Range<Int>)]? {
        // (`close` leaves a start for a contour that may never come.)
        guard contourStarts.filter({ $0 < points.count }).count <= 1, points.count >= 3,
            points.allSatisfy({ abs($0.x) < 1e7 && abs($0.y) < 1e7 }), isConvex
        else { return nil }
        let n = points.count
        var area = 0.0
        for k in 0..<n { area += points[k].x * points[(k + 1) % n].y - points[(k + 1) % n].x * points[k].y }
        let top = points.map(\.y).min()!
        let bottom = points.map(\.y).max()!
        let h = Double(bandHeight)
        var bands: [Int: (lo: Double, hi: Double, left: Double, right: Double)] = [:]
        for k in 0..<n {
            let a = points[k]
            let b = points[(k + 1) % n]
            let isLeft = a.y != b.y && ((b.y > a.y) != (area > 0))
            let (ya, yb) = (min(a.y, b.y), max(a.y, b.y))
            for band in Int((ya / h).rounded(.down))...Int((yb / h).rounded(.down)) {
                let y0 = max(Double(band) * h, ya)
                let y1 = min(Double(band + 1) * h, yb)
                let x0 = a.y == b.y ? a.x : a.x + (b.x - a.x) * (y0 - a.y) / (b.y - a.y)
                let x1 = a.y == b.y ? b.x : a.x + (b.x - a.x) * (y1 - a.y) / (b.y - a.y)
                var entry = bands[band] ?? (.infinity, -.infinity, -.infinity, .infinity)
                entry.lo = min(entry.lo, x0, x1)
                entry.hi = max(entry.hi, x0, x1)
                if a.y != b.y {
                    if isLeft { entry.left = max(entry.left, x0, x1) } else { entry.right = min(entry.right, x0, x1) }
                }
                bands[band] = entry
            }
        }
        var result: [Int: (touched: Range<Int>, covered: Range<Int>)] = [:]
        for (band, e) in bands where e.lo <= e.hi {
            let touched = Int(e.lo.rounded(.down)) - 1..<Int(e.hi.rounded(.up)) + 1
            // A pixel's row away from the top and bottom too.
            let whole = top + 1 <= Double(band) * h && bottom - 1 >= Double(band + 1) * h && e.left <= e.right
            let start = whole ? Int(e.left.rounded(.up)) + 1 : 0
            let covered = whole ? start..<max(Int(e.right.rounded(.down)) - 1, start) : 0..<0
            result[band] = (touched, covered)
        }
        return result
    }

    /// Whether every vertex lies within a tenth of a pixel of the convex hull's outline: convex, but for the
    /// hairline dents where flattened curves meet, well inside the pixel the spans leave on each side.
    private var isConvex: Bool {
        // The hull by Andrew's monotone chain.
        let sorted = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var hull: [Point] = []
        for pass in 0..<2 {
            let start = hull.count
            for p in pass == 0 ? sorted : sorted.reversed() {
                while hull.count >= start + 2, cross(hull[hull.count - 2], hull[hull.count - 1], p) <= 0 {
                    hull.removeLast()
                }
                hull.append(p)
            }
            hull.removeLast()
        }
        guard hull.count >= 3 else { return false }
        // Vertices on the hull are on its outline; only the others are measured.
        let onHull = Set(hull)
        func nearHull(_ p: Point) -> Bool {
            hull.indices.contains { k in
                let a = hull[k]
                let d = hull[(k + 1) % hull.count] - a
                let t = min(max(((p.x - a.x) * d.x + (p.y - a.y) * d.y) / max(d.x * d.x + d.y * d.y, 1e-300), 0), 1)
                return hypot(p.x - a.x - d.x * t, p.y - a.y - d.y * t) <= 0.1
            }
        }
        return points.allSatisfy { onHull.contains($0) || nearHull($0) }
    }

}
