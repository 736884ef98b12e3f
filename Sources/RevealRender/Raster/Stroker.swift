import Foundation

/// Turns polylines into fillable outlines, the way Core Graphics strokes a path with round caps and
/// round joins.
public enum Stroker {
    /// The outline of `points` stroked `width` pixels wide with round caps and joins: one closed contour
    /// to fill with the nonzero rule. A single point (or points that all coincide) becomes a disc.
    ///
    /// The contour runs along one side, around the end cap, back along the other side and around the
    /// start cap. Outer joins are arcs; inner joins pass through the joint itself, which makes small
    /// self-overlapping loops that the nonzero rule fills correctly.
    public static func roundStroke(_ points: [Point], width: Double, tolerance: Double = Path.defaultTolerance) -> Path {
        var path = Path()
        let radius = width / 2
        guard radius > 0, let first = points.first else { return path }
        var distinct = [first]
        for p in points.dropFirst() where (p - distinct[distinct.count - 1]).length > 1e-9 {
            distinct.append(p)
        }
        if distinct.count == 1 {
            path.addCircle(center: first, radius: radius, tolerance: tolerance)
            return path
        }
        path.move(to: first + normal(from: distinct[0], to: distinct[1], radius: radius))
        addSide(distinct, radius: radius, tolerance: tolerance, to: &path)
        addSide(distinct.reversed(), radius: radius, tolerance: tolerance, to: &path)
        return path
    }

    /// The side to the left of travel (rotating the direction by +90°), then the cap at the far end.
    private static func addSide(_ p: [Point], radius: Double, tolerance: Double, to path: inout Path) {
        let last = p.count - 1
        for i in 0..<last {
            let n = normal(from: p[i], to: p[i + 1], radius: radius)
            path.line(to: p[i + 1] + n)
            if i + 1 < last {
                let d0 = p[i + 1] - p[i], d1 = p[i + 2] - p[i + 1]
                let cross = d0.x * d1.y - d0.y * d1.x
                let dot = d0.x * d1.x + d0.y * d1.y
                let next = normal(from: p[i + 1], to: p[i + 2], radius: radius)
                if cross < 0 || (cross == 0 && dot < 0) {
                    // Outer side of the turn: an arc from this segment's normal to the next one's.
                    let sweep = cross == 0 ? -Double.pi : atan2(cross, dot)
                    path.addArc(center: p[i + 1], radius: radius, start: atan2(n.y, n.x), sweep: sweep,
                                tolerance: tolerance)
                } else if cross > 0 {
                    // Inner side: through the joint, so the two offsets meet inside the stroke.
                    path.line(to: p[i + 1])
                    path.line(to: p[i + 1] + next)
                }
            }
        }
        // Round cap: half a turn from the left normal through the direction of travel.
        let n = normal(from: p[last - 1], to: p[last], radius: radius)
        path.addArc(center: p[last], radius: radius, start: atan2(n.y, n.x), sweep: -Double.pi, tolerance: tolerance)
    }

    /// The direction of travel turned by +90° (towards +y from +x), scaled to `radius`.
    private static func normal(from a: Point, to b: Point, radius: Double) -> Point {
        let d = b - a
        let length = d.length
        return Point(x: -d.y / length * radius, y: d.x / length * radius)
    }
}
