import Foundation

/// A set of closed polygons in pixel space, the only input the rasterizer takes.
///
/// Curves are flattened when they are added, finely enough that the polygon stays within
/// `tolerance` pixels of the ideal curve on both sides (see `addArc`).
public struct Path: Sendable {
    /// All vertices, contour after contour.
    public private(set) var points: [Point] = []
    /// Index into `points` where each contour starts; each contour closes back to its start.
    public private(set) var contourStarts: [Int] = []

    /// Largest distance between a flattened arc and the true circle, in pixels. At 0.004 px an
    /// edge pixel's coverage is off by about a quarter of one 8-bit level.
    public static let defaultTolerance = 0.004

    public init() {}

    public var isEmpty: Bool { points.isEmpty }

    public mutating func move(to p: Point) {
        contourStarts.append(points.count)
        points.append(p)
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
    public mutating func addArc(center: Point, radius: Double, start: Double, sweep: Double,
                                tolerance: Double = Path.defaultTolerance) {
        let steps = Path.arcSteps(radius: radius, sweep: sweep, tolerance: tolerance)
        let step = sweep / Double(steps)
        let outer = Path.areaPreservingRadius(radius, step: step)
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
    public mutating func addCircle(center: Point, radius: Double, tolerance: Double = Path.defaultTolerance) {
        guard radius > 0 else { return }
        let steps = Path.arcSteps(radius: radius, sweep: 2 * Double.pi, tolerance: tolerance)
        let step = 2 * Double.pi / Double(steps)
        let outer = Path.areaPreservingRadius(radius, step: step)
        move(to: Point(x: center.x + outer, y: center.y))
        for i in 1..<steps {
            let angle = step * Double(i)
            line(to: Point(x: center.x + outer * cos(angle), y: center.y + outer * sin(angle)))
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
    static func areaPreservingRadius(_ radius: Double, step: Double) -> Double {
        step < 1e-9 ? radius : radius * (step / sin(step)).squareRoot()
    }

    /// How many chords an arc needs so that, with vertices on the area-preserving radius, the polygon
    /// strays from the circle by at most `tolerance` (about radius·step²/12 outside at the vertices).
    static func arcSteps(radius: Double, sweep: Double, tolerance: Double) -> Int {
        let step = min((12 * tolerance / radius).squareRoot(), Double.pi / 8)
        let steps = (abs(sweep) / step).rounded(.up)
        return max(1, min(Int(steps), 1 << 16))
    }

    /// The bounds of all vertices, or nil for an empty path.
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard var minX = points.first?.x, var minY = points.first?.y else { return nil }
        var maxX = minX, maxY = minY
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return (minX, minY, maxX, maxY)
    }
}
