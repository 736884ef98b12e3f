import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// An outline of lines and curves, as SwiftUI's `Path`; also a shape that draws itself as it is.
nonisolated public struct Path: Shape, Equatable {
    var outline = PathOutline()

    /// An empty path.
    public init() {}

    /// A rectangle.
    public init(_ rect: CGRect) { outline.elements = [.rect(rect.engine)] }

    /// The ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) { outline.elements = [.ellipse(rect.engine)] }

    /// A rectangle with rounded corners of `cornerRadius`.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(roundedRect: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// A rectangle with rounded corners of `cornerSize` (drawn as circular arcs).
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        let r = max(0, min(cornerSize.width, cornerSize.height, rect.width / 2, rect.height / 2))
        guard r > 0 else {
            outline.elements = [.rect(rect.engine)]
            return
        }
        // A quarter circle as one cubic: control points 0.5523 of the radius along the tangents.
        let k = r * 0.552_284_749_8
        move(to: CGPoint(x: rect.minX + r, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX - r, y: rect.minY))
        addCurve(
            to: CGPoint(x: rect.maxX, y: rect.minY + r), control1: CGPoint(x: rect.maxX - r + k, y: rect.minY),
            control2: CGPoint(x: rect.maxX, y: rect.minY + r - k))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - r))
        addCurve(
            to: CGPoint(x: rect.maxX - r, y: rect.maxY), control1: CGPoint(x: rect.maxX, y: rect.maxY - r + k),
            control2: CGPoint(x: rect.maxX - r + k, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX + r, y: rect.maxY))
        addCurve(
            to: CGPoint(x: rect.minX, y: rect.maxY - r), control1: CGPoint(x: rect.minX + r - k, y: rect.maxY),
            control2: CGPoint(x: rect.minX, y: rect.maxY - r + k))
        addLine(to: CGPoint(x: rect.minX, y: rect.minY + r))
        addCurve(
            to: CGPoint(x: rect.minX + r, y: rect.minY), control1: CGPoint(x: rect.minX, y: rect.minY + r - k),
            control2: CGPoint(x: rect.minX + r - k, y: rect.minY))
        closeSubpath()
    }

    /// The path `callback` builds.
    public init(_ callback: (inout Path) -> Void) {
        var path = Path()
        callback(&path)
        self = path
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { outline.elements.isEmpty }

    /// The smallest rectangle holding every point of the path (control points included).
    public var boundingRect: CGRect { outline.bounds.map(CGRect.init) ?? .null }

    /// Starts a new subpath at `end`.
    public mutating func move(to end: CGPoint) { outline.elements.append(.move(end.engine)) }

    /// A line from the current point to `end`.
    public mutating func addLine(to end: CGPoint) { outline.elements.append(.line(end.engine)) }

    /// A new subpath through `lines`: a move to the first point, then lines to the others.
    public mutating func addLines(_ lines: [CGPoint]) {
        guard let first = lines.first else { return }
        move(to: first)
        for point in lines.dropFirst() { addLine(to: point) }
    }

    /// A quadratic Bézier curve from the current point to `end`.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
        outline.elements.append(.quadCurve(to: end.engine, control: control.engine))
    }

    /// A cubic Bézier curve from the current point to `end`.
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        outline.elements.append(.curve(to: end.engine, control1: control1.engine, control2: control2.engine))
    }

    /// A rectangle as its own closed subpath.
    public mutating func addRect(_ rect: CGRect) { outline.elements.append(.rect(rect.engine)) }

    /// An ellipse inscribed in `rect`, as its own closed subpath.
    public mutating func addEllipse(in rect: CGRect) { outline.elements.append(.ellipse(rect.engine)) }

    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() { outline.elements.append(.close) }

    /// The path itself, wherever it is drawn.
    public func path(in rect: CGRect) -> Path { self }
}

extension CGPoint {
    nonisolated var engine: Point { Point(x: Double(x), y: Double(y)) }
}

extension CGRect {
    nonisolated var engine: Rect {
        let r = standardized
        return Rect(x: Double(r.minX), y: Double(r.minY), width: Double(r.width), height: Double(r.height))
    }
}

// Arcs, added paths and the current point, as Core Graphics' `CGPath` builds them (SwiftUI's `Path` is one):
// an arc is cubic Béziers of at most a quarter turn each, joined to the current point by a line; angles grow
// from +x towards +y, so on a screen `clockwise: false` turns clockwise (Core Graphics' flipped-space rule).
extension Path {
    /// The point the next element starts from: the end of the last one, the start of a subpath it closed,
    /// or nil for an empty path (`CGPath.currentPoint`).
    public var currentPoint: CGPoint? {
        var start: Point?
        var current: Point?
        for element in outline.elements {
            switch element {
            case .move(let p):
                (start, current) = (p, p)
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
                if start == nil { start = p }
                current = p
            case .rect(let r):
                // CGPathAddRect starts and ends at the rectangle's origin; CGPathAddEllipseInRect at (maxX, midY).
                (start, current) = (Point(x: r.x, y: r.y), Point(x: r.x, y: r.y))
            case .ellipse(let r):
                let p = Point(x: r.x + r.width, y: r.y + r.height / 2)
                (start, current) = (p, p)
            case .close:
                current = start
            }
        }
        return current.map { CGPoint(x: $0.x, y: $0.y) }
    }

