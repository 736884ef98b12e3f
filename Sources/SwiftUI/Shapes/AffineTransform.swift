import Foundation
import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A 2D affine transform, as Core Graphics' `CGAffineTransform` (which Foundation on Linux does not have):
/// a point (x, y) goes to (a·x + c·y + tx, b·x + d·y + ty).
public struct CGAffineTransform: Equatable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    /// The transform of the six values.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// Leaves every point where it is.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Moves points by (`tx`, `ty`).
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    /// Scales points from the origin by `sx` and `sy`.
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// Turns points about the origin by `angle` radians (clockwise on a screen, whose y grows downwards).
    public init(rotationAngle angle: CGFloat) {
        let (s, k) = (sin(angle), cos(angle))
        self.init(a: k, b: s, c: -s, d: k, tx: 0, ty: 0)
    }

    /// Whether the transform leaves every point where it is.
    public var isIdentity: Bool { self == .identity }

    /// This transform, then `t`.
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d, c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// A translation by (`tx`, `ty`), then this transform.
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// A scale by `sx` and `sy`, then this transform.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A turn by `angle` radians, then this transform.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The transform that undoes this one; this one when it cannot be undone (as Core Graphics returns it).
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        return CGAffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// This transform done about `anchor` of `rect` instead of the origin.
    func about(_ anchor: UnitPoint, in rect: CGRect) -> CGAffineTransform {
        let x = rect.minX + anchor.x * rect.width
        let y = rect.minY + anchor.y * rect.height
        return CGAffineTransform(translationX: -x, y: -y).concatenating(self)
            .concatenating(CGAffineTransform(translationX: x, y: y))
    }

    /// `point` transformed.
    func apply(_ point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }
}

extension CGPoint {
    /// The point transformed by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension PathOutline {
    /// The outline with every point (and control point) transformed by `t`; whole ellipses and rectangles
    /// become the curves and lines that trace them, as they may not stay upright.
    func applying(_ t: CGAffineTransform) -> PathOutline {
        guard !t.isIdentity else { return self }
        var out: [Element] = []
        for element in elements {
            switch element {
            case .move(let p): out.append(.move(t.apply(p)))
            case .line(let p): out.append(.line(t.apply(p)))
            case .quadCurve(let p, let q): out.append(.quadCurve(to: t.apply(p), control: t.apply(q)))
            case .curve(let p, let c1, let c2):
                out.append(.curve(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2)))
            case .rect(let r):
                out.append(.move(t.apply(Point(x: r.x, y: r.y))))
                out.append(.line(t.apply(Point(x: r.x + r.width, y: r.y))))
                out.append(.line(t.apply(Point(x: r.x + r.width, y: r.y + r.height))))
                out.append(.line(t.apply(Point(x: r.x, y: r.y + r.height))))
                out.append(.close)
            case .ellipse(let r):
                // Four cubics, each a quarter: the control points 0.5523 of the radius out (the standard
                // quarter-circle constant, 4/3·(√2 − 1)), transformed with the rest.
                let k = 4.0 / 3 * (2.0.squareRoot() - 1)
                let (cx, cy, rx, ry) = (r.x + r.width / 2, r.y + r.height / 2, r.width / 2, r.height / 2)
                func p(_ x: Double, _ y: Double) -> Point { t.apply(Point(x: cx + x * rx, y: cy + y * ry)) }
                out.append(.move(p(1, 0)))
                out.append(.curve(to: p(0, 1), control1: p(1, k), control2: p(k, 1)))
                out.append(.curve(to: p(-1, 0), control1: p(-k, 1), control2: p(-1, k)))
                out.append(.curve(to: p(0, -1), control1: p(-1, -k), control2: p(-k, -1)))
                out.append(.curve(to: p(1, 0), control1: p(k, -1), control2: p(1, -k)))
                out.append(.close)
            case .close: out.append(.close)
            }
        }
        return PathOutline(out, evenOdd: evenOdd)
    }
}

extension Path {
    /// The path with every point transformed by `transform`.
    public func applying(_ transform: CGAffineTransform) -> Path {
        var path = Path()
        path.outline = outline.applying(transform)
        return path
    }

    /// The path moved by (`dx`, `dy`).
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path { applying(CGAffineTransform(translationX: dx, y: dy)) }
}

