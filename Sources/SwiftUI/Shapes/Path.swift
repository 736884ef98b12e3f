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
