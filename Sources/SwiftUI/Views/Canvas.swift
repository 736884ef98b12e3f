import RevealRender

/// How a canvas renders its colors; drawn in sRGB here whatever is asked.
public enum ColorRenderingMode: Sendable, Hashable {
    case nonLinear, linear, extendedLinear
}

/// What a `Canvas` renderer draws with, as SwiftUI's `GraphicsContext`: its commands are recorded in
/// order and drawn by the engine's rasterizer when the canvas is drawn.
public struct GraphicsContext {
    /// How a drawing combines with what the canvas holds.
    public struct BlendMode: RawRepresentable, Equatable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let normal = BlendMode(rawValue: 0)
        public static let clear = BlendMode(rawValue: 16)
        public static let copy = BlendMode(rawValue: 17)
        public static let sourceIn = BlendMode(rawValue: 18)
        public static let sourceOut = BlendMode(rawValue: 19)
        public static let sourceAtop = BlendMode(rawValue: 20)
        public static let destinationOver = BlendMode(rawValue: 21)
        public static let destinationIn = BlendMode(rawValue: 22)
        public static let destinationOut = BlendMode(rawValue: 23)
        public static let destinationAtop = BlendMode(rawValue: 24)
    }

    /// What a path is filled or stroked with.
    public struct Shading: Sendable {
        let color: Color
        /// A solid color.
        public static func color(_ color: Color) -> Shading { Shading(color: color) }
    }

    private(set) var commands: [CanvasCommand] = []
    /// How the next drawings combine with the canvas; `.normal` and `.destinationOut` are drawn, any other
    /// mode draws as `.normal`.
    public var blendMode: BlendMode = .normal
    /// Multiplies the alpha of the next drawings.
    public var opacity: Double = 1
    /// Maps the next drawings' points into the canvas (Core Graphics' current transform).
    public var transform: CGAffineTransform = .identity

    init() {}

    private var engineBlend: CanvasBlendMode { blendMode == .destinationOut ? .destinationOut : .normal }

    /// Moves the next drawings by (`x`, `y`) in their own coordinates.
    public mutating func translateBy(x: CGFloat, y: CGFloat) { transform = transform.translatedBy(x: x, y: y) }

    /// Scales the next drawings by `x` and `y` about their origin.
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = transform.scaledBy(x: x, y: y) }

    /// Turns the next drawings by `angle` about their origin.
    public mutating func rotate(by angle: Angle) { transform = transform.rotated(by: CGFloat(angle.radians)) }

    /// Applies `matrix` to the next drawings before the current transform.
    public mutating func concatenate(_ matrix: CGAffineTransform) { transform = matrix.concatenating(transform) }

    /// Fills `path` with `shading`.
    public mutating func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        commands.append(
            CanvasCommand(
                path: path.outline.applying(transform), color: shading.color.value.opacity(opacity),
                blendMode: engineBlend))
    }

    /// Strokes `path` with `shading` in `style`. A round-capped, round-joined solid line is the engine's
    /// growing stroke (drawn again only where it grew); any other style, or any transform, fills the path's
    /// stroked outline (transformed, so a scale widens the line as Core Graphics' does).
    public mutating func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        guard style.lineCap == .round, style.lineJoin == .round, style.dash.isEmpty, transform.isIdentity else {
            return fill(path.strokedPath(style), with: shading)
        }
        commands.append(
            CanvasCommand(
                path: path.outline, color: shading.color.value.opacity(opacity),
                stroke: CanvasStroke(lineWidth: Double(style.lineWidth)), blendMode: engineBlend))
    }

    /// Strokes `path` `lineWidth` points wide.
    public mutating func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }
}

/// A view that draws with a `GraphicsContext` at the size it is given, as SwiftUI's `Canvas`: its
/// renderer runs each time the canvas is drawn.
nonisolated public struct Canvas<Symbols: View>: _PrimitiveView {
    let renderer: (inout GraphicsContext, CGSize) -> Void
}

extension Canvas where Symbols == EmptyView {
    /// A canvas drawn by `renderer`.
    public init(
        opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void
    ) {
        self.renderer = renderer
    }
}
