import Foundation
import RevealCore

/// A path in view points, as SwiftUI's `Path` records it: lines, curves and whole ellipses and
/// rectangles, in contours. The renderer flattens it into pixels when it draws, so an ellipse stays an
/// ellipse until then (its chords are placed to keep its area, as `Path.addCircle` does).
public struct PathOutline: Equatable, Hashable, Sendable {
    /// One step of a path, in points, y growing downwards.
    public enum Element: Equatable, Hashable, Sendable {
        /// Starts a new contour at the point.
        case move(Point)
        /// A line from the current point.
        case line(Point)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve from the current point.
        case curve(to: Point, control1: Point, control2: Point)
        /// A whole ellipse inscribed in the rectangle, as its own closed contour.
        case ellipse(Rect)
        /// A whole rectangle as its own closed contour.
        case rect(Rect)
        /// Ends the contour with a line back to its start.
        case close
    }

    /// The steps, in order.
    public var elements: [Element]
    /// Fills where the contours wind an odd number of times (Core Graphics' even-odd rule) rather than
    /// any non-zero number.
    public var evenOdd: Bool

    /// A path of `elements` (default: none), filled by the even-odd rule when `evenOdd`.
    public init(_ elements: [Element] = [], evenOdd: Bool = false) {
        self.elements = elements
        self.evenOdd = evenOdd
    }

    /// The smallest rectangle holding every point and control point; nil for an empty path.
    public var bounds: Rect? {
        var xs: [Double] = []
        var ys: [Double] = []
        func add(_ p: Point) {
            xs.append(p.x)
            ys.append(p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c):
                add(p)
                add(c)
            case .curve(let p, let c1, let c2):
                add(p)
                add(c1)
                add(c2)
            case .ellipse(let r), .rect(let r):
                add(Point(x: r.x, y: r.y))
                add(Point(x: r.maxX, y: r.maxY))
            case .close: break
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The polylines of the path's contours mapped by `transform` (points to pixels), for stroking: each
    /// is the contour's vertices, curves flattened; `closed` says whether it returns to its start.
    package func polylines(_ transform: (Point) -> Point, tolerance: Double = PixelPath.defaultTolerance) -> [(
        points: [Point], closed: Bool
    )] {
        var result: [(points: [Point], closed: Bool)] = []
        var contour: [Point] = []
        func finish(closed: Bool) {
            if !contour.isEmpty { result.append((contour, closed)) }
            contour = []
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                contour = [transform(p)]
            case .line, .quadCurve, .curve:
                // One element flattened on its own, from the contour's last point.
                var piece = PixelPath()
                if let last = contour.last { piece.move(to: last) }
                PathOutline([element]).flatten(into: &piece, transform, from: contour.last, tolerance: tolerance)
                contour += contour.isEmpty ? piece.points : Array(piece.points.dropFirst())
            case .ellipse, .rect:
                finish(closed: false)
                var piece = PixelPath()
                PathOutline([element]).flatten(into: &piece, transform, tolerance: tolerance)
                result.append((piece.points, true))
            case .close:
                finish(closed: true)
            }
        }
        finish(closed: false)
        return result
    }

    /// Appends the path, mapped by `transform` (points to pixels), to `path` for filling.
    package func flatten(
        into path: inout PixelPath, _ transform: (Point) -> Point, from start: Point? = nil,
        tolerance: Double = PixelPath.defaultTolerance
    ) {
        if evenOdd { path.evenOdd = true }
        var current = start
        for element in elements {
            switch element {
            case .move(let p):
                path.move(to: transform(p))
                current = transform(p)
            case .line(let p):
                if current == nil { path.move(to: transform(p)) } else { path.line(to: transform(p)) }
                current = transform(p)
            case .quadCurve(let p, let c):
                let end = transform(p)
                let q = transform(c)
                guard let start = current else {
                    path.move(to: end)
                    current = end
                    continue
                }
                path.addCubic(
                    to: end, control1: start + (q - start) * (2.0 / 3), control2: end + (q - end) * (2.0 / 3),
                    tolerance: tolerance)
                current = end
            case .curve(let p, let c1, let c2):
                let end = transform(p)
                guard current != nil else {
                    path.move(to: end)
                    current = end
                    continue
                }
                path.addCubic(to: end, control1: transform(c1), control2: transform(c2), tolerance: tolerance)
                current = end
            case .ellipse(let r):
                let a = transform(Point(x: r.x, y: r.y))
                let b = transform(Point(x: r.maxX, y: r.maxY))
                let w = abs(b.x - a.x)
                let h = abs(b.y - a.y)
                guard w > 0, h > 0 else { continue }
                let center = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
                if w == h {
                    path.addCircle(center: center, radius: w / 2, tolerance: tolerance)
                } else {
                    // An ellipse is a circle stretched: flatten the circle of the larger radius, then squash.
                    var circle = PixelPath()
                    let radius = max(w, h) / 2
                    circle.addCircle(center: Point(x: 0, y: 0), radius: radius, tolerance: tolerance)
                    let sx = w / 2 / radius
                    let sy = h / 2 / radius
                    for (k, point) in circle.points.enumerated() {
                        let mapped = Point(x: center.x + point.x * sx, y: center.y + point.y * sy)
                        if k == 0 { path.move(to: mapped) } else { path.line(to: mapped) }
                    }
                }
                path.close()
                current = nil
            case .rect(let r):
                let corners = [
                    Point(x: r.x, y: r.y), Point(x: r.maxX, y: r.y), Point(x: r.maxX, y: r.maxY),
                    Point(x: r.x, y: r.maxY),
                ].map(transform)
                path.move(to: corners[0])
                for corner in corners.dropFirst() { path.line(to: corner) }
                path.close()
                current = nil
            case .close:
                path.close()
                current = nil
            }
        }
    }
}

/// A shape whose outline depends on the rectangle it is given, as a SwiftUI `Shape`'s `path(in:)`:
/// the front end's custom shapes. Two outlines are equal when they come from the same value.
public struct ShapeOutline: Equatable, Sendable {
    private let make: SharedFunction<Rect, PathOutline>

    /// A shape whose outline in a rectangle (in points) is `make(rect)`.
    public init(_ make: @escaping @Sendable (Rect) -> PathOutline) {
        self.make = SharedFunction(make)
    }

    /// The outline in `rect`.
    public func outline(in rect: Rect) -> PathOutline { make.call(rect) }
}
