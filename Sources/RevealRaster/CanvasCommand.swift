import Foundation
import RevealCore

/// How a canvas stroke ends its lines and joins them: round caps and joins, as the scratch mask draws.
public struct CanvasStroke: Equatable, Sendable {
    /// The line's width in points.
    public var lineWidth: Double

    /// A stroke `lineWidth` points wide.
    public init(lineWidth: Double) {
        self.lineWidth = lineWidth
    }
}

/// A gradient a canvas command is painted with, laid out in the canvas's own points and mapped into them by
/// the context's transform, as `GraphicsContext.Shading`'s gradients.
public struct CanvasGradient: Equatable, Sendable {
    /// Where the gradient's positions run, in the points of the drawing's user space.
    public enum Geometry: Equatable, Sendable {
        /// From 0 at `start` to 1 at `end`, isolines perpendicular to that axis.
        case linear(start: Point, end: Point)
        /// Circles about `center`, 0 at `startRadius` and 1 at `endRadius`.
        case radial(center: Point, startRadius: Double, endRadius: Double)
        /// One clockwise turn about `center` from the angle `angle` (radians from the trailing direction),
        /// as `AngularGradient` sweeps.
        case conic(center: Point, angle: Double)
    }

    /// How the colors go on past the ends, as `GraphicsContext.GradientOptions`.
    public enum Spread: String, Equatable, Sendable {
        /// The end colors extended.
        case pad
        /// The stops again from the start, as `.repeat`.
        case `repeat`
        /// The stops back and forth, as `.mirror`.
        case mirror
    }

    /// Stops ascending by location.
    public var stops: [GradientStop]
    /// Where the positions run.
    public var geometry: Geometry
    /// How the colors go on past the ends.
    public var spread: Spread
    /// Maps user-space points to canvas points (a, b, c, d, tx, ty as `CGAffineTransform`): the context's
    /// transform when the drawing was made.
    public var transform: [Double]

    /// A gradient of `stops` over `geometry`, spread past its ends by `spread`, through `transform`
    /// (a, b, c, d, tx, ty; the identity by default).
    public init(
        stops: [GradientStop], geometry: Geometry, spread: Spread = .pad, transform: [Double] = [1, 0, 0, 1, 0, 0]
    ) {
        self.stops = stops
        self.geometry = geometry
        self.spread = spread
        self.transform = transform.count == 6 ? transform : [1, 0, 0, 1, 0, 0]
    }
}

/// A filter a canvas command is drawn through, as `GraphicsContext.Filter`: the drawing is made on a
/// layer of its own, filtered, then combined with the canvas.
public enum CanvasFilter: Equatable, Sendable {
    /// A Gaussian blur whose standard deviation is half the radius (points), as the `blur` modifier.
    case blur(radius: Double)
    /// A shadow of the drawing's alpha, moved and blurred as `Shadow` says, drawn beneath it (or above it,
    /// or alone).
    case shadow(Shadow, placement: ShadowPlacement)
    /// Every pixel's color through the matrix.
    case colorMatrix(ColorMatrix)
    /// Pixels whose alpha is in range made one color, the others clear.
    case alphaThreshold(AlphaThreshold)
}

/// Where a canvas shadow is drawn, as `GraphicsContext.ShadowOptions`.
public enum ShadowPlacement: String, Equatable, Sendable {
    /// Beneath the drawing.
    case below
    /// Over the drawing (`.shadowAbove`).
    case above
    /// Instead of the drawing (`.shadowOnly`).
    case only
}

/// A path a canvas command is clipped to, in canvas points, as `GraphicsContext.clip(to:style:options:)`.
public struct CanvasClip: Equatable, Sendable {
    /// The clip's outline, its fill rule included.
    public var path: PathOutline
    /// Keeps what lies outside the path instead (`.inverse`).
    public var inverse: Bool

    /// A clip to `path`, or to what lies outside it when `inverse`.
    public init(path: PathOutline, inverse: Bool = false) {
        self.path = path
        self.inverse = inverse
    }
}

