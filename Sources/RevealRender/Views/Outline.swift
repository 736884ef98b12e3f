import Foundation

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
    func polylines(_ transform: (Point) -> Point) -> [(points: [Point], closed: Bool)] {
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
                var piece = Path()
                if let last = contour.last { piece.move(to: last) }
                PathOutline([element]).flatten(into: &piece, transform, from: contour.last)
                contour += contour.isEmpty ? piece.points : Array(piece.points.dropFirst())
            case .ellipse, .rect:
                finish(closed: false)
                var piece = Path()
                PathOutline([element]).flatten(into: &piece, transform)
                result.append((piece.points, true))
            case .close:
                finish(closed: true)
            }
        }
        finish(closed: false)
        return result
    }

    /// Appends the path, mapped by `transform` (points to pixels), to `path` for filling.
    func flatten(into path: inout Path, _ transform: (Point) -> Point, from start: Point? = nil) {
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
                    to: end, control1: start + (q - start) * (2.0 / 3), control2: end + (q - end) * (2.0 / 3))
                current = end
            case .curve(let p, let c1, let c2):
                let end = transform(p)
                guard current != nil else {
                    path.move(to: end)
                    current = end
                    continue
                }
                path.addCubic(to: end, control1: transform(c1), control2: transform(c2))
                current = end
            case .ellipse(let r):
                let a = transform(Point(x: r.x, y: r.y))
                let b = transform(Point(x: r.maxX, y: r.maxY))
                let w = abs(b.x - a.x)
                let h = abs(b.y - a.y)
                guard w > 0, h > 0 else { continue }
                let center = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
                if w == h {
                    path.addCircle(center: center, radius: w / 2)
                } else {
                    // An ellipse is a circle stretched: flatten the circle of the larger radius, then squash.
                    var circle = Path()
                    let radius = max(w, h) / 2
                    circle.addCircle(center: Point(x: 0, y: 0), radius: radius)
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

/// How a canvas command combines with what the canvas already holds, as `GraphicsContext.BlendMode` (Core
/// Graphics' `CGBlendMode`). A drawing's modes act only where it covers: each pixel becomes the mode's result
/// weighted by the coverage, plus the canvas as it was by the rest, so `clear` and `copy` change only what
/// the path covers, as in Core Graphics. The modes SwiftUI's `BlendMode` has follow `BlendMode`; `clear`,
/// `copy`, `sourceIn`, `sourceOut`, `destinationIn`, `destinationAtop` and `xor` are Porter–Duff operators.
public enum CanvasBlendMode: String, Equatable, Sendable, CaseIterable {
    /// The drawing over the canvas.
    case normal
    /// `BlendMode.multiply`.
    case multiply
    /// `BlendMode.screen`.
    case screen
    /// `BlendMode.overlay`.
    case overlay
    /// `BlendMode.darken`.
    case darken
    /// `BlendMode.lighten`.
    case lighten
    /// `BlendMode.colorDodge`.
    case colorDodge
    /// `BlendMode.colorBurn`.
    case colorBurn
    /// `BlendMode.softLight`.
    case softLight
    /// `BlendMode.hardLight`.
    case hardLight
    /// `BlendMode.difference`.
    case difference
    /// `BlendMode.exclusion`.
    case exclusion
    /// `BlendMode.hue`.
    case hue
    /// `BlendMode.saturation`.
    case saturation
    /// `BlendMode.color`.
    case color
    /// `BlendMode.luminosity`.
    case luminosity
    /// Nothing left where the drawing covers.
    case clear
    /// The drawing alone where it covers.
    case copy
    /// The drawing where the canvas has alpha.
    case sourceIn
    /// The drawing where the canvas has none.
    case sourceOut
    /// `BlendMode.sourceAtop`.
    case sourceAtop
    /// `BlendMode.destinationOver`.
    case destinationOver
    /// The canvas kept where the drawing has alpha.
    case destinationIn
    /// `BlendMode.destinationOut`: the canvas erased where the drawing is.
    case destinationOut
    /// The canvas over the drawing, only where the drawing is.
    case destinationAtop
    /// Each where the other is not.
    case xor
    /// `BlendMode.plusDarker`.
    case plusDarker
    /// `BlendMode.plusLighter`.
    case plusLighter
}

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
    public var blendMode: CanvasBlendMode
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
        path: PathOutline, color: RGBAColor, stroke: CanvasStroke? = nil, blendMode: CanvasBlendMode = .normal,
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
        _ commands: [CanvasCommand], opacity: Double = 1, blendMode: CanvasBlendMode = .normal,
        clips: [CanvasClip] = [], filters: [CanvasFilter] = []
    ) -> CanvasCommand {
        var command = CanvasCommand(
            path: PathOutline(), color: Color(red: 0, green: 0, blue: 0, alpha: min(max(opacity, 0), 1)),
            blendMode: blendMode, clips: clips, filters: filters)
        command.layer = commands
        return command
    }

    /// Whether it is drawn from its (clipped) coverage and one color, without a layer of its own.
    var drawsFromCoverage: Bool { gradient == nil && filters.isEmpty && layer == nil }

    /// Whether it is drawn from its coverage alone, in `normal` or `destinationOut` mode, unclipped: the
    /// commands a canvas can grow (a finger's stroke gaining points).
    var isPlain: Bool {
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

/// A view built from the size it is given, as SwiftUI's `GeometryReader`: it takes the whole size
/// offered (10 points on an axis offered nothing) and places the view `content(size)` at its top
/// leading corner, offered that size. Two contents are equal when they come from the same value.
package struct GeometryContent: Equatable, Sendable {
    private let content: SharedFunction<Size, View>

    /// A reader whose content at a size (in points) is `content(size)`.
    package init(_ content: @escaping @Sendable (Size) -> View) {
        self.content = SharedFunction(content)
    }

    /// The content at `size`.
    package func content(at size: Size) -> View { content.call(size) }
}

/// A function kept by reference, so that values holding it are equal exactly when they hold the same one:
/// how views made of a front end's closures stay `Equatable`.
struct SharedFunction<Input, Output>: Equatable, Sendable {
    private final class Box: Sendable {
        let function: @Sendable (Input) -> Output
        init(_ function: @escaping @Sendable (Input) -> Output) { self.function = function }
    }
    private let box: Box

    init(_ function: @escaping @Sendable (Input) -> Output) { box = Box(function) }

    func call(_ input: Input) -> Output { box.function(input) }

    static func == (a: SharedFunction, b: SharedFunction) -> Bool { a.box === b.box }
}
