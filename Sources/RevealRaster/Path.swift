import Foundation
import RevealCore

/// A set of closed polygons in pixel space, the only input the rasterizer takes.
///
/// Curves are flattened when they are added, finely enough that the polygon stays within
/// `tolerance` pixels of the ideal curve on both sides (see `addArc`).
package struct PixelPath: Sendable {
    /// All vertices, contour after contour.
    public private(set) var points: [Point] = []
    /// Index into `points` where each contour starts; each contour closes back to its start.
    public private(set) var contourStarts: [Int] = []
    /// Filled where the contours wind an odd number of times, rather than a non-zero number.
    package var evenOdd = false

    /// Largest distance between a flattened arc and the true circle, in pixels. At 0.004 px an
    /// edge pixel's coverage is off by about a quarter of one 8-bit level.
    public static let defaultTolerance = 0.004

    public init() {}

    public var isEmpty: Bool { points.isEmpty }

    public mutating func move(to p: Point) {
        if contourStarts.last != points.count { contourStarts.append(points.count) }
        points.append(p)
    }

    /// Ends the contour (every contour is closed anyway); the next point starts a new one.
    public mutating func close() {
        if !points.isEmpty && contourStarts.last != points.count { contourStarts.append(points.count) }
    }

    /// Adds `other`'s contours after this path's.
    package mutating func append(_ other: PixelPath) {
        let base = points.count
        if contourStarts.last == base, !other.contourStarts.isEmpty { contourStarts.removeLast() }
        contourStarts += other.contourStarts.map { $0 + base }
        points += other.points
    }

    /// Moves every point by `offset`.
    public mutating func translate(by offset: Point) {
        for i in points.indices { points[i] = points[i] + offset }
    }

    /// Every point mapped by `transform` (the contours kept).
    package func mapped(_ transform: (Point) -> Point) -> PixelPath {
        var path = self
        for i in path.points.indices { path.points[i] = transform(path.points[i]) }
        return path
    }

    public mutating func line(to p: Point) {
        if contourStarts.isEmpty { contourStarts.append(points.count) }
        points.append(p)
    }

    /// Appends an arc around `center` from angle `start` turning by `sweep` radians (positive turns
    /// from +x towards +y), starting with a line from the current point to the arc's start.
    ///
    /// End points lie on the circle; the vertices between them sit slightly outside it, on the radius
    /// that gives each chord's triangle the area of its circular sector, so the arc's area is kept.
    public mutating func addArc(
        center: Point, radius: Double, start: Double, sweep: Double,
        tolerance: Double = PixelPath.defaultTolerance
    ) {
        let steps = PixelPath.arcSteps(radius: radius, sweep: sweep, tolerance: tolerance)
        let step = sweep / Double(steps)
        let outer = PixelPath.areaPreservingRadius(radius, step: step)
        line(to: Point(x: center.x + radius * cos(start), y: center.y + radius * sin(start)))
        if steps > 1 {
            for i in 1..<steps {
                let angle = start + step * Double(i)
                line(to: Point(x: center.x + outer * cos(angle), y: center.y + outer * sin(angle)))
            }
        }
        let end = start + sweep
        line(to: Point(x: center.x + radius * cos(end), y: center.y + radius * sin(end)))
    }

    /// A whole circle as its own contour.
    public mutating func addCircle(center: Point, radius: Double, tolerance: Double = PixelPath.defaultTolerance) {
        guard radius > 0 else { return }
        let steps = PixelPath.arcSteps(radius: radius, sweep: 2 * Double.pi, tolerance: tolerance)
        let step = 2 * Double.pi / Double(steps)
        let outer = PixelPath.areaPreservingRadius(radius, step: step)
        move(to: Point(x: center.x + outer, y: center.y))
        for i in 1..<steps {
            let angle = step * Double(i)
            line(to: Point(x: center.x + outer * cos(angle), y: center.y + outer * sin(angle)))
        }
    }

    /// Appends a cubic Bézier from the current point, flattened into enough chords that none strays
    /// more than `tolerance` from the curve (the bound from the curve's second differences).
    public mutating func addCubic(
        to end: Point, control1 c1: Point, control2 c2: Point,
        tolerance: Double = PixelPath.defaultTolerance
    ) {
        guard let start = points.last else { return move(to: end) }
        let d1 = start - c1 * 2 + c2
        let d2 = c1 - c2 * 2 + end
        let bend = max(d1.length, d2.length)
        let steps = max(1, min(Int((3 * bend / (4 * tolerance)).squareRoot().rounded(.up)), 1 << 12))
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            let u = 1 - t
            let a = u * u * u
            let b = 3 * u * u * t
            let c = 3 * u * t * t
            let d = t * t * t
            line(
                to: Point(
                    x: start.x * a + c1.x * b + c2.x * c + end.x * d,
                    y: start.y * a + c1.y * b + c2.y * c + end.y * d))
        }
    }

    /// A rectangle with rounded corners as its own contour. `continuous` draws Apple's smooth corner
    /// (SwiftUI's default `.continuous` style), which leaves each edge 1.528665·radius from the
    /// vertex; otherwise quarter circles. The radius shrinks if the corners would not fit.
    public mutating func addRoundedRect(
        x: Double, y: Double, width: Double, height: Double, radius: Double,
        continuous: Bool, tolerance: Double = PixelPath.defaultTolerance
    ) {
        let extent = continuous ? RoundedCorner.extent : 1
        let r = max(0, min(radius, min(width, height) / (2 * extent)))
        guard r > 0 else { return addRect(x: x, y: y, width: width, height: height) }
        // Corners clockwise from the top right; each maps (along the edge, across it) to a point.
        let corners: [(Point, Point, Point)] = [
            (Point(x: x + width, y: y), Point(x: -1, y: 0), Point(x: 0, y: 1)),
            (Point(x: x + width, y: y + height), Point(x: 0, y: -1), Point(x: -1, y: 0)),
            (Point(x: x, y: y + height), Point(x: 1, y: 0), Point(x: 0, y: -1)),
            (Point(x: x, y: y), Point(x: 0, y: 1), Point(x: 1, y: 0)),
        ]
        for (k, (vertex, along, across)) in corners.enumerated() {
            func p(_ a: Double, _ b: Double) -> Point { vertex + along * (a * r) + across * (b * r) }
            if k == 0 { move(to: p(extent, 0)) } else { line(to: p(extent, 0)) }
            if continuous {
                for segment in RoundedCorner.segments {
                    line(to: p(segment.start.x, segment.start.y))
                    addCubic(
                        to: p(segment.end.x, segment.end.y), control1: p(segment.c1.x, segment.c1.y),
                        control2: p(segment.c2.x, segment.c2.y), tolerance: tolerance)
                }
            } else {
                // A quarter turn, clockwise on screen like the contour, from the incoming edge.
                let center = p(1, 1)
                let from = p(1, 0)
                addArc(
                    center: center, radius: r, start: atan2(from.y - center.y, from.x - center.x),
                    sweep: Double.pi / 2, tolerance: tolerance)
            }
            line(to: p(0, extent))
        }
    }

    /// An axis-aligned rectangle as its own contour.
    public mutating func addRect(x: Double, y: Double, width: Double, height: Double) {
        move(to: Point(x: x, y: y))
        line(to: Point(x: x + width, y: y))
        line(to: Point(x: x + width, y: y + height))
        line(to: Point(x: x, y: y + height))
    }

    /// The vertex radius at which a chord spanning `step` radians encloses its sector's area.
    package static func areaPreservingRadius(_ radius: Double, step: Double) -> Double {
        step < 1e-9 ? radius : radius * (step / sin(step)).squareRoot()
    }

    /// How many chords an arc needs so that, with vertices on the area-preserving radius, the polygon
    /// strays from the circle by at most `tolerance` (about radius·step²/12 outside at the vertices).
    package static func arcSteps(radius: Double, sweep: Double, tolerance: Double) -> Int {
        let step = min((12 * tolerance / radius).squareRoot(), Double.pi / 8)
        let steps = (abs(sweep) / step).rounded(.up)
        return max(1, min(Int(steps), 1 << 16))
    }

    /// The bounds of all vertices, or nil for an empty path.
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard var minX = points.first?.x, var minY = points.first?.y else { return nil }
        var maxX = minX
        var maxY = minY
        for p in points {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        return (minX, minY, maxX, maxY)
    }
}

/// Apple's continuous ("squircle") corner as three cubics and two short lines, in units of the corner
/// radius, measured from the corner's vertex (first coordinate along the incoming edge, second
/// along the outgoing one). These are the published constants of UIKit's rounded rectangles.
package enum RoundedCorner {
    package static let extent = 1.52866483

    package struct Segment {
        let start: Point, c1: Point, c2: Point, end: Point
    }

    package static let segments: [Segment] = [
        Segment(
            start: Point(x: extent, y: 0), c1: Point(x: 1.08849323, y: 0), c2: Point(x: 0.86840689, y: 0),
            end: Point(x: 0.66993427, y: 0.06549600)),
        Segment(
            start: Point(x: 0.63149399, y: 0.07491100), c1: Point(x: 0.37282392, y: 0.16905899),
            c2: Point(x: 0.16905899, y: 0.37282392), end: Point(x: 0.07491100, y: 0.63149399)),
        Segment(
            start: Point(x: 0.06549600, y: 0.66993427), c1: Point(x: 0, y: 0.86840689), c2: Point(x: 0, y: 1.08849323),
            end: Point(x: 0, y: extent)),
    ]
}
