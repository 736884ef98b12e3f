import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// Flexible room along a stack's axis.
nonisolated public struct Spacer: _PrimitiveView {
    let minLength: CGFloat?
    /// Room of at least `minLength` points (SwiftUI's default where nil: 8).
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
}

/// Views top to bottom, as SwiftUI's `VStack`.
nonisolated public struct VStack<Content: View>: _PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content
    /// A stack of the views the closure builds, `spacing` points apart (nil: 8), placed across by `alignment`.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)
    {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

/// Views leading to trailing, as SwiftUI's `HStack`.
nonisolated public struct HStack<Content: View>: _PrimitiveView {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content
    /// A stack of the views the closure builds, `spacing` points apart (nil: 8), placed across by `alignment`.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

/// Views on top of each other, the first at the back, as SwiftUI's `ZStack`.
nonisolated public struct ZStack<Content: View>: _PrimitiveView {
    let alignment: Alignment
    let content: Content
    /// A stack of the views the closure builds, placed by `alignment`.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
}
