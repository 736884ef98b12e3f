import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A gradient the engine draws as one of its paints: a view that fills what it is offered, and a `ShapeStyle`.
protocol GradientStyle: ShapeStyle {
    /// The engine's paint for the gradient.
    var kind: Paint.Kind { get }
    /// The gradient with each color as drawn in `scheme`.
    nonisolated func resolved(_ scheme: ColorScheme) -> Self
}

/// A gradient of color stops along one direction (linear, radial, elliptical, angular).
protocol StopsGradientStyle: GradientStyle {
    /// Its colors and where they sit.
    var gradient: Gradient { get set }
}

extension StopsGradientStyle {
    /// The gradient with each color as drawn in `scheme`.
    nonisolated func resolved(_ scheme: ColorScheme) -> Self {
        var resolved = self
        resolved.gradient = gradient.resolved(scheme)
        return resolved
    }
}

extension Gradient {
    /// The gradient with each color as drawn in `scheme`.
    nonisolated func resolved(_ scheme: ColorScheme) -> Gradient {
        Gradient(stops: stops.map { Stop(color: $0.color.resolved(scheme), location: $0.location) })
    }
}

extension Gradient {
    /// The stops for the engine, locations as given.
    nonisolated var engine: [GradientStop] {
        stops.map { GradientStop(color: $0.color.value, location: Double($0.location)) }
    }
}

/// Circles about `center` (a unit point of the view) from `startRadius` to `endRadius` points, as SwiftUI's
/// `RadialGradient`: the first color inside the start circle, the last outside the end circle.
nonisolated public struct RadialGradient: ShapeStyle, _PrimitiveView, StopsGradientStyle {
    var gradient: Gradient
    let center: UnitPoint
    let startRadius: CGFloat
    let endRadius: CGFloat

    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    var kind: Paint.Kind {
        .radialGradient(
            stops: gradient.engine, center: center.engine, startRadius: Double(startRadius),
            endRadius: Double(endRadius))
    }
}

/// Ellipses about `center` stretched with the view, as SwiftUI's `EllipticalGradient`: radii are fractions
/// of the view's size, so the default end of 0.5 reaches its edges from the middle.
nonisolated public struct EllipticalGradient: ShapeStyle, _PrimitiveView, StopsGradientStyle {
    var gradient: Gradient
    let center: UnitPoint
    let startRadiusFraction: CGFloat
    let endRadiusFraction: CGFloat

    public init(
        gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
        endRadiusFraction: CGFloat = 0.5
    ) {
        self.gradient = gradient
        self.center = center
        self.startRadiusFraction = startRadiusFraction
        self.endRadiusFraction = endRadiusFraction
    }
    public init(
        colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
        endRadiusFraction: CGFloat = 0.5
    ) {
        self.init(
            gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction,
            endRadiusFraction: endRadiusFraction)
    }
    public init(
        stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
        endRadiusFraction: CGFloat = 0.5
    ) {
        self.init(
            gradient: Gradient(stops: stops), center: center, startRadiusFraction: startRadiusFraction,
            endRadiusFraction: endRadiusFraction)
    }

    var kind: Paint.Kind {
        .ellipticalGradient(
            stops: gradient.engine, center: center.engine, startRadiusFraction: Double(startRadiusFraction),
            endRadiusFraction: Double(endRadiusFraction))
    }
}

/// A sweep about `center` from `startAngle` to `endAngle` (0 points trailing, angles grow clockwise), as
/// SwiftUI's `AngularGradient` ("conic"). Its documented rules: past a whole turn only the last turn is
/// drawn; short of one, the gap shows the end color up to its middle and the start color after. Equal
/// angles (the defaults) sweep one whole turn from them, as `AngularGradient(gradient:center:)` draws.
nonisolated public struct AngularGradient: ShapeStyle, _PrimitiveView, StopsGradientStyle {
    var gradient: Gradient
    let center: UnitPoint
    let startAngle: Angle
    let endAngle: Angle

    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle == startAngle ? startAngle + .degrees(360) : endAngle
    }
    public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A conic gradient: one whole turn from `angle`.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }
    /// A conic gradient of `colors`: one whole turn from `angle`.
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }
    /// A conic gradient of `stops`: one whole turn from `angle`.
    public init(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, angle: angle)
    }

    var kind: Paint.Kind {
        .angularGradient(
            stops: gradient.engine, center: center.engine, startAngle: startAngle.radians,
            endAngle: endAngle.radians)
    }
}

extension ShapeStyle where Self == LinearGradient {
    /// A linear gradient as a style: `.fill(.linearGradient(colors: […], startPoint: .top, endPoint: .bottom))`.
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint)
        -> LinearGradient
    {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient of evenly spaced `colors` as a style.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    /// A radial gradient as a style.
    public static func radialGradient(
        _ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat
    ) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient of evenly spaced `colors` as a style.
    public static func radialGradient(
        colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat
    ) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == EllipticalGradient {
    /// An elliptical gradient as a style.
    public static func ellipticalGradient(
        _ gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
        endRadiusFraction: CGFloat = 0.5
    ) -> EllipticalGradient {
        EllipticalGradient(
            gradient: gradient, center: center, startRadiusFraction: startRadiusFraction,
            endRadiusFraction: endRadiusFraction)
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// An angular gradient as a style.
    public static func angularGradient(
        _ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle
    ) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// An angular gradient of evenly spaced `colors` as a style.
    public static func angularGradient(
        colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle
    ) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A conic gradient (one whole turn from `angle`) as a style.
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }
    /// A conic gradient of evenly spaced `colors` as a style.
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: angle)
    }
}

