import RevealCore
import RevealDisplay
import RevealLayout
import RevealRaster
import RevealText

/// A value that can be interpolated, as SwiftUI's `VectorArithmetic`.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies each component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The dot product with itself.
    var magnitudeSquared: Double { get }
}

extension CGFloat: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
}

extension Double: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= rhs }
    public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
}

/// Nothing to animate.
public struct EmptyAnimatableData: VectorArithmetic, Sendable {
    public init() {}
    public static var zero: EmptyAnimatableData { EmptyAnimatableData() }
    public static func + (a: Self, b: Self) -> Self { a }
    public static func - (a: Self, b: Self) -> Self { a }
    public mutating func scale(by rhs: Double) {}
    public var magnitudeSquared: Double { 0 }
}

/// Two animatable values as one.
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }
    public static var zero: Self { Self(.zero, .zero) }
    public static func + (a: Self, b: Self) -> Self { Self(a.first + b.first, a.second + b.second) }
    public static func - (a: Self, b: Self) -> Self { Self(a.first - b.first, a.second - b.second) }
    public mutating func scale(by rhs: Double) {
        first.scale(by: rhs)
        second.scale(by: rhs)
    }
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

/// A type whose `animatableData` an animation interpolates, as SwiftUI's `Animatable`.
public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

/// A global actor no code runs on. SwiftUI's device (OpenSwiftUI reads it the same way): a protocol
/// bound to it and to the main actor at once gives a conforming type no inferred isolation, so a user's
/// `Shape` is not main-actor isolated.
@globalActor public actor _ImpossibleActor {
    public static let shared = _ImpossibleActor()
}

@_marker @_ImpossibleActor public protocol _RemoveGlobalActorIsolation {}

/// A 2D shape drawn in the rectangle it is given, as SwiftUI's `Shape`: a view that fills what it is
/// offered with the foreground style, and a clip shape.
public protocol Shape: Sendable, Animatable, View, _RemoveGlobalActorIsolation {
    /// The shape's outline in `rect`, in the view's own coordinates.
    nonisolated func path(in rect: CGRect) -> Path
}

extension Shape {
    public var body: _ShapeView<Self> { _ShapeView(shape: self) }

    /// This shape filled with `content`.
    nonisolated public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View {
        _ShapeView(shape: self, style: content, fillStyle: style)
    }
}

/// A shape drawn as a view: filled with its style, or with the foreground style.
nonisolated public struct _ShapeView<Content: Shape>: _PrimitiveView {
    public var shape: Content
    var style: (any ShapeStyle)?
    /// The fill rule.
    var fillStyle: FillStyle
    init(shape: Content, style: (any ShapeStyle)? = nil, fillStyle: FillStyle = FillStyle()) {
        self.shape = shape
        self.style = style
        self.fillStyle = fillStyle
    }
}

extension Shape {
    /// The engine's shape: its own for the built-in shapes (drawn exactly as the port draws them), else
    /// the outline `path(in:)` gives.
    nonisolated var engineShape: ShapeKind {
        if let native = self as? any _NativeShape { return native.native }
        let shape = self
        return .outline(ShapeOutline { rect in shape.path(in: CGRect(rect)).outline })
    }

    /// The engine's shape filled by `style`'s rule: the even-odd rule is carried by the outline (a built-in
    /// shape is one simple contour, which either rule fills alike).
    nonisolated func engineShape(_ style: FillStyle) -> ShapeKind {
        guard style.isEOFilled, !(self is any _NativeShape) else { return engineShape }
        let shape = self
        return .outline(
            ShapeOutline { rect in
                var outline = shape.path(in: CGRect(rect)).outline
                outline.evenOdd = true
                return outline
            })
    }
}

/// A built-in shape the engine draws itself.
protocol _NativeShape {
    nonisolated var native: ShapeKind { get }
}

/// A rectangle filling the frame.
nonisolated public struct Rectangle: Shape, _NativeShape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
    var native: ShapeKind { .rectangle }
}

/// How a rounded rectangle's corners are rounded.
public enum RoundedCornerStyle: Hashable, Sendable {
    case circular, continuous
}

/// A rectangle with rounded corners.
nonisolated public struct RoundedRectangle: Shape, _NativeShape {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
        self.style = style
    }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }
    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerSize: cornerSize, style: style) }
    var native: ShapeKind {
        .roundedRectangle(
            radius: Double(min(cornerSize.width, cornerSize.height)),
            style: style == .continuous ? .continuous : .circular)
    }
}

/// The largest circle centred in the frame.
nonisolated public struct Circle: Shape, _NativeShape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let side = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
    }
    var native: ShapeKind { .circle }
}

/// A rounded rectangle whose corner radius is half its shorter side.
nonisolated public struct Capsule: Shape, _NativeShape {
    public init(style: RoundedCornerStyle = .continuous) {}
    public func path(in rect: CGRect) -> Path {
        Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2, style: .circular)
    }
    var native: ShapeKind { .capsule }
}

/// An ellipse filling the frame.
nonisolated public struct Ellipse: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

extension Shape where Self == Rectangle {
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}

extension Shape where Self == Circle {
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
}

extension Shape where Self == Ellipse {
    public static var ellipse: Ellipse { Ellipse() }
}

/// How a path's inside is decided.
public struct FillStyle: Equatable, Sendable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// How a line ends, as Core Graphics' `CGLineCap` (Foundation on Linux has none).
public enum CGLineCap: Int32, Sendable {
    case butt, round, square
}

/// How lines join, as Core Graphics' `CGLineJoin` (Foundation on Linux has none).
public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel
}

/// How a path is stroked.
public struct StrokeStyle: Equatable, Sendable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: CGFloat
    public var dash: [CGFloat]
    public var dashPhase: CGFloat
    public init(
        lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
        dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

extension CGRect {
    init(_ rect: Rect) { self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
}
