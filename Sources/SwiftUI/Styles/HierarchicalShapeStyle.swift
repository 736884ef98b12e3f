import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A level of the current foreground style, as SwiftUI's `HierarchicalShapeStyle`: `.primary` is the
/// foreground itself, the others fainter levels of it. With no foreground set, they are iOS's label colors.
public struct HierarchicalShapeStyle: ShapeStyle, Hashable {
    let level: Int

    /// UIKit's `label`, `secondaryLabel`, `tertiaryLabel` and `quaternaryLabel`: in light mode black, then
    /// (60, 60, 67) at 60 %, 30 % and 18 %; in dark mode white, then (235, 235, 245) at 60 %, 30 % and 16 %.
    static let labelColors: [Color] = [
        Color(light: .black, dark: .white), label(light: 0.6, dark: 0.6), label(light: 0.3, dark: 0.3),
        label(light: 0.18, dark: 0.16),
    ]

    private static func label(light: Double, dark: Double) -> Color {
        Color(
            light: RGBAColor(rgb8: 60, 60, 67, alpha: light),
            dark: RGBAColor(rgb8: 235, 235, 245, alpha: dark))
    }
    /// The opacity of each level of a foreground color that is not the default: the label colors' own.
    static let levelOpacities = [1, 0.6, 0.3, 0.18]

    public static let primary = HierarchicalShapeStyle(level: 0)
    public static let secondary = HierarchicalShapeStyle(level: 1)
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    public static let quaternary = HierarchicalShapeStyle(level: 3)
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// The foreground style.
    public static var primary: HierarchicalShapeStyle { .primary }
    /// The second level of the foreground style.
    public static var secondary: HierarchicalShapeStyle { .secondary }
    /// The third level of the foreground style.
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    /// The fourth level of the foreground style.
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

/// The tint of the environment a shape is drawn in, as SwiftUI's `TintShapeStyle` (`.tint`): the color
/// `tint(_:)` set around it, else the accent color.
public struct TintShapeStyle: ShapeStyle, Hashable {
    public init() {}
}

extension ShapeStyle where Self == TintShapeStyle {
    /// The environment's tint.
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

extension ShapeStyle {
    /// This style as drawn in `environment`: a hierarchical level becomes a color of the foreground there,
    /// and colors (gradients' too) take their value for the environment's color scheme.
    nonisolated func resolved(in environment: EnvironmentValues) -> any ShapeStyle {
        let scheme = environment.colorScheme
        if let erased = self as? AnyShapeStyle { return erased.base.resolved(in: environment) }
        if let modified = self as? any ModifiedShapeStyle { return modified.resolvedPaint(in: environment) ?? self }
        if self is FillShapeStyle { return Color.systemFill.resolved(scheme) }
        guard let level = (self as? HierarchicalShapeStyle)?.level else {
            if let color = self as? Color { return color.resolved(scheme) }
            if let gradient = self as? any GradientStyle { return gradient.resolved(scheme) }
            if let gradient = self as? Gradient {
                return LinearGradient(gradient: gradient.resolved(scheme), startPoint: .top, endPoint: .bottom)
            }
            if self is TintShapeStyle { return (environment.tint ?? .accentColor).resolved(scheme) }
            if let material = self as? Material { return ResolvedMaterial(backdrop: material.paint(scheme)) }
            return self
        }
        // The foreground around, itself resolved where nothing is set (a hierarchical foreground would
        // otherwise ask for itself).
        var outside = EnvironmentValues()
        outside.colorScheme = scheme
        outside.tint = environment.tint
        let label = HierarchicalShapeStyle.labelColors[level].resolved(scheme)
        guard let foreground = environment.foregroundStyle?.resolved(in: outside), level > 0 else {
            return environment.foregroundStyle?.resolved(in: outside) ?? label
        }
        switch foreground {
        case let color as Color: return color.opacity(HierarchicalShapeStyle.levelOpacities[level])
        default: return label
        }
    }
}

/// A type-erased shape style, as SwiftUI's `AnyShapeStyle`: drawn as the style it wraps.
public struct AnyShapeStyle: ShapeStyle {
    let base: any ShapeStyle
    /// `style`, type-erased.
    public init<S: ShapeStyle>(_ style: S) { base = (style as? AnyShapeStyle)?.base ?? style }
}

/// A translucent material, as SwiftUI's `Material`: what lies behind blurred, under the material's tint. The
/// five thicknesses and the bars' material follow UIKit's `UIBlurEffect.Style.systemUltraThinMaterial` …
/// `systemThickMaterial` and `systemChromeMaterial` in their order of opacity; the blur (a standard deviation
/// of 10 points) and the tints (white in light mode, (28, 28, 30) in dark, at 35 % … 93 %) are our estimates,
/// as UIKit publishes neither.
public struct Material: ShapeStyle, Hashable {
    let level: Int

    public static let ultraThin = Material(level: 0)
    public static let thin = Material(level: 1)
    public static let regular = Material(level: 2)
    public static let thick = Material(level: 3)
    public static let ultraThick = Material(level: 4)

    /// The blur's standard deviation, in points.
    static let sigma = 10.0
    private static let lightOpacities = [0.35, 0.55, 0.7, 0.85, 0.93, 0.8]
    private static let darkOpacities = [0.45, 0.6, 0.7, 0.8, 0.9, 0.8]

    /// The engine's paint for this material in `scheme`.
    func paint(_ scheme: ColorScheme) -> Paint {
        let tint =
            scheme == .dark
            ? RGBAColor(rgb8: 28, 28, 30, alpha: Material.darkOpacities[level])
            : RGBAColor(rgb8: 255, 255, 255, alpha: Material.lightOpacities[level])
        return Paint(.backdrop(sigma: Material.sigma, tint: tint))
    }
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThin }
    public static var thinMaterial: Material { .thin }
    public static var regularMaterial: Material { .regular }
    public static var thickMaterial: Material { .thick }
    public static var ultraThickMaterial: Material { .ultraThick }
    /// The material of bars: toolbars, tab bars.
    public static var bar: Material { Material(level: 5) }
}

/// A material resolved for a color scheme: the engine's paint.
struct ResolvedMaterial: ShapeStyle {
    let backdrop: Paint
}