/// A gradient as a style with no direction of its own, as SwiftUI's `AnyGradient`: "when used as a
/// `ShapeStyle`, this type draws a linear gradient with start-point [0.5, 0] and end-point [0.5, 1]" (Apple).
nonisolated public struct AnyGradient: ShapeStyle, StopsGradientStyle, Equatable {
    var gradient: Gradient

    public init(_ gradient: Gradient) { self.gradient = gradient }

    var kind: Paint.Kind {
        .linearGradient(
            stops: gradient.engine, startPoint: RelativePoint(x: 0.5, y: 0), endPoint: RelativePoint(x: 0.5, y: 1))
    }
}

extension Color {
    /// "The standard gradient for the color" (Apple, which documents the direction but not the colors): the
    /// color lightened at the top, the color itself at the bottom. The lighter end is ours: the color's HSL
    /// lightness raised by `standardGradientLift`, hue and saturation kept. SwiftUI's own, as a published
    /// measurement of `ImageRenderer` output has it (TUIkit's notes on `Color.gradient`), keeps the hue and
    /// raises the lightness by 0.14 to 0.15 for mid colors (0.50 to 0.64 and 0.65, 0.30 to 0.45), by 0.20 for
    /// black, and leaves white white; 0.15 is the one-number fit. In dark mode the dark value is lightened.
    public var gradient: AnyGradient {
        func lifted(_ c: RGBAColor) -> RGBAColor { c.lightened(by: Color.standardGradientLift) }
        var top = Color(lifted(value))
        top.dark = dark.map(lifted)
        return AnyGradient(Gradient(colors: [top, self]))
    }

    /// How far `gradient` raises the top color's HSL lightness (0…1).
    static let standardGradientLift = 0.15
}

extension RGBAColor {
    /// This color with its HSL lightness raised by `lift` (up to 1), hue, saturation and alpha kept: taken to
    /// HSL, lifted, and brought back through HSB (`Color(hue:saturation:brightness:)`), which holds the same
    /// hue and the same color at v = l + s·min(l, 1 − l), saturation 2(1 − l/v).
    nonisolated func lightened(by lift: Double) -> RGBAColor {
        let (r, g, b) = (red, green, blue)
        let high = max(r, g, b)
        let low = min(r, g, b)
        let lightness = (high + low) / 2
        let chroma = high - low
        var hue = 0.0
        if chroma > 0 {
            if high == r {
                hue = ((g - b) / chroma).truncatingRemainder(dividingBy: 6)
            } else if high == g {
                hue = (b - r) / chroma + 2
            } else {
                hue = (r - g) / chroma + 4
            }
            if hue < 0 { hue += 6 }
        }
        let spread = 1 - abs(2 * lightness - 1)
        let saturation = chroma > 0 && spread > 0 ? chroma / spread : 0
        let l = min(lightness + lift, 1)
        let v = l + saturation * min(l, 1 - l)
        return SwiftUI.Color(hue: hue / 6, saturation: v > 0 ? 2 * (1 - l / v) : 0, brightness: v, opacity: alpha).value
    }
}

/// Colors over a grid of points, as SwiftUI's `MeshGradient`: `width`×`height` points in unit coordinates of the
/// view, row by row, each with its color; the surface bends smoothly through them (the engine's
/// `MeshGradientPaint`). Counts that do not match draw only the background.
nonisolated public struct MeshGradient: ShapeStyle, _PrimitiveView, GradientStyle {
    let width: Int
    let height: Int
    let points: [SIMD2<Float>]
    var colors: [Color]
    var background: Color
    let smoothsColors: Bool

    /// A mesh of `width`×`height` `points` (fractions of the view, row-major) and their `colors`.
    public init(
        width: Int, height: Int, points: [SIMD2<Float>], colors: [Color], background: Color = .clear,
        smoothsColors: Bool = true, colorSpace: Gradient.ColorSpace = .device
    ) {
        self.width = width
        self.height = height
        self.points = points
        self.colors = colors
        self.background = background
        self.smoothsColors = smoothsColors
    }

    nonisolated func resolved(_ scheme: ColorScheme) -> MeshGradient {
        var resolved = self
        resolved.colors = colors.map { $0.resolved(scheme) }
        resolved.background = background.resolved(scheme)
        return resolved
    }

    var kind: Paint.Kind {
        guard
            let mesh = MeshGradientPaint(
                width: width, height: height, points: points.map { RelativePoint(x: Double($0.x), y: Double($0.y)) },
                colors: colors.map(\.value), smoothsColors: smoothsColors, background: background.value)
        else { return .color(background.value) }
        return .meshGradient(mesh)
    }
}

extension Gradient {
    /// The space a gradient's colors are interpolated in, as SwiftUI's `Gradient.ColorSpace`. Ours interpolate
    /// gamma-encoded sRGB components (`.device`), whichever is asked for.
    public struct ColorSpace: Hashable, Sendable {
        let name: String
        /// The device's own color space: gamma-encoded sRGB here.
        public static let device = ColorSpace(name: "device")
        /// A perceptually even space (Oklab in SwiftUI); drawn as `.device` here.
        public static let perceptual = ColorSpace(name: "perceptual")
    }
}
