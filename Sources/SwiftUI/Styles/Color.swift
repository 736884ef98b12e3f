import RevealRender

/// A color or pattern to fill or stroke with, as SwiftUI's `ShapeStyle`.
public protocol ShapeStyle: Sendable {}

/// A color, as SwiftUI's `Color`: a view that fills what it is offered, and a `ShapeStyle`. The system
/// colors are iOS's light-mode values (the engine's `SystemColor` table names its source).
nonisolated public struct Color: Hashable, Sendable, ShapeStyle, _PrimitiveView {
    let value: RevealRender.Color

    /// The color spaces a color can be given in; values are taken as sRGB (linear white 0 and 1 are the same).
    public enum RGBColorSpace: Sendable, Hashable {
        case sRGB, sRGBLinear, displayP3
    }

    init(_ value: RevealRender.Color) { self.value = value }

    /// A gray of `white` (0 black … 1 white).
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        value = RevealRender.Color(red: white, green: white, blue: white, alpha: opacity)
    }

    /// A color of red, green and blue components (0…1).
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        value = RevealRender.Color(red: red, green: green, blue: blue, alpha: opacity)
    }

    /// This color with its alpha multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color { Color(value.opacity(opacity)) }

    public static let black = Color(RevealRender.Color.black)
    public static let white = Color(RevealRender.Color.white)
    public static let clear = Color(RevealRender.Color.clear)
    public static let red = Color(SystemColor.red)
    public static let orange = Color(SystemColor.orange)
    public static let yellow = Color(SystemColor.yellow)
    public static let green = Color(SystemColor.green)
    public static let mint = Color(SystemColor.mint)
    public static let teal = Color(SystemColor.teal)
    public static let cyan = Color(SystemColor.cyan)
    public static let blue = Color(SystemColor.blue)
    public static let indigo = Color(SystemColor.indigo)
    public static let purple = Color(SystemColor.purple)
    public static let pink = Color(SystemColor.pink)
    public static let brown = Color(SystemColor.brown)
    public static let gray = Color(SystemColor.gray)
    /// The accent color: iOS's default tint, blue. SwiftUI's name, suffix and all.
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    public static let accentColor = Color(SystemColor.blue)
    /// The primary label color in light mode.
    public static let primary = Color(RevealRender.Color.black)
    /// The secondary label color in light mode (UIColor.secondaryLabel: 60, 60, 67 at 60 %).
    public static let secondary = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.6)
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

/// Colors and where they sit along a gradient.
public struct Gradient: Equatable, Sendable {
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
nonisolated public struct LinearGradient: ShapeStyle, _PrimitiveView, GradientStyle {
    let gradient: Gradient
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
            return .color(color.value)
        case let gradient as any GradientStyle:
            return Paint(gradient.kind)
        default:
            return nil
        }
    }
}

extension UnitPoint {
    nonisolated var engine: RevealRender.UnitPoint { RevealRender.UnitPoint(x: Double(x), y: Double(y)) }
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
        environmentChange(.tint((tint ?? .accentColor).value)) { $0.tint = tint }
    }
}
