import Foundation
import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// A color or pattern to fill or stroke with, as SwiftUI's `ShapeStyle`.
public protocol ShapeStyle: Sendable {}

/// A color, as SwiftUI's `Color`: a view that fills what it is offered, and a `ShapeStyle`. The system colors
/// and label colors adapt to the color scheme they are drawn in, with iOS's light and dark values (the
/// engine's `SystemColor` table names its source); a color given by its components is the same in both.
nonisolated public struct Color: Hashable, Sendable, ShapeStyle, _PrimitiveView {
    /// The color in light mode (and in dark mode when `dark` is nil).
    let value: RGBAColor
    /// The color in dark mode, for a color that adapts.
    var dark: RGBAColor? = nil

    /// The color spaces a color can be given in; values are taken as sRGB (linear white 0 and 1 are the same).
    public enum RGBColorSpace: Sendable, Hashable {
        case sRGB, sRGBLinear, displayP3
    }

    init(_ value: RGBAColor) { self.value = value }

    /// The color set `name` of the app's asset catalog, with its dark appearance; a name no catalog holds is
    /// clear, as a missing color is on iOS (with a warning in the log there).
    public init(_ name: String, bundle: Bundle? = nil) {
        if let set = AssetCatalog.shared.color(named: name) {
            value = set.light
            dark = set.dark
        } else {
            value = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
        }
    }

    /// A color that is `light` in light mode and `dark` in dark mode.
    init(light: RGBAColor, dark: RGBAColor) {
        value = light
        self.dark = dark
    }

    /// The color as drawn in `scheme`: a color that no longer adapts.
    func resolved(_ scheme: ColorScheme) -> Color { Color(scheme == .dark ? dark ?? value : value) }

    /// A gray of `white` (0 black … 1 white).
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        value = RGBAColor(red: white, green: white, blue: white, alpha: opacity)
    }

    /// A color of red, green and blue components (0…1).
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        value = RGBAColor(red: red, green: green, blue: blue, alpha: opacity)
    }

    /// This color with its alpha multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        var faded = Color(value.opacity(opacity))
        faded.dark = dark?.opacity(opacity)
        return faded
    }

    public static let black = Color(RGBAColor.black)
    public static let white = Color(RGBAColor.white)
    public static let clear = Color(RGBAColor.clear)
    public static let red = Color(light: SystemColor.red, dark: SystemColor.darkRed)
    public static let orange = Color(light: SystemColor.orange, dark: SystemColor.darkOrange)
    public static let yellow = Color(light: SystemColor.yellow, dark: SystemColor.darkYellow)
    public static let green = Color(light: SystemColor.green, dark: SystemColor.darkGreen)
    public static let mint = Color(light: SystemColor.mint, dark: SystemColor.darkMint)
    public static let teal = Color(light: SystemColor.teal, dark: SystemColor.darkTeal)
    public static let cyan = Color(light: SystemColor.cyan, dark: SystemColor.darkCyan)
    public static let blue = Color(light: SystemColor.blue, dark: SystemColor.darkBlue)
    public static let indigo = Color(light: SystemColor.indigo, dark: SystemColor.darkIndigo)
    public static let purple = Color(light: SystemColor.purple, dark: SystemColor.darkPurple)
    public static let pink = Color(light: SystemColor.pink, dark: SystemColor.darkPink)
    public static let brown = Color(light: SystemColor.brown, dark: SystemColor.darkBrown)
    public static let gray = Color(light: SystemColor.gray, dark: SystemColor.darkGray)
    /// The accent color: iOS's default tint, blue. SwiftUI's name, suffix and all.
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    public static let accentColor = Color.blue
    /// The primary label color: black, or white in dark mode.
    public static let primary = HierarchicalShapeStyle.labelColors[0]
    /// The secondary label color (UIColor.secondaryLabel: 60, 60, 67 at 60 %; 235, 235, 245 at 60 % in dark mode).
    public static let secondary = HierarchicalShapeStyle.labelColors[1]
}

extension ShapeStyle where Self == Color {
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var clear: Color { .clear }
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var mint: Color { .mint }
    public static var teal: Color { .teal }
    public static var cyan: Color { .cyan }
    public static var blue: Color { .blue }
    public static var indigo: Color { .indigo }
    public static var purple: Color { .purple }
    public static var pink: Color { .pink }
    public static var brown: Color { .brown }
    public static var gray: Color { .gray }
}

/// Colors and where they sit along a gradient. As a `ShapeStyle` it is, as SwiftUI documents, a linear
/// gradient from the top (0.5, 0) to the bottom (0.5, 1).
public struct Gradient: Equatable, Sendable, ShapeStyle {
    /// A color at a location (0…1) along the gradient.
    public struct Stop: Equatable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }
    public var stops: [Stop]
    /// Colors spread evenly from 0 to 1.
    public init(colors: [Color]) {
        let last = max(colors.count - 1, 1)
        stops = colors.enumerated().map { Stop(color: $0.element, location: CGFloat($0.offset) / CGFloat(last)) }
    }
    /// The stops given.
    public init(stops: [Stop]) { self.stops = stops }
}

