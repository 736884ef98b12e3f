import RevealCore
import RevealLayout
import RevealRaster
import RevealText

extension View {
    /// The weight of text inside, whatever font it is set in (SwiftUI keeps the weight apart from the
    /// font, so `.font(.caption).fontWeight(.semibold)` is a semibold caption); nil keeps the font's own.
    nonisolated public func fontWeight(_ weight: Font.Weight?) -> some View {
        environmentChange { $0.fontWeight = weight }
    }

    /// Text inside in bold (SwiftUI's `View.bold(_:)`).
    nonisolated public func bold(_ isActive: Bool = true) -> some View { fontWeight(isActive ? .bold : nil) }

    /// Text inside in italics (SwiftUI's `View.italic(_:)`).
    nonisolated public func italic(_ isActive: Bool = true) -> some View {
        environmentChange { $0.textStyle.italic = isActive }
    }

    /// Text inside in `design` (SwiftUI's `View.fontDesign(_:)`), over its font's own.
    nonisolated public func fontDesign(_ design: Font.Design?) -> some View {
        environmentChange { $0.textStyle.design = design }
    }

    /// Text inside underlined, in `color` or the text's own (SwiftUI's `View.underline(_:color:)`).
    nonisolated public func underline(_ isActive: Bool = true, color: Color? = nil) -> some View {
        environmentChange { $0.textStyle.underline = isActive ? .some(color) : nil }
    }

    /// Text inside struck through, in `color` or the text's own (SwiftUI's `View.strikethrough(_:color:)`).
    nonisolated public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> some View {
        environmentChange { $0.textStyle.strikethrough = isActive ? .some(color) : nil }
    }

    /// Text inside with `kerning` points after every character (SwiftUI's `View.kerning(_:)`).
    nonisolated public func kerning(_ kerning: CGFloat) -> some View {
        environmentChange { $0.textStyle.kerning = kerning }
    }

    /// Text inside with `tracking` points after every character (SwiftUI's `View.tracking(_:)`).
    nonisolated public func tracking(_ tracking: CGFloat) -> some View {
        environmentChange { $0.textStyle.tracking = tracking }
    }

    /// Text inside raised `offset` points (SwiftUI's `View.baselineOffset(_:)`).
    nonisolated public func baselineOffset(_ offset: CGFloat) -> some View {
        environmentChange { $0.textStyle.baselineOffset = offset }
    }

    /// Text inside with digits all one width (SwiftUI's `View.monospacedDigit()`).
    nonisolated public func monospacedDigit() -> some View {
        environmentChange { $0.textStyle.monospacedDigit = true }
    }

    /// Text inside in capitals or small letters (SwiftUI's `textCase(_:)`); nil leaves it as written.
    nonisolated public func textCase(_ textCase: Text.Case?) -> some View {
        environmentChange { $0.textCase = textCase }
    }

    /// Whether the controls and gestures inside take touches (SwiftUI: "Adds a condition that controls
    /// whether users can interact with this view"); a disabled button draws in the tertiary label color.
    nonisolated public func disabled(_ disabled: Bool) -> some View {
        environmentChange { if disabled { $0.isEnabled = false } }
    }

    /// Whether the view and the views inside take touches; drawing is unchanged.
    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View {
        environmentChange { if !enabled { $0.allowsHitTesting = false } }
    }

    /// A border of `content` `width` points wide, inside the view's frame (an overlay of the frame's
    /// rectangle stroked inside it, as SwiftUI draws it).
    nonisolated public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        overlay(Rectangle().strokeBorder(content, lineWidth: width))
    }

    /// The view drawn as one group before it is composited (SwiftUI's `compositingGroup()`): what is
    /// drawn inside is blended together first, then with what lies under it.
    nonisolated public func compositingGroup() -> some View { builtin(.opacity(1)) }

    /// The view drawn as one picture before it is composited (SwiftUI's `drawingGroup()`); here the same
    /// as `compositingGroup()`, as both render through the same engine.
    nonisolated public func drawingGroup(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear)
        -> some View
    {
        builtin(.opacity(1))
    }
}

