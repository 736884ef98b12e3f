import Foundation
import RevealCore

/// How a path is stroked, in Core Graphics' terms: width, caps, joins, miter limit and dashes.
public struct StrokeSpec: Equatable, Hashable, Sendable {
    /// How an open line ends.
    public enum Cap: Equatable, Hashable, Sendable {
        /// Square at the end point.
        case butt
        /// A half disc around the end point.
        case round
        /// Square, half the width past the end point.
        case square
    }
    /// How two segments meet.
    public enum Join: Equatable, Hashable, Sendable {
        /// The outer edges extended to meet, bevelled past the miter limit.
        case miter
        /// An arc around the joint.
        case round
        /// The outer corners joined by a straight line.
        case bevel
    }

    /// The pen's width.
    public var width: Double
    /// How open lines end.
    public var cap: Cap
    /// How segments meet.
    public var join: Join
    /// The longest miter, as a multiple of the width, before a miter join is bevelled (Core Graphics: 10).
    public var miterLimit: Double
    /// Lengths of dashes and gaps, alternating; empty for a solid line.
    public var dash: [Double]
    /// How far into the dash pattern the line starts.
    public var dashPhase: Double

    /// A stroke `width` wide; the rest default as in Core Graphics.
    public init(
        width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10, dash: [Double] = [],
        dashPhase: Double = 0
    ) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// A flattened contour: its vertices, and whether it returns to its start.
public typealias Polyline = (points: [Point], closed: Bool)

extension PathOutline {
    /// The contours flattened in the path's own coordinates (to `Path.defaultTolerance` in its units).
    public var polylines: [Polyline] { polylines({ $0 }) }

    /// The contours flattened to within `tolerance` in the path's own units.
    package func polylines(tolerance: Double) -> [Polyline] { polylines({ $0 }, tolerance: tolerance) }

