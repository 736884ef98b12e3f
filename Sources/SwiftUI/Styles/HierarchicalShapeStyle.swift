import RevealRender

/// A level of the current foreground style, as SwiftUI's `HierarchicalShapeStyle`: `.primary` is the
/// foreground itself, the others fainter levels of it. With no foreground set, they are iOS's label colors.
public struct HierarchicalShapeStyle: ShapeStyle, Hashable {
    let level: Int

    /// UIKit's `label`, `secondaryLabel`, `tertiaryLabel` and `quaternaryLabel` in light mode: black, then
    /// (60, 60, 67) at 60 %, 30 % and 18 %.
    static let labelColors: [Color] = [
        .black, Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.6),
        Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.3),
        Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.18),
    ]
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

extension ShapeStyle {
    /// This style as drawn in `environment`: a hierarchical level becomes a color of the foreground there.
    nonisolated func resolved(in environment: EnvironmentValues) -> any ShapeStyle {
        guard let level = (self as? HierarchicalShapeStyle)?.level else { return self }
        guard let foreground = environment.foregroundStyle?.resolved(in: EnvironmentValues()), level > 0 else {
            return environment.foregroundStyle?.resolved(in: EnvironmentValues())
                ?? HierarchicalShapeStyle.labelColors[level]
        }
        switch foreground {
        case let color as Color: return color.opacity(HierarchicalShapeStyle.levelOpacities[level])
        default: return HierarchicalShapeStyle.labelColors[level]
        }
    }
}
