import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// How a canvas renders its colors; drawn in sRGB here whatever is asked.
public enum ColorRenderingMode: Sendable, Hashable {
    case nonLinear, linear, extendedLinear
}

/// What a `Canvas` renderer draws with, as SwiftUI's `GraphicsContext`: its drawings are recorded in order
/// and drawn by the engine's rasterizer when the canvas is drawn. As in SwiftUI, a copy of a context draws
/// into the same canvas with state of its own (transform, opacity, blend mode, clips, filters): SwiftUI's
/// documentation suggests copying a context to draw with changed state and leave the original as it was.
public struct GraphicsContext {
    /// How a drawing combines with what the canvas holds, with Core Graphics' `CGBlendMode` values.
    public struct BlendMode: RawRepresentable, Equatable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let normal = BlendMode(rawValue: 0)
        public static let multiply = BlendMode(rawValue: 1)
        public static let screen = BlendMode(rawValue: 2)
        public static let overlay = BlendMode(rawValue: 3)
        public static let darken = BlendMode(rawValue: 4)
        public static let lighten = BlendMode(rawValue: 5)
        public static let colorDodge = BlendMode(rawValue: 6)
        public static let colorBurn = BlendMode(rawValue: 7)
        public static let softLight = BlendMode(rawValue: 8)
        public static let hardLight = BlendMode(rawValue: 9)
        public static let difference = BlendMode(rawValue: 10)
        public static let exclusion = BlendMode(rawValue: 11)
        public static let hue = BlendMode(rawValue: 12)
        public static let saturation = BlendMode(rawValue: 13)
        public static let color = BlendMode(rawValue: 14)
        public static let luminosity = BlendMode(rawValue: 15)
        public static let clear = BlendMode(rawValue: 16)
        public static let copy = BlendMode(rawValue: 17)
        public static let sourceIn = BlendMode(rawValue: 18)
        public static let sourceOut = BlendMode(rawValue: 19)
        public static let sourceAtop = BlendMode(rawValue: 20)
        public static let destinationOver = BlendMode(rawValue: 21)
        public static let destinationIn = BlendMode(rawValue: 22)
        public static let destinationOut = BlendMode(rawValue: 23)
        public static let destinationAtop = BlendMode(rawValue: 24)
        public static let xor = BlendMode(rawValue: 25)
        public static let plusDarker = BlendMode(rawValue: 26)
        public static let plusLighter = BlendMode(rawValue: 27)