    /// A polygon's area, positive when it turns from +x towards +y (clockwise on a y-down screen).
    package static func signedArea(_ polygon: [Point]) -> Double {
        var sum = 0.0
        for i in polygon.indices {
            let a = polygon[i]
            let b = polygon[(i + 1) % polygon.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    /// A path of the polylines' polygons, closed.
    package init(polygons: [[Point]]) {
        var elements: [Element] = []
        for polygon in polygons where polygon.count > 2 {
            elements.append(.move(polygon[0]))
            for p in polygon.dropFirst() { elements.append(.line(p)) }
            elements.append(.close)
        }
        self.init(elements)
    }

    /// The area a pen of `spec` covers along the path (Core Graphics' `copy(strokingWithWidth:…)`): pieces
    /// whose union, filled with the nonzero rule, is the stroke. Round caps and joins are flattened as
    /// curves are.
    public func stroked(_ spec: StrokeSpec) -> PathOutline { stroked(spec, tolerance: PixelPath.defaultTolerance) }

    /// The stroke, its curves, caps and joins flattened to within `tolerance` in the path's units.
    package func stroked(_ spec: StrokeSpec, tolerance: Double) -> PathOutline {
        var lines = polylines(tolerance: tolerance)
        if spec.dash.contains(where: { $0 > 0 }), spec.dash.allSatisfy({ $0 >= 0 }) {
            lines = StrokeGeometry.dashed(lines, pattern: spec.dash, phase: spec.dashPhase)
        }
        return PathOutline(polygons: lines.flatMap { StrokeGeometry.pieces($0, spec, tolerance: tolerance) })
    }

    /// The part of the path from fraction `from` to fraction `to` of its length (SwiftUI's
    /// `trimmedPath(from:to:)`), as open lines; the whole of a closed contour stays closed.
    public func trimmed(from: Double, to: Double) -> PathOutline {
        let lines = StrokeGeometry.trimmed(polylines, from: from, to: to)
        var elements: [Element] = []
        for line in lines where !line.points.isEmpty {
            elements.append(.move(line.points[0]))
            for p in line.points.dropFirst() { elements.append(.line(p)) }
            if line.closed { elements.append(.close) }
        }
        return PathOutline(elements)
    }
}

/// Stroking, dashing and trimming of polylines. A stroke is the union of one polygon per segment, join
/// and cap, each turned the same way, so the nonzero rule fills their union and the exact-area rasterizer
/// covers each pixel by exactly the stroke's area in it.
package enum StrokeGeometry {
    /// The contour's points with repeats dropped (and a closed contour's repeated start).
    package static func distinct(_ line: Polyline) -> [Point] {
        var points: [Point] = []
        for p in line.points where points.last.map({ (p - $0).length > Stroker.coincidence }) ?? true {
            points.append(p)
        }
        if line.closed, points.count > 1, (points[0] - points[points.count - 1]).length <= Stroker.coincidence {
            points.removeLast()
        }
        return points
    }

    /// The polygons whose union is `line` stroked by `spec`.
    package static func pieces(_ line: Polyline, _ spec: StrokeSpec, tolerance: Double) -> [[Point]] {
        let r = spec.width / 2
        guard r > 0 else { return [] }
        let points = distinct(line)
        guard let first = points.first else { return [] }
        var pieces: [[Point]] = []
        func add(_ polygon: [Point]) {
            let area = PathOutline.signedArea(polygon)
            if abs(area) > 0.5e-18 { pieces.append(area < 0 ? polygon.reversed() : polygon) }
        }
        if points.count == 1 {
            // A zero-length line: a dot under round and square caps, nothing under butt caps.
            switch spec.cap {
            case .butt: break
            case .round: add(arc(around: first, radius: r, from: 0, sweep: 2 * .pi, tolerance: tolerance))
            case .square:
                add([
                    first + Point(x: -r, y: -r), first + Point(x: r, y: -r), first + Point(x: r, y: r),
                    first + Point(x: -r, y: r),
                ])
            }
            return pieces
        }
        let closed = line.closed && points.count > 2
        let count = points.count
        let segments = closed ? count : count - 1
        for i in 0..<segments {
            let a = points[i]
            let b = points[(i + 1) % count]
            let n = normal(a, b, r)
            add([a + n, b + n, b - n, a - n])
        }
        let joints = closed ? Array(0..<count) : Array(1..<(count - 1))
        for j in joints {
            let a = points[(j + count - 1) % count]
            let b = points[j]
            let c = points[(j + 1) % count]
            if let join = self.join(a, b, c, spec, tolerance: tolerance) { add(join) }
        }
        if !closed {
            for (end, before) in [(points[count - 1], points[count - 2]), (points[0], points[1])] {
                if let cap = self.cap(end, after: before, spec, tolerance: tolerance) { add(cap) }
            }
        }
        return pieces
    }

    /// The vector of length `r` to the left of travel from `a` to `b` (+90°, from +x towards +y).
    package static func normal(_ a: Point, _ b: Point, _ r: Double) -> Point {
        let d = b - a
        let length = d.length
        return Point(x: -d.y / length * r, y: d.x / length * r)
    }

    /// Points along the circle around `center` from angle `from`, turning by `sweep`: the ends on the circle,
    /// the vertices between on the radius that keeps each chord's sector area, as `Path.addArc` places them.
    package static func arc(around center: Point, radius: Double, from: Double, sweep: Double, tolerance: Double)
        -> [Point]
    {
        // Drawn turning the positive way and reversed: `Path.areaPreservingRadius` keeps the area only for a
        // positive step.
        var path = PixelPath()
        path.addArc(
            center: center, radius: radius, start: min(from, from + sweep), sweep: abs(sweep), tolerance: tolerance)
        return sweep < 0 ? path.points.reversed() : path.points
    }

    /// The piece on the outer side of the joint `b` (from `a`, on to `c`) that the segments' rectangles leave.
    package static func join(_ a: Point, _ b: Point, _ c: Point, _ spec: StrokeSpec, tolerance: Double) -> [Point]? {
        let r = spec.width / 2
        let d0 = b - a
        let d1 = c - b
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        let turn = atan2(cross, dot)
        guard abs(turn) > 1e-12 else { return nil }
        // The outer side is the one the path turns away from.
        let side = cross > 0 ? -1.0 : 1.0
        let n0 = normal(a, b, r) * side
        let n1 = normal(b, c, r) * side
        switch spec.join {
        case .bevel:
            return [b, b + n0, b + n1]
        case .round:
            return [b] + arc(around: b, radius: r, from: atan2(n0.y, n0.x), sweep: turn, tolerance: tolerance)
        case .miter:
            // The miter's length over the line width is 1 / sin(θ/2), θ the angle between the segments.
            let half = (Double.pi - abs(turn)) / 2
            guard sin(half) > 0, 1 / sin(half) <= spec.miterLimit else { return [b, b + n0, b + n1] }
            let bisector = n0 + n1
            let tip = b + bisector * (r / cos(abs(turn) / 2) / bisector.length)
            return [b, b + n0, tip, b + n1]
        }
    }

    /// The cap at the end point `end` of a line arriving from `before`.
    package static func cap(_ end: Point, after before: Point, _ spec: StrokeSpec, tolerance: Double) -> [Point]? {
        let r = spec.width / 2
        let n = normal(before, end, r)
        let forward = Point(x: n.y, y: -n.x)
        switch spec.cap {
        case .butt: return nil
        case .square: return [end + n, end + n + forward, end - n + forward, end - n]
        case .round: return arc(around: end, radius: r, from: atan2(n.y, n.x), sweep: -.pi, tolerance: tolerance)
        }
    }

    /// The lines cut into dashes: `pattern` alternates dash and gap lengths, starting `phase` into it.
    package static func dashed(_ lines: [Polyline], pattern: [Double], phase: Double) -> [Polyline] {
        let period = pattern.reduce(0, +)
        guard period > 0 else { return lines }
        var dashes: [Polyline] = []
        for line in lines {
            var points = distinct(line)
            if line.closed, let first = points.first { points.append(first) }
            guard points.count > 1 else { continue }
            // Where in the pattern the line starts, and whether that is in a dash.
            var offset = phase.truncatingRemainder(dividingBy: period)
            if offset < 0 { offset += period }
            var index = 0
            while offset >= pattern[index] {
                offset -= pattern[index]
                index = (index + 1) % pattern.count
            }
            var left = pattern[index] - offset
            var current: [Point]? = index % 2 == 0 ? [points[0]] : nil
            for i in 1..<points.count {
                var a = points[i - 1]
                let b = points[i]
                var length = (b - a).length
                while length > left {
                    let cut = a + (b - a) * (left / length)
                    if current != nil {
                        current!.append(cut)
                        dashes.append((current!, false))
                        current = nil
                    } else {
                        current = [cut]
                    }
                    length -= left
                    a = cut
                    index = (index + 1) % pattern.count
                    left = pattern[index]
                }
                left -= length
                current?.append(b)
            }
            if let current, current.count > 1 { dashes.append((current, false)) }
        }
        return dashes
    }

    /// The part of the lines from fraction `from` to `to` of their whole length, each contour's closing
    /// segment counted.
    package static func trimmed(_ lines: [Polyline], from: Double, to: Double) -> [Polyline] {
        let start = min(max(from, 0), 1)
        let end = min(max(to, 0), 1)
        guard end > start else { return [] }
        let contours = lines.map { line -> [Point] in
            var points = distinct(line)
            if line.closed, let first = points.first, points.count > 1 { points.append(first) }
            return points
        }
        var total = 0.0
        for points in contours where points.count > 1 {
            for i in 1..<points.count { total += (points[i] - points[i - 1]).length }
        }
        if start <= 0, end >= 1 { return lines }
        guard total > 0 else { return [] }
        let low = start * total
        let high = end * total
        var result: [Polyline] = []
        var walked = 0.0
        for points in contours where points.count > 1 {
            var piece: [Point] = []
            for i in 1..<points.count {
                let a = points[i - 1]
                let b = points[i]
                let length = (b - a).length
                let s0 = walked
                let s1 = walked + length
                walked = s1
                guard s1 > low, s0 < high, length > 0 else { continue }
                let t0 = max(low - s0, 0) / length
                let t1 = min(high - s0, length) / length
                let p0 = a + (b - a) * t0
                if piece.isEmpty { piece.append(p0) }
                piece.append(a + (b - a) * t1)
            }
            if piece.count > 1 { result.append((piece, false)) }
        }
        return result
    }
}
