import RevealCore
import RevealLayout
import RevealRaster
import RevealText

extension View {
    /// A fixed frame: `width` and `height` where given, the view's own size elsewhere, the view placed by
    /// `alignment`.
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
        -> some View
    {
        builtin(.frame(width: width, height: height, alignment: alignment))
    }

    /// A flexible frame: the size offered, clamped to the bounds given (SwiftUI's `_FlexFrameLayout`); offered
    /// nothing on an axis, its ideal size there.
    nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View {
        builtin(
            .flexibleFrame(
                minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth, minHeight: minHeight,
                idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment))
    }

    /// The view at its ideal size on both axes, whatever it is offered.
    nonisolated public func fixedSize() -> some View { fixedSize(horizontal: true, vertical: true) }

    /// The view at its ideal size on the axes marked, whatever it is offered there.
    nonisolated public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        builtin(.layout(.fixedSize(horizontal: horizontal, vertical: vertical)))
    }

    /// The order in which a stack offers room: higher priorities first (default 0).
    nonisolated public func layoutPriority(_ value: Double) -> some View {
        builtin(.layout(.layoutPriority(value.finite(or: 0))))
    }

    /// The view offered a size of `aspectRatio` (width over height; nil: its ideal size's) that fits in
    /// (`.fit`) or covers (`.fill`) what it is offered.
    nonisolated public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        let ratio = aspectRatio.map(Double.init).flatMap { $0.isFinite && $0 > 0 ? min(max($0, 1e-6), 1e6) : nil }
        return builtin(.layout(.aspectRatio(ratio, fill: contentMode == .fill)))
    }

    /// The view offered a size of `aspectRatio`'s width over its height, fitting or covering its offer.
    nonisolated public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
        self.aspectRatio(
            aspectRatio.height == 0 ? nil : aspectRatio.width / aspectRatio.height, contentMode: contentMode)
    }

    /// The view at the largest size of its own ideal ratio that fits in its offer.
    nonisolated public func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }

    /// The view at the smallest size of its own ideal ratio that covers its offer.
    nonisolated public func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }

    /// Where the view is drawn among its siblings: after those of lower values (default 0).
    nonisolated public func zIndex(_ value: Double) -> some View {
        // `.infinity` is above every finite value (a sticky header's idiom); NaN counts as 0.
        builtin(.layout(.zIndex(value.isNaN ? 0 : min(max(value, -1e9), 1e9))))
    }

    /// Room on `edges`: `length` points, or the system's default padding (16 points on iPhone) when nil.
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        builtin(.padding(edges, length))
    }

    /// `length` points of room on every edge.
    nonisolated public func padding(_ length: CGFloat) -> some View { builtin(.padding(.all, length)) }

    /// Room of `insets` on each edge.
    nonisolated public func padding(_ insets: EdgeInsets) -> some View {
        self.padding(.top, insets.top).padding(.leading, insets.leading).padding(.bottom, insets.bottom)
            .padding(.trailing, insets.trailing)
    }

    /// Centres the view at (`x`, `y`) in its parent's coordinates; it takes all the room it is offered.
    nonisolated public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        builtin(.position(CGPoint(x: x, y: y)))
    }

    /// Centres the view at `position` in its parent's coordinates.
    nonisolated public func position(_ position: CGPoint) -> some View { builtin(.position(position)) }

    /// Sets the view's value for the horizontal guide `g`, computed from its dimensions, wherever views are
    /// aligned by it.
    nonisolated public func alignmentGuide(
        _ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat
    ) -> some View {
        builtin(.alignmentGuide(g.guide, horizontal: true, computeValue))
    }

    /// Sets the view's value for the vertical guide `g`, computed from its dimensions, wherever views are
    /// aligned by it.
    nonisolated public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat)
        -> some View
    {
        builtin(.alignmentGuide(g.guide, horizontal: false, computeValue))
    }

    /// Moves the drawing by `offset`, not the layout.
    nonisolated public func offset(_ offset: CGSize) -> some View { builtin(.offset(offset)) }

    /// Moves the drawing by (`x`, `y`), not the layout.
    nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        builtin(.offset(CGSize(width: x, height: y)))
    }

    /// Lets the view reach into the safe area. Here: a root view that ignores it is laid out on the whole
    /// screen; anywhere else it has no effect yet.
    nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        builtin(.ignoresSafeArea)
    }

    /// Puts `content` along `edge` of this view and insets the view by its height, as SwiftUI's
    /// `safeAreaInset(edge:alignment:spacing:content:)` ("the modified view is inset by the height of
    /// content"): the two share the room offered, `spacing` apart (nil: a stack's default). Here the view is
    /// laid out beside the content, so a scroll view's content stops at it rather than passing under it.
    nonisolated public func safeAreaInset<V: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View {
        let inset = content()
        return VStack(alignment: alignment, spacing: spacing) {
            if edge == .top { inset }
            frame(maxWidth: .infinity, maxHeight: .infinity)
            if edge == .bottom { inset }
        }
    }

    /// Puts `content` along `edge` of this view and insets the view by its width (the leading or trailing
    /// form of `safeAreaInset`).
    nonisolated public func safeAreaInset<V: View>(
        edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View {
        let inset = content()
        return HStack(alignment: alignment, spacing: spacing) {
            if edge == .leading { inset }
            frame(maxWidth: .infinity, maxHeight: .infinity)
            if edge == .trailing { inset }
        }
    }

    /// The spelling before iOS 14 (deprecated, still compiles on Apple platforms): as `ignoresSafeArea`.
    @available(*, deprecated, message: "Use ignoresSafeArea(_:edges:) instead.")
    nonisolated public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { builtin(.ignoresSafeArea) }

    /// Views drawn over this one, offered its size and placed in it by `alignment`.
    nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> some View
    {
        builtin(.overlay(content(), alignment))
    }

    /// A view drawn over this one (SwiftUI deprecates this spelling; it ranks below the `ShapeStyle` one).
    @_disfavoredOverload
    nonisolated public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> some View {
        builtin(.overlay(overlay, alignment))
    }

    /// A style filling this view's frame, over it.
    nonisolated public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
        -> some View
    {
        builtin(.overlay(_StyleView(style: style), .center))
    }

    /// Views drawn behind this one, offered its size and placed in it by `alignment`.
    nonisolated public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> some View
    {
        builtin(.background(content(), alignment))
    }

    /// A view drawn behind this one. `@_disfavoredOverload` as SwiftUI declares it, so that
    /// `.background(LinearGradient(…))` picks the `ShapeStyle` overload.
    @_disfavoredOverload
    nonisolated public func background<V: View>(_ background: V, alignment: Alignment = .center) -> some View {
        builtin(.background(background, alignment))
    }

    /// A style filling this view's frame, behind it (`edges` accepted: the style stays in the frame).
    nonisolated public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
        -> some View
    {
        builtin(.backgroundStyle(style))
    }

    /// Shows this view only where `mask`, offered its size and placed by `alignment`, has alpha.
    nonisolated public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask)
        -> some View
    {
        builtin(.mask(mask(), alignment))
    }

    /// `style` filling `shape` behind the view, in its frame (SwiftUI's `background(_:in:fillStyle:)`).
    nonisolated public func background<S: ShapeStyle, T: Shape>(
        _ style: S, in shape: T, fillStyle: FillStyle = FillStyle()
    ) -> some View {
        background { shape.fill(style, style: fillStyle) }
    }

    /// Shows this view only where `mask` has alpha: the spelling Apple deprecated in iOS 15, which still
    /// compiles (SwiftUI's `mask(_:)`).
    @available(*, deprecated, message: "Use overload where mask accepts a @ViewBuilder instead.")
    nonisolated public func mask<Mask: View>(_ mask: Mask) -> some View {
        builtin(.mask(mask, .center))
    }

    /// Clips the view, drawn as a group, to `shape` in its frame.
    nonisolated public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        builtin(.clipShape(shape, style))
    }

    /// Clips the view to its frame.
    nonisolated public func clipped(antialiased: Bool = false) -> some View { builtin(.clipShape(Rectangle())) }

    /// Clips the view to a rounded rectangle of `radius` points.
    nonisolated public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        builtin(.clipShape(RoundedRectangle(cornerRadius: radius, style: .circular)))
    }

    /// The shape the view is hit-tested with (by default its frame).
    nonisolated public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View {
        builtin(.contentShape(shape))
    }

    /// Multiplies the view's alpha, drawn as a group.
    nonisolated public func opacity(_ opacity: Double) -> some View { builtin(.opacity(opacity)) }

    /// A drop shadow of the view, drawn as a group: its alpha, moved by (`x`, `y`) and blurred by `radius`.
    nonisolated public func shadow(
        color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0
    ) -> some View {
        builtin(.shadow(color, radius, x, y))
    }

    /// The view blurred, as SwiftUI's `blur(radius:opaque:)`: a Gaussian blur whose standard deviation is
    /// half the radius (Core Animation's blur radius, as a shadow's), transparent past the view's edges.
    /// An opaque blur (edges kept solid) is drawn as a transparent one, and said in a warning.
    nonisolated public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
        builtin(.blur(radius, opaque: opaque))
    }

    /// Gives the view an explicit identity: a different `id` is a different view, with fresh state.
    nonisolated public func id<ID: Hashable>(_ id: ID) -> some View { builtin(.id(AnyHashable(id))) }

    /// Hides the view: it keeps its room and draws nothing.
    nonisolated public func hidden() -> some View { builtin(.opacity(0)) }
}
