import RevealCore
import RevealLayout
import RevealRaster

/// A shadow a style draws with what it fills, as SwiftUI's `ShadowStyle`.
public struct ShadowStyle: Equatable, Sendable {
    let color: Color
    let radius: CGFloat
    let x: CGFloat
    let y: CGFloat
    let inner: Bool

    /// A shadow behind what the style fills, moved by (`x`, `y`) and blurred by `radius`.
    public static func drop(
        color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0
    ) -> ShadowStyle {
        ShadowStyle(color: color, radius: radius, x: x, y: y, inner: false)
    }

    /// A shadow inside what the style fills; drawn as nothing here (warned).
    public static func inner(
        color: Color = Color(.sRGBLinear, white: 0, opacity: 0.55), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0
    ) -> ShadowStyle {
        ShadowStyle(color: color, radius: radius, x: x, y: y, inner: true)
    }
}

/// A style with an opacity or a shadow of its own (`ShapeStyle.opacity(_:)`, `ShapeStyle.shadow(_:)`).
public struct _ModifiedShapeStyle<Base: ShapeStyle>: ShapeStyle {
    let base: Base
    var opacity: Double = 1
    var shadow: ShadowStyle?
}

/// A style resolved for where it is drawn: the engine's paint, and the drop shadow it casts.
struct ResolvedPaintStyle: ShapeStyle {
    /// Not named `paint`, which every style has as an optional.
    let enginePaint: Paint
    let shadow: Shadow?
}

extension _ModifiedShapeStyle {
    /// The base resolved in `environment`, its paint at this opacity, with this shadow.
    nonisolated func resolvedPaint(in environment: EnvironmentValues) -> ResolvedPaintStyle? {
        let resolved = base.resolved(in: environment)
        guard var paint = resolved.paint else { return nil }
        paint.opacity *= min(max(opacity.finite(or: 1), 0), 1)
        var cast = (resolved as? ResolvedPaintStyle)?.shadow
        if let shadow, !shadow.inner {
            cast = Shadow(
                color: shadow.color.resolved(environment.colorScheme).value,
                radius: min(max(Double(shadow.radius).finite(or: 0), 0), SceneLimits.maxShadowRadius),
                x: Double(shadow.x).finite(or: 0), y: Double(shadow.y).finite(or: 0))
        }
        return ResolvedPaintStyle(enginePaint: paint, shadow: cast)
    }
}

/// The erased side of `_ModifiedShapeStyle`, for the resolution of any style.
protocol ModifiedShapeStyle {
    nonisolated func resolvedPaint(in environment: EnvironmentValues) -> ResolvedPaintStyle?
}

extension _ModifiedShapeStyle: ModifiedShapeStyle {}

extension ShapeStyle {
    /// This style at `opacity` (0…1) times its own, as SwiftUI's `ShapeStyle.opacity(_:)`. A view that is also a
    /// style (a gradient) takes `View.opacity(_:)` where both would do; it draws the same.
    @_disfavoredOverload
    nonisolated public func opacity(_ opacity: Double) -> _ModifiedShapeStyle<Self> {
        _ModifiedShapeStyle(base: self, opacity: opacity)
    }

    /// This style casting `style`'s shadow from what it fills, as SwiftUI's `ShapeStyle.shadow(_:)`.
    nonisolated public func shadow(_ style: ShadowStyle) -> _ModifiedShapeStyle<Self> {
        _ModifiedShapeStyle(base: self, shadow: style)
    }
}

/// An overlay fill for shapes on a background, as SwiftUI's `FillShapeStyle` (`.fill`): UIKit's
/// `systemFill`, translucent so the background shows through.
public struct FillShapeStyle: ShapeStyle, Hashable {
    /// The style.
    public init() {}
}

extension ShapeStyle where Self == FillShapeStyle {
    /// UIKit's `systemFill`, for small or thin shapes over a background.
    public static var fill: FillShapeStyle { FillShapeStyle() }
}