        /// The engine's mode: `BlendOperation`'s cases are in `CGBlendMode`'s order. A raw value Core
        /// Graphics does not define draws as `.normal`.
        var engine: BlendOperation {
            let all = BlendOperation.allCases
            return rawValue >= 0 && Int(rawValue) < all.count ? all[Int(rawValue)] : .normal
        }
    }

    /// How a gradient goes on past its ends.
    public struct GradientOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The stops again from the start.
        public static let `repeat` = GradientOptions(rawValue: 1)
        /// The stops back and forth.
        public static let mirror = GradientOptions(rawValue: 2)

        var spread: CanvasGradient.Spread { contains(.mirror) ? .mirror : contains(.repeat) ? .repeat : .pad }
    }

    /// What a path is filled or stroked with: a color, or a gradient laid out in the context's user space.
    public struct Shading: Sendable {
        enum Kind: Sendable {
            case color(Color)
            case gradient(Gradient, CanvasGradient.Geometry, GradientOptions)
        }
        let kind: Kind

        /// A solid color.
        public static func color(_ color: Color) -> Shading { Shading(kind: .color(color)) }

        /// A gradient from `startPoint` to `endPoint`, isolines perpendicular to that axis.
        public static func linearGradient(
            _ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint, options: GradientOptions = GradientOptions()
        ) -> Shading {
            Shading(kind: .gradient(gradient, .linear(start: startPoint.engine, end: endPoint.engine), options))
        }

        /// Circles about `center`, from the first color at `startRadius` to the last at `endRadius`.
        public static func radialGradient(
            _ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
            options: GradientOptions = GradientOptions()
        ) -> Shading {
            Shading(
                kind: .gradient(
                    gradient,
                    .radial(center: center.engine, startRadius: Double(startRadius), endRadius: Double(endRadius)),
                    options))
        }

        /// One turn about `center` starting and ending at `angle`, clockwise on the screen as an
        /// `AngularGradient` turns.
        public static func conicGradient(
            _ gradient: Gradient, center: CGPoint, angle: Angle = Angle(), options: GradientOptions = GradientOptions()
        ) -> Shading {
            Shading(kind: .gradient(gradient, .conic(center: center.engine, angle: angle.radians), options))
        }
    }

    /// Options for `clip(to:style:options:)`.
    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Keeps what lies outside the path instead.
        public static let inverse = ClipOptions(rawValue: 1)
    }

    /// Where a shadow filter draws the shadow.
    public struct ShadowOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Over the drawing rather than beneath it.
        public static let shadowAbove = ShadowOptions(rawValue: 1)
        /// The shadow alone, without the drawing.
        public static let shadowOnly = ShadowOptions(rawValue: 2)
    }

    /// A filter the next drawings go through, as `addFilter(_:)` adds them.
    public struct Filter: Sendable {
        /// The engine's filter, its colors as drawn in a color scheme.
        let engine: @Sendable (ColorScheme) -> CanvasFilter

        init(engine: CanvasFilter) { self.engine = { _ in engine } }
        init(engine: @escaping @Sendable (ColorScheme) -> CanvasFilter) { self.engine = engine }

        /// A Gaussian blur; its standard deviation is half `radius`, as the `blur(radius:)` modifier's.
        public static func blur(radius: CGFloat) -> Filter { Filter(engine: .blur(radius: Double(radius))) }

        /// A shadow of the drawing: its alpha in `color`, moved by (`x`, `y`) and blurred by `radius`, as the
        /// `shadow` modifier draws it (the default color is SwiftUI's: black at a third).
        public static func shadow(
            color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0,
            options: ShadowOptions = ShadowOptions()
        ) -> Filter {
            let placement: ShadowPlacement =
                options.contains(.shadowOnly) ? .only : options.contains(.shadowAbove) ? .above : .below
            return Filter { scheme in
                let shadow = Shadow(
                    color: color.resolved(scheme).value, radius: Double(radius), x: Double(x), y: Double(y))
                return .shadow(shadow, placement: placement)
            }
        }

        /// Adds `amount` to each color channel, as the `brightness` modifier.
        public static func brightness(_ amount: Double) -> Filter { Filter(engine: .colorMatrix(.brightness(amount))) }
        /// Scales each channel's distance from mid-gray, as the `contrast` modifier.
        public static func contrast(_ amount: Double) -> Filter { Filter(engine: .colorMatrix(.contrast(amount))) }
        /// Scales the colors' saturation, as the `saturation` modifier.
        public static func saturation(_ amount: Double) -> Filter { Filter(engine: .colorMatrix(.saturation(amount))) }
        /// Takes out `amount` of the colors' saturation, as the `grayscale` modifier.
        public static func grayscale(_ amount: Double) -> Filter { Filter(engine: .colorMatrix(.grayscale(amount))) }
        /// Turns the hues by `angle`, as the `hueRotation` modifier.
        public static func hueRotation(_ angle: Angle) -> Filter {
            Filter(engine: .colorMatrix(.hueRotation(angle.radians)))
        }
        /// Multiplies every channel by `color`'s, as the `colorMultiply` modifier.
        public static func colorMultiply(_ color: Color) -> Filter {
            Filter { .colorMatrix(.multiply(color.resolved($0).value)) }
        }
        /// Each pixel whose alpha lies in `min...max` becomes `color`, every other pixel clear (SwiftUI: it
        /// "replaces each pixel with alpha components within a range by a constant color, or transparency
        /// otherwise").
        public static func alphaThreshold(min: Double, max: Double = 1, color: Color = Color.black) -> Filter {
            Filter { .alphaThreshold(AlphaThreshold(min: min, max: max, color: color.resolved($0).value)) }
        }
    }

    /// Where the drawings of a context and its copies go.
    private final class Recorder {
        var commands: [CanvasCommand] = []
        var views: [CanvasView] = []
    }

    /// A view drawn into the canvas (text, an image), where it is placed.
    struct CanvasView {
        let view: AnyView
        /// The canvas point its anchor goes to, and the anchor; or the rectangle it fills.
        let point: CGPoint
        let anchor: UnitPoint
        let rect: CGRect?
        var opacity: Double
        /// The filters of the context it was drawn in, in order.
        var filters: [CanvasFilter]
    }

    private let recorder = Recorder()
    var commands: [CanvasCommand] { recorder.commands }
    var views: [CanvasView] { recorder.views }
    /// The canvas's `symbols` views by their tags.
    var symbols: [AnyHashable: AnyView] = [:]

    /// A view of the canvas's `symbols`, ready to draw, as SwiftUI's `GraphicsContext.ResolvedSymbol`.
    public struct ResolvedSymbol {
        let view: AnyView
    }

    /// The `symbols` view tagged `id`, or nil when none is.
    public func resolveSymbol<ID: Hashable>(id: ID) -> ResolvedSymbol? {
        symbols[AnyHashable(id)].map { ResolvedSymbol(view: $0) }
    }

    /// Draws `symbol` at its size with its `anchor` at `point`, as a view over the canvas's other drawings;
    /// the context's translation, opacity and filters apply to it.
    public func draw(_ symbol: ResolvedSymbol, at point: CGPoint, anchor: UnitPoint = .center) {
        drawView(symbol.view, at: point, anchor: anchor, rect: nil)
    }

    /// Draws `symbol` in `rect`, as a view over the canvas's other drawings.
    public func draw(_ symbol: ResolvedSymbol, in rect: CGRect) {
        drawView(symbol.view, at: rect.origin, anchor: .topLeading, rect: rect)
    }

    /// How the next drawings combine with the canvas.
    public var blendMode: BlendMode = .normal
    /// Multiplies the alpha of the next drawings.
    public var opacity: Double = 1
    /// The environment of the canvas: colors are drawn as its color scheme has them.
    public internal(set) var environment = EnvironmentValues()
    /// Maps the next drawings' points into the canvas (Core Graphics' current transform).
    public var transform: CGAffineTransform = .identity
    /// What the next drawings are clipped to, in canvas points.
    private var clips: [CanvasClip] = []
    /// What the next drawings go through, in order.
    private var filters: [CanvasFilter] = []

    init() {}

    /// Moves the next drawings by (`x`, `y`) in their own coordinates.
    public mutating func translateBy(x: CGFloat, y: CGFloat) { transform = transform.translatedBy(x: x, y: y) }

    /// Scales the next drawings by `x` and `y` about their origin.
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = transform.scaledBy(x: x, y: y) }

    /// Turns the next drawings by `angle` about their origin.
    public mutating func rotate(by angle: Angle) { transform = transform.rotated(by: CGFloat(angle.radians)) }

    /// Applies `matrix` to the next drawings before the current transform.
    public mutating func concatenate(_ matrix: CGAffineTransform) { transform = matrix.concatenating(transform) }

    /// Clips the next drawings to `path` (in the current transform, by `style`'s fill rule), within any clip
    /// already set; with `.inverse`, to what lies outside it.
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
        var outline = path.outline.applying(transform)
        outline.evenOdd = style.isEOFilled
        clips.append(CanvasClip(path: outline, inverse: options.contains(.inverse)))
    }

    /// Sends the next drawings through `filter`, after the filters already added.
    public mutating func addFilter(_ filter: Filter) { filters.append(filter.engine(environment.colorScheme)) }

    /// Draws what `content` draws on a new transparent layer, then the layer onto this context with its
    /// opacity, blend mode, clips and filters, as one drawing. The layer's context starts with this
    /// context's transform and nothing else.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var layer = GraphicsContext()
        layer.transform = transform
        layer.environment = environment
        layer.symbols = symbols
        try content(&layer)
        recorder.commands.append(
            .layer(
                layer.commands, opacity: opacity, blendMode: blendMode.engine, clips: clips, filters: filters))
        // The views drawn in the layer go through its filters and opacity too, after their own.
        for var view in layer.views {
            view.filters += filters
            view.opacity *= opacity
            recorder.views.append(view)
        }
    }

    /// Fills `path` with `shading`, by `style`'s fill rule.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        var outline = path.outline.applying(transform)
        outline.evenOdd = style.isEOFilled
        record(outline, shading, stroke: nil)
    }

    /// Strokes `path` with `shading` in `style`. A round-capped, round-joined solid line is the engine's
    /// growing stroke (drawn again only where it grew); any other style, or any transform, fills the path's
    /// stroked outline (transformed, so a scale widens the line as Core Graphics' does).
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        guard style.lineCap == .round, style.lineJoin == .round, style.dash.isEmpty, transform.isIdentity else {
            return fill(path.strokedPath(style), with: shading)
        }
        record(path.outline, shading, stroke: CanvasStroke(lineWidth: Double(style.lineWidth)))
    }

    /// Strokes `path` `lineWidth` points wide.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Draws `text` with its `anchor` (the centre by default) at `point`, over the canvas's other drawings.
    /// The context's translation, opacity and filters apply to it; a rotation, scale, clip or blend mode does
    /// not.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        drawView(AnyView(text), at: point, anchor: anchor, rect: nil)
    }

    /// Draws `text` in `rect`, wrapped to its width, over the canvas's other drawings.
    public func draw(_ text: Text, in rect: CGRect) {
        drawView(AnyView(text), at: rect.origin, anchor: .topLeading, rect: rect)
    }

    /// Draws `image` at its size with its `anchor` at `point`, over the canvas's other drawings.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        drawView(AnyView(image), at: point, anchor: anchor, rect: nil)
    }

    /// Draws `image` resized to fill `rect`, over the canvas's other drawings.
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        drawView(AnyView(image.resizable()), at: rect.origin, anchor: .topLeading, rect: rect)
    }

    private func drawView(_ view: AnyView, at point: CGPoint, anchor: UnitPoint, rect: CGRect?) {
        let t = transform
        let placed = CGPoint(x: t.a * point.x + t.c * point.y + t.tx, y: t.b * point.x + t.d * point.y + t.ty)
        recorder.views.append(
            CanvasView(
                view: view, point: placed, anchor: anchor,
                rect: rect.map { CGRect(origin: placed, size: $0.size) }, opacity: opacity, filters: filters))
    }

    /// Records one drawing of `outline` (canvas points) with the context's state.
    private func record(_ outline: PathOutline, _ shading: Shading, stroke: CanvasStroke?) {
        var color = RGBAColor.white
        var gradient: CanvasGradient?
        let scheme = environment.colorScheme
        switch shading.kind {
        case .color(let c): color = c.resolved(scheme).value
        case .gradient(let g, let geometry, let options):
            let t = transform
            gradient = CanvasGradient(
                stops: g.resolved(scheme).engine, geometry: geometry, spread: options.spread,
                transform: [t.a, t.b, t.c, t.d, t.tx, t.ty].map { Double($0) })
        }
        recorder.commands.append(
            CanvasCommand(
                path: outline, color: color.opacity(opacity), stroke: stroke, blendMode: blendMode.engine,
                gradient: gradient, clips: clips, filters: filters))
    }
}