/// A gradient along the line from `startPoint` to `endPoint` in the view's unit square, as SwiftUI's
/// `LinearGradient`: a view that fills what it is offered, and a `ShapeStyle`.
nonisolated public struct LinearGradient: ShapeStyle, _PrimitiveView, StopsGradientStyle {
    var gradient: Gradient
    let startPoint: UnitPoint
    let endPoint: UnitPoint

    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    var kind: Paint.Kind {
        .linearGradient(stops: gradient.engine, startPoint: startPoint.engine, endPoint: endPoint.engine)
    }
}

/// A style as a view that fills what it is offered (a `ShapeStyle` in `.overlay`).
nonisolated struct _StyleView: _PrimitiveView {
    let style: any ShapeStyle
}

extension ShapeStyle {
    /// The engine's paint for this style, or nil for a style the engine cannot draw.
    nonisolated var paint: Paint? {
        switch self {
        case let color as Color:
            return .color(color.value)  // light, unless resolved for a scheme first
        case let gradient as any GradientStyle:
            return Paint(gradient.kind)
        case let material as ResolvedMaterial:
            return material.backdrop
        case let resolved as ResolvedPaintStyle:
            return resolved.enginePaint
        case let erased as AnyShapeStyle:
            return erased.base.paint
        default:
            return nil
        }
    }
}

extension UnitPoint {
    nonisolated var engine: RelativePoint { RelativePoint(x: Double(x), y: Double(y)) }
}

extension View {
    /// The style of text, symbols and shapes inside.
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        builtin(.foregroundStyle(style))
    }

    /// The color of text, symbols and shapes inside.
    nonisolated public func foregroundColor(_ color: Color?) -> some View {
        builtin(.foregroundStyle(color ?? HierarchicalShapeStyle.primary))
    }

    /// The tint of controls inside (nil: the accent color).
    nonisolated public func tint(_ tint: Color?) -> some View {
        environmentChange { $0.tint = tint }
    }
}

extension Color: CustomStringConvertible {
    /// The name of a system color ("purple"), else its components as `#RRGGBBAA`, as SwiftUI describes colors.
    public var description: String {
        let named: [(String, Color)] = [
            ("black", .black), ("white", .white), ("clear", .clear), ("red", .red), ("orange", .orange),
            ("yellow", .yellow), ("green", .green), ("mint", .mint), ("teal", .teal), ("cyan", .cyan),
            ("blue", .blue), ("indigo", .indigo), ("purple", .purple), ("pink", .pink), ("brown", .brown),
            ("gray", .gray), ("primary", .primary), ("secondary", .secondary),
        ]
        if let name = named.first(where: { $0.1 == self })?.0 { return name }
        let bytes = [value.red, value.green, value.blue, value.alpha].map { Int((min(max($0, 0), 1) * 255).rounded()) }
        return "#" + bytes.map { String(format: "%02X", $0) }.joined()
    }
}

extension Color {
    /// A color of 8-bit components that is `light` in light mode and `dark` in dark mode.
    static func adaptive(
        _ light: (UInt8, UInt8, UInt8, Double), _ dark: (UInt8, UInt8, UInt8, Double)
    ) -> Color {
        Color(
            light: RGBAColor(rgb8: light.0, light.1, light.2, alpha: light.3),
            dark: RGBAColor(rgb8: dark.0, dark.1, dark.2, alpha: dark.3))
    }

    // UIKit's fills and separator the controls are drawn with, in light and dark mode.
    /// `systemFill`: (120, 120, 128) at 20 %, 36 % in dark mode.
    static let systemFill = adaptive((120, 120, 128, 0.2), (120, 120, 128, 0.36))
    /// `secondarySystemFill`: (120, 120, 128) at 16 %, 32 % in dark mode.
    static let secondarySystemFill = adaptive((120, 120, 128, 0.16), (120, 120, 128, 0.32))
    /// `tertiarySystemFill`: (118, 118, 128) at 12 %, 24 % in dark mode.
    static let tertiarySystemFill = adaptive((118, 118, 128, 0.12), (118, 118, 128, 0.24))
    /// `separator`: (60, 60, 67) at 29 %; (84, 84, 88) at 60 % in dark mode.
    static let separator = adaptive((60, 60, 67, 0.29), (84, 84, 88, 0.6))
}

extension Color {
    /// A color of `hue`, `saturation` and `brightness` (0…1 each), converted to sRGB as HSB is defined. A hue
    /// that is not finite is taken as 0.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = hue.isFinite ? (hue - hue.rounded(.down)) * 6 : 0
        let s = min(max(saturation, 0), 1)
        let v = min(max(brightness, 0), 1)
        let sector = Int(h) % 6
        let f = h - Double(Int(h))
        let p = v * (1 - s)
        let q = v * (1 - s * f)
        let t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, opacity: opacity)
    }

    /// This color mixed with `other`, `fraction` of the way to it (SwiftUI's `mix(with:by:)`, in sRGB here).
    public func mix(with other: Color, by fraction: Double) -> Color {
        let f = min(max(fraction, 0), 1)
        func mixed(_ a: RGBAColor, _ b: RGBAColor) -> RGBAColor {
            RGBAColor(
                red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
        }
        var result = Color(mixed(value, other.value))
        if dark != nil || other.dark != nil { result.dark = mixed(dark ?? value, other.dark ?? other.value) }
        return result
    }
}