extension Text {
    /// How `textCase` sets text.
    public enum Case: Hashable, Sendable {
        case uppercase, lowercase
    }
}

/// A vertical stack that SwiftUI builds lazily; here all its views are laid out (SwiftUI's `LazyVStack`
/// lays out the same as a `VStack` once every view is made).
nonisolated public struct LazyVStack<Content: View>: _PrimitiveView {
    let stack: VStack<Content>
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        stack = VStack(alignment: alignment, spacing: spacing, content: content)
    }
}

/// A horizontal stack that SwiftUI builds lazily; here laid out as an `HStack`.
nonisolated public struct LazyHStack<Content: View>: _PrimitiveView {
    let stack: HStack<Content>
    public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        stack = HStack(alignment: alignment, spacing: spacing, content: content)
    }
}

/// Which views a lazy stack in a scroll view pins.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

extension LazyVStack: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lower(stack, path: path, environment)
    }
}

extension LazyHStack: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lower(stack, path: path, environment)
    }
}

/// A rectangle with each corner rounded by its own radius (SwiftUI's `UnevenRoundedRectangle`).
nonisolated public struct UnevenRoundedRectangle: Shape {
    public var cornerRadii: RectangleCornerRadii
    public var style: RoundedCornerStyle

    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.cornerRadii = cornerRadii
        self.style = style
    }

    public init(
        topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
        topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous
    ) {
        self.init(
            cornerRadii: RectangleCornerRadii(
                topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius,
                bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius), style: style)
    }

    /// Each corner a quarter circle of its radius (as one cubic, like `Path(roundedRect:)`), the radii
    /// clamped to half the shorter side.
    public func path(in rect: CGRect) -> Path {
        let limit = min(rect.width, rect.height) / 2
        func r(_ v: CGFloat) -> CGFloat { max(0, min(v, limit)) }
        let tl = r(cornerRadii.topLeading)
        let tr = r(cornerRadii.topTrailing)
        let br = r(cornerRadii.bottomTrailing)
        let bl = r(cornerRadii.bottomLeading)
        let k: CGFloat = 0.552_284_749_8
        var path = Path()
        path.move(to: CGPoint(x: rect.minX + tl, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - tr, y: rect.minY))
        path.addCurve(
            to: CGPoint(x: rect.maxX, y: rect.minY + tr), control1: CGPoint(x: rect.maxX - tr + k * tr, y: rect.minY),
            control2: CGPoint(x: rect.maxX, y: rect.minY + tr - k * tr))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br))
        path.addCurve(
            to: CGPoint(x: rect.maxX - br, y: rect.maxY), control1: CGPoint(x: rect.maxX, y: rect.maxY - br + k * br),
            control2: CGPoint(x: rect.maxX - br + k * br, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX + bl, y: rect.maxY))
        path.addCurve(
            to: CGPoint(x: rect.minX, y: rect.maxY - bl), control1: CGPoint(x: rect.minX + bl - k * bl, y: rect.maxY),
            control2: CGPoint(x: rect.minX, y: rect.maxY - bl + k * bl))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl))
        path.addCurve(
            to: CGPoint(x: rect.minX + tl, y: rect.minY), control1: CGPoint(x: rect.minX, y: rect.minY + tl - k * tl),
            control2: CGPoint(x: rect.minX + tl - k * tl, y: rect.minY))
        path.closeSubpath()
        return path
    }
}

/// The radius of each corner of a rectangle.
public struct RectangleCornerRadii: Hashable, Sendable {
    public var topLeading: CGFloat, bottomLeading: CGFloat, bottomTrailing: CGFloat, topTrailing: CGFloat
    public init(
        topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0
    ) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }
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
