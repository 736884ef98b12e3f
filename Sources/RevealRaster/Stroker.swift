import Foundation
import RevealCore

/// Turns polylines into fillable outlines, the way Core Graphics strokes a path with round caps and
/// round joins.
///
/// The outline is built from pieces that depend only on a point and its neighbours (`StrokePiece`),
/// so `StrokeOutline` can grow the same outline point by point and fill exactly the same edges.
package enum Stroker {
    /// Points closer than this to the previous kept point are dropped, as coincident.
    package static let coincidence = 1e-9

    /// The outline of `points` stroked `width` pixels wide with round caps and joins: one closed contour
    /// to fill with the nonzero rule. A single point (or points that all coincide) becomes a disc.
    ///
    /// The contour runs along one side, around the end cap, back along the other side and around the
    /// start cap. Outer joins are arcs; inner joins pass through the joint itself, which makes small
    /// self-overlapping loops that the nonzero rule fills correctly.
    public static func roundStroke(_ points: [Point], width: Double, tolerance: Double = PixelPath.defaultTolerance)
        -> PixelPath
    {
        var path = PixelPath()
        let radius = width / 2
        guard radius > 0, let first = points.first else { return path }
        var distinct = [first]
        for p in points.dropFirst() where (p - distinct[distinct.count - 1]).length > coincidence {
            distinct.append(p)
        }
        if distinct.count == 1 {
            path.addCircle(center: first, radius: radius, tolerance: tolerance)
            return path
        }
        let piece = StrokePiece(radius: radius, tolerance: tolerance)
        path.move(to: first + piece.normal(from: distinct[0], to: distinct[1]))
        for side in [distinct, distinct.reversed()] {
            let last = side.count - 1
            for i in 0..<last {
                path.line(to: side[i + 1] + piece.normal(from: side[i], to: side[i + 1]))
                if i + 1 < last { piece.join(side[i], side[i + 1], side[i + 2], to: &path) }
            }
            piece.cap(side[last - 1], side[last], to: &path)
        }
        return path
    }
}

/// The pieces of a round-joined, round-capped outline, for a given pen radius.
package struct StrokePiece {
    package let radius: Double
    package let tolerance: Double

    /// The direction of travel turned by +90° (towards +y from +x), scaled to the radius.
    package func normal(from a: Point, to b: Point) -> Point {
        let d = b - a
        let length = d.length
        return Point(x: -d.y / length * radius, y: d.x / length * radius)
    }

    /// The side to the left of travel at the joint `b` (coming from `a`, going on to `c`), after the
    /// vertex b + normal(a, b): on the outer side of the turn an arc to b + normal(b, c); on the inner
    /// side a detour through the joint itself; nothing when the path goes straight on.
    package func join(_ a: Point, _ b: Point, _ c: Point, to path: inout PixelPath) {
        let d0 = b - a
        let d1 = c - b
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        let next = normal(from: b, to: c)
        if cross < 0 || (cross == 0 && dot < 0) {
            let n = normal(from: a, to: b)
            let sweep = cross == 0 ? -Double.pi : atan2(cross, dot)
            path.addArc(center: b, radius: radius, start: atan2(n.y, n.x), sweep: sweep, tolerance: tolerance)
        } else if cross > 0 {
            path.line(to: b)
            path.line(to: b + next)
        }
    }

    /// The round cap at `b`, the end of travel from `a`: half a turn from the left normal through the
    /// direction of travel.
    package func cap(_ a: Point, _ b: Point, to path: inout PixelPath) {
        let n = normal(from: a, to: b)
        path.addArc(center: b, radius: radius, start: atan2(n.y, n.x), sweep: -Double.pi, tolerance: tolerance)
    }
}