/// A view that draws with a `GraphicsContext` at the size it is given, as SwiftUI's `Canvas`: its
/// renderer runs each time the canvas is drawn.
nonisolated public struct Canvas<Symbols: View>: _PrimitiveView {
    let renderer: (inout GraphicsContext, CGSize) -> Void
    /// Views the renderer draws by their tags (`resolveSymbol(id:)`).
    let symbols: Symbols

    /// A canvas drawn by `renderer`, which may draw the views of `symbols`, each found by its `tag(_:)`.
    public init(
        opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void, @ViewBuilder symbols: () -> Symbols
    ) {
        self.renderer = renderer
        self.symbols = symbols()
    }
}

extension Canvas where Symbols == EmptyView {
    /// A canvas drawn by `renderer`.
    public init(
        opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void
    ) {
        self.renderer = renderer
        self.symbols = EmptyView()
    }
}

extension Canvas {
    /// The views of `symbols` by their tags: each view the builder lists (a `TupleView`'s), under the tag set
    /// on it or inside its modifiers, as SwiftUI's tag trait carries through them.
    var symbolTable: [AnyHashable: AnyView] {
        var table: [AnyHashable: AnyView] = [:]
        for view in TaggedViews.listed(symbols) {
            if let tag = TaggedViews.tag(of: view) { table[tag] = AnyView(view) }
        }
        return table
    }
}

/// Views found by the tags set on them.
private enum TaggedViews {
    static func listed(_ view: any View) -> [any View] {
        if view is EmptyView { return [] }
        if let tuple = view as? any TupleViewProtocol { return tuple.listedViews.flatMap(listed) }
        return [view]
    }

    /// The tag on `view`, or on the views inside its modifiers (`ModifiedContent`'s content, down).
    static func tag(of view: any View) -> AnyHashable? {
        var current: Any = view
        while true {
            let mirror = Mirror(reflecting: current)
            guard let content = mirror.descendant("content"), let modifier = mirror.descendant("modifier") else {
                return nil
            }
            if let builtin = modifier as? _BuiltinModifier, case .tag(let tag) = builtin.kind { return tag }
            current = content
        }
    }
}