    /// An arc of the circle about `center` from `startAngle` to `endAngle`, the short way round in the
    /// direction asked; a turn of 2π or more is the whole circle (`CGPath.addArc(center:…)`).
    public mutating func addArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        let delta = endAngle.radians - startAngle.radians
        let full = 2 * Double.pi
        var sweep: Double
        if clockwise {
            sweep = delta <= -full ? -full : delta.truncatingRemainder(dividingBy: full)
            if sweep > 0 { sweep -= full }
        } else {
            sweep = delta >= full ? full : delta.truncatingRemainder(dividingBy: full)
            if sweep < 0 { sweep += full }
        }
        appendArc(center: center.engine, radius: Double(radius), start: startAngle.radians, sweep: sweep, transform)
    }

    /// An arc of `delta` from `startAngle`, as given, without wrapping (`CGPath.addRelativeArc`).
    public mutating func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle, transform: CGAffineTransform = .identity
    ) {
        appendArc(
            center: center.engine, radius: Double(radius), start: startAngle.radians, sweep: delta.radians, transform)
    }

    /// A line towards `tangent1End`, then an arc of `radius` tangent to the lines from the current point to
    /// `tangent1End` and from there to `tangent2End` (`CGPath.addArc(tangent1End:tangent2End:radius:)`).
    public mutating func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        let inverse = transform.inverted()
        guard let current = currentPoint.map({ $0.applying(inverse).engine }) else {
            move(to: tangent1End.applying(transform))
            return
        }
        let corner = tangent1End.engine
        let end = tangent2End.engine
        let (ax, ay) = (current.x - corner.x, current.y - corner.y)
        let (bx, by) = (end.x - corner.x, end.y - corner.y)
        let (la, lb) = (hypot(ax, ay), hypot(bx, by))
        let cross = ax * by - ay * bx
        // Collinear points (or a zero radius) leave a plain line to the corner, as Core Graphics does.
        guard la > 0, lb > 0, radius > 0, abs(cross) > 1e-12 * la * lb else {
            addLine(to: tangent1End.applying(transform))
            return
        }
        let (ua, ub) = (Point(x: ax / la, y: ay / la), Point(x: bx / lb, y: by / lb))
        let cosTheta = max(-1, min(1, ua.x * ub.x + ua.y * ub.y))
        let half = acos(cosTheta) / 2
        let r = Double(radius)
        let along = r / tan(half)
        let toCenter = r / sin(half)
        let bisector = Point(x: ua.x + ub.x, y: ua.y + ub.y)
        let bl = hypot(bisector.x, bisector.y)
        let center = Point(x: corner.x + bisector.x / bl * toCenter, y: corner.y + bisector.y / bl * toCenter)
        let p0 = Point(x: corner.x + ua.x * along, y: corner.y + ua.y * along)
        let p1 = Point(x: corner.x + ub.x * along, y: corner.y + ub.y * along)
        let a0 = atan2(p0.y - center.y, p0.x - center.x)
        var sweep = atan2(p1.y - center.y, p1.x - center.x) - a0
        if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
        appendArc(center: center, radius: r, start: a0, sweep: sweep, transform)
    }

    /// `path`'s elements, each through `transform`, after this path's (`CGPath.addPath`).
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        outline.elements += path.outline.applying(transform).elements
    }

    /// A rectangle through `transform`, as its own closed subpath.
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform) {
        addPath(Path(rect), transform: transform)
    }

    /// Rectangles, each its own closed subpath.
    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// An ellipse inscribed in `rect`, through `transform`, as its own closed subpath.
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform) {
        addPath(Path(ellipseIn: rect), transform: transform)
    }

    /// A rounded rectangle through `transform`, as its own closed subpath.
    public mutating func addRoundedRect(
        in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous,
        transform: CGAffineTransform = .identity
    ) {
        addPath(Path(roundedRect: rect, cornerSize: cornerSize, style: style), transform: transform)
    }

    /// Lines through `lines` as a new subpath, through `transform`.
    public mutating func addLines(_ lines: [CGPoint], transform: CGAffineTransform) {
        addLines(lines.map { $0.applying(transform) })
    }

    /// The arc as cubics of at most a quarter turn, each with its control points 4/3·tan(θ/4) of the radius
    /// along the tangents, joined by a line to the current point (or starting a subpath when there is none).
    private mutating func appendArc(
        center: Point, radius: Double, start: Double, sweep: Double, _ transform: CGAffineTransform
    ) {
        guard radius.isFinite, start.isFinite, sweep.isFinite, center.x.isFinite, center.y.isFinite else { return }
        func point(_ angle: Double, _ distance: Double = 1) -> CGPoint {
            CGPoint(x: center.x + radius * distance * cos(angle), y: center.y + radius * distance * sin(angle))
                .applying(transform)
        }
        let first = point(start)
        if currentPoint == nil { move(to: first) } else { addLine(to: first) }
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3 * tan(step / 4)
        for piece in 0..<pieces {
            let a = start + step * Double(piece)
            let b = a + step
            let (ca, sa, cb, sb) = (cos(a), sin(a), cos(b), sin(b))
            let c1 = CGPoint(x: center.x + radius * (ca - k * sa), y: center.y + radius * (sa + k * ca))
            let c2 = CGPoint(x: center.x + radius * (cb + k * sb), y: center.y + radius * (sb - k * cb))
            addCurve(to: point(b), control1: c1.applying(transform), control2: c2.applying(transform))
        }
    }
}
