import RevealCore
import RevealLayout
import RevealRaster
import RevealText

extension View {
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