/// One drawing command of a canvas, in the canvas's points.
public struct CanvasCommand: Equatable, Sendable {
    /// The path filled or stroked.
    public var path: PathOutline
    /// The color it is drawn with, opacity included. For a layer, only its alpha counts: the layer's opacity.
    public var color: RGBAColor
    /// Nil: the path is filled (its fill rule); else stroked so.
    public var stroke: CanvasStroke?
    /// How it combines with the canvas.
    public var blendMode: BlendOperation
    /// Paints the path in place of the color (the color's alpha still multiplies it); nil: the color.
    public var gradient: CanvasGradient?
    /// Clips the drawing to each of these in turn.
    public var clips: [CanvasClip]
    /// Applied in order to the drawing before it is combined with the canvas.
    public var filters: [CanvasFilter]
    /// Set for a transparency layer, as `GraphicsContext.drawLayer`: these commands drawn on a clear layer
    /// of the canvas's size, which is then filtered, clipped and combined as one drawing (the path unused).
    public var layer: [CanvasCommand]?

    /// A command filling `path` (or stroking it, given `stroke`) with `color` or `gradient`, clipped,
    /// filtered and combined by `blendMode`.
    public init(
        path: PathOutline, color: RGBAColor, stroke: CanvasStroke? = nil, blendMode: BlendOperation = .normal,
        gradient: CanvasGradient? = nil, clips: [CanvasClip] = [], filters: [CanvasFilter] = []
    ) {
        self.path = path
        self.color = color
        self.stroke = stroke
        self.blendMode = blendMode
        self.gradient = gradient
        self.clips = clips
        self.filters = filters
        self.layer = nil
    }

    /// A transparency layer of `commands`, drawn at `opacity`, clipped, filtered and combined by `blendMode`.
    public static func layer(
        _ commands: [CanvasCommand], opacity: Double = 1, blendMode: BlendOperation = .normal,
        clips: [CanvasClip] = [], filters: [CanvasFilter] = []
    ) -> CanvasCommand {
        var command = CanvasCommand(
            path: PathOutline(), color: RGBAColor(red: 0, green: 0, blue: 0, alpha: min(max(opacity, 0), 1)),
            blendMode: blendMode, clips: clips, filters: filters)
        command.layer = commands
        return command
    }

    /// Whether it is drawn from its (clipped) coverage and one color, without a layer of its own.
    package var drawsFromCoverage: Bool { gradient == nil && filters.isEmpty && layer == nil }

    /// Whether it is drawn from its coverage alone, in `normal` or `destinationOut` mode, unclipped: the
    /// commands a canvas can grow (a finger's stroke gaining points).
    package var isPlain: Bool {
        drawsFromCoverage && clips.isEmpty && (blendMode == .normal || blendMode == .destinationOut)
    }
}

/// What a canvas draws at a size, as SwiftUI's `Canvas` renderer closure: asked when the canvas is drawn,
/// with its size in points. Two contents are equal when they come from the same value.
public struct CanvasContent: Equatable, Sendable {
    private let draw: SharedFunction<Size, [CanvasCommand]>

    /// A canvas whose commands at a size (in points) are `draw(size)`.
    public init(_ draw: @escaping @Sendable (Size) -> [CanvasCommand]) {
        self.draw = SharedFunction(draw)
    }

    /// The commands at `size`.
    public func commands(at size: Size) -> [CanvasCommand] { draw.call(size) }
}

/// A function kept by reference, so that values holding it are equal exactly when they hold the same one:
/// how views made of a front end's closures stay `Equatable`.
package struct SharedFunction<Input, Output>: Equatable, Sendable {
    private final class Box: Sendable {
        let function: @Sendable (Input) -> Output
        init(_ function: @escaping @Sendable (Input) -> Output) { self.function = function }
    }
    private let box: Box

    package init(_ function: @escaping @Sendable (Input) -> Output) { box = Box(function) }

    package func call(_ input: Input) -> Output { box.function(input) }

    package static func == (a: SharedFunction, b: SharedFunction) -> Bool { a.box === b.box }
}