/// A shape turned by an angle about a point of its frame (SwiftUI's `RotatedShape`).
nonisolated public struct RotatedShape<Content: Shape>: Shape {
    public var shape: Content
    public var angle: Angle
    public var anchor: UnitPoint

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).applying(
            CGAffineTransform(rotationAngle: CGFloat(angle.radians)).about(anchor, in: rect))
    }

    /// The angle animates, and the shape's own data.
    public var animatableData: AnimatablePair<Double, Content.AnimatableData> {
        get { AnimatablePair(angle.radians, shape.animatableData) }
        set {
            angle = .radians(newValue.first)
            shape.animatableData = newValue.second
        }
    }
}

/// A shape moved by an offset (SwiftUI's `OffsetShape`).
nonisolated public struct OffsetShape<Content: Shape>: Shape {
    public var shape: Content
    public var offset: CGSize

    public func path(in rect: CGRect) -> Path { shape.path(in: rect).offsetBy(dx: offset.width, dy: offset.height) }

    /// The offset animates, and the shape's own data.
    public var animatableData: AnimatablePair<AnimatablePair<CGFloat, CGFloat>, Content.AnimatableData> {
        get { AnimatablePair(offset.animatableData, shape.animatableData) }
        set {
            offset.animatableData = newValue.first
            shape.animatableData = newValue.second
        }
    }
}

/// A shape scaled about a point of its frame (SwiftUI's `ScaledShape`).
nonisolated public struct ScaledShape<Content: Shape>: Shape {
    public var shape: Content
    public var scale: CGSize
    public var anchor: UnitPoint

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).applying(CGAffineTransform(scaleX: scale.width, y: scale.height).about(anchor, in: rect))
    }

    /// The scale animates, and the shape's own data.
    public var animatableData: AnimatablePair<AnimatablePair<CGFloat, CGFloat>, Content.AnimatableData> {
        get { AnimatablePair(scale.animatableData, shape.animatableData) }
        set {
            scale.animatableData = newValue.first
            shape.animatableData = newValue.second
        }
    }
}

/// A shape through an affine transform (SwiftUI's `TransformedShape`).
nonisolated public struct TransformedShape<Content: Shape>: Shape {
    public var shape: Content
    public var transform: CGAffineTransform

    public func path(in rect: CGRect) -> Path { shape.path(in: rect).applying(transform) }

    /// The shape's own data animates.
    public var animatableData: Content.AnimatableData {
        get { shape.animatableData }
        set { shape.animatableData = newValue }
    }
}

extension Shape {
    /// This shape turned by `angle` about `anchor` of its frame.
    nonisolated public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
        RotatedShape(shape: self, angle: angle, anchor: anchor)
    }

    /// This shape moved by `offset`.
    nonisolated public func offset(_ offset: CGSize) -> OffsetShape<Self> { OffsetShape(shape: self, offset: offset) }

    /// This shape moved by (`x`, `y`).
    nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetShape<Self> {
        OffsetShape(shape: self, offset: CGSize(width: x, height: y))
    }

    /// This shape scaled by `x` and `y` about `anchor` of its frame.
    nonisolated public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: x, height: y), anchor: anchor)
    }

    /// This shape scaled by `scale` about `anchor` of its frame.
    nonisolated public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        self.scale(x: scale, y: scale, anchor: anchor)
    }

    /// This shape through `transform`.
    nonisolated public func transform(_ transform: CGAffineTransform) -> TransformedShape<Self> {
        TransformedShape(shape: self, transform: transform)
    }
}

/// A two-dimensional vector, as Core Graphics' `CGVector` (which Foundation on Linux lacks).
public struct CGVector: Hashable, Sendable, Codable {
    /// The horizontal component.
    public var dx: CGFloat
    /// The vertical component.
    public var dy: CGFloat
    /// The vector (`dx`, `dy`).
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
    /// The vector (`dx`, `dy`).
    public init(dx: Double, dy: Double) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }
    /// The vector (`dx`, `dy`).
    public init(dx: Int, dy: Int) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }
    /// The vector (0, 0).
    public init() { self.init(dx: CGFloat(0), dy: CGFloat(0)) }
    /// The vector (0, 0).
    public static let zero = CGVector()
}
