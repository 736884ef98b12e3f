import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A point in a view's unit square: (0, 0) its top leading corner, (1, 1) its bottom trailing one.
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    /// The top leading corner.
    public init() { self.init(x: 0, y: 0) }
    /// A point at fractions `x` and `y` of the view's width and height.
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// A guide a view answers with an offset from its leading edge; views aligned by it have those offsets
/// brought together (SwiftUI's `HorizontalAlignment`).
public struct HorizontalAlignment: Equatable, Sendable {
    let guide: AlignmentGuide

    init(guide: AlignmentGuide) { self.guide = guide }

    /// The guide `id` stands for: views that set no value for it answer `id.defaultValue(in:)`.
    public init(_ id: any AlignmentID.Type) {
        // A metatype holds no state; AlignmentID, as Apple declares it, is not Sendable.
        nonisolated(unsafe) let type = id
        guide = .custom("H:" + String(reflecting: id)) { Double(type.defaultValue(in: ViewDimensions($0))) }
    }

    public static let leading = HorizontalAlignment(guide: .fraction(0))
    public static let center = HorizontalAlignment(guide: .fraction(0.5))
    public static let trailing = HorizontalAlignment(guide: .fraction(1))
}

/// A guide a view answers with an offset from its top edge; views aligned by it have those offsets brought
/// together (SwiftUI's `VerticalAlignment`).
public struct VerticalAlignment: Equatable, Sendable {
    let guide: AlignmentGuide

    init(guide: AlignmentGuide) { self.guide = guide }

    /// The guide `id` stands for: views that set no value for it answer `id.defaultValue(in:)`.
    public init(_ id: any AlignmentID.Type) {
        // A metatype holds no state; AlignmentID, as Apple declares it, is not Sendable.
        nonisolated(unsafe) let type = id
        guide = .custom("V:" + String(reflecting: id)) { Double(type.defaultValue(in: ViewDimensions($0))) }
    }

    public static let top = VerticalAlignment(guide: .fraction(0))
    public static let center = VerticalAlignment(guide: .fraction(0.5))
    public static let bottom = VerticalAlignment(guide: .fraction(1))
    /// The baseline of a view's first line of text (the least of its texts'); a view without text answers
    /// its bottom edge.
    public static let firstTextBaseline = VerticalAlignment(guide: .firstTextBaseline)
    /// The baseline of a view's last line of text (the greatest of its texts'); a view without text answers
    /// its bottom edge.
    public static let lastTextBaseline = VerticalAlignment(guide: .lastTextBaseline)
}

/// A type naming an alignment guide of your own, with its value in views that set none.
public protocol AlignmentID {
    /// The guide's value in a view that sets none, from the view's dimensions.
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// A view's size and its alignment guide values, as an alignment guide's value is computed from them.
public struct ViewDimensions {
    private let dimensions: GuideDimensions

    init(_ dimensions: GuideDimensions) { self.dimensions = dimensions }

    /// The view's width in points.
    public var width: CGFloat { CGFloat(dimensions.width) }
    /// The view's height in points.
    public var height: CGFloat { CGFloat(dimensions.height) }

    /// The view's value for `guide`: the value it sets, else the guide's default.
    public subscript(guide: HorizontalAlignment) -> CGFloat {
        CGFloat(dimensions.value(guide.guide, horizontal: true))
    }

    /// The view's value for `guide`: the value it sets, else the guide's default.
    public subscript(guide: VerticalAlignment) -> CGFloat {
        CGFloat(dimensions.value(guide.guide, horizontal: false))
    }

    /// The value the view sets for `guide`, nil where it sets none.
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? {
        dimensions.explicitValue(guide.guide, horizontal: true).map { CGFloat($0) }
    }

    /// The value the view sets for `guide`, nil where it sets none.
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? {
        dimensions.explicitValue(guide.guide, horizontal: false).map { CGFloat($0) }
    }
}

/// Where a view sits in the room it is given, on both axes.
public struct Alignment: Equatable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    /// An alignment of `horizontal` and `vertical`.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    /// Centred across, the first baselines' line down.
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    /// Centred across, the last baselines' line down.
    public static let centerLastTextBaseline = Alignment(horizontal: .center, vertical: .lastTextBaseline)
    /// Leading, the first baselines' line down.
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    /// Leading, the last baselines' line down.
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
    /// Trailing, the first baselines' line down.
    public static let trailingFirstTextBaseline = Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
    /// Trailing, the last baselines' line down.
    public static let trailingLastTextBaseline = Alignment(horizontal: .trailing, vertical: .lastTextBaseline)
}

/// How a view fills the size of an aspect ratio: fitting inside the offer or covering it.
public enum ContentMode: Hashable, CaseIterable, Sendable {
    case fit, fill
}

/// An edge of a view's rectangle.
public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    /// A set of edges.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The set holding `edge`.
        public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }
        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}

/// Distances in points on each side of a view.
public struct EdgeInsets: Equatable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    /// Insets in points; each edge defaults to 0.
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// The kinds of safe area a view can ignore.
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// The size a `GeometryReader` was given, for its content.
public struct GeometryProxy {
    /// The reader's size in points.
    public let size: CGSize
    /// The safe area insets inside the reader (none here: readers are laid out inside the safe area or
    /// over the whole screen).
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

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
        builtin(.layout(.zIndex(min(max(value.finite(or: 0), -1e9), 1e9))))
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

    /// A style filling this view's frame, behind it.
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

/// The horizontal or vertical dimension of a layout.
public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal, vertical

    /// A set of axes.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}
