import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A size offered to a view, each dimension given or not, as SwiftUI's `ProposedViewSize`: nil asks for the
/// view's ideal length, infinity for its largest.
public struct ProposedViewSize: Equatable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?

    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }

    public init(_ size: CGSize) { self.init(width: size.width, height: size.height) }

    public static let zero = ProposedViewSize(width: 0, height: 0)
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

    /// The size with `size`'s dimensions where this one gives none (SwiftUI's default: 10 × 10).
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }

    init(_ engine: ProposedSize) {
        self.init(width: engine.width.map { CGFloat($0) }, height: engine.height.map { CGFloat($0) })
    }

    /// The engine's proposal: a length that is not a number is read as none.
    var engine: ProposedSize {
        ProposedSize(
            width: width.flatMap { $0.isNaN ? nil : Double(max($0, 0)) },
            height: height.flatMap { $0.isNaN ? nil : Double(max($0, 0)) })
    }
}

/// The room a view wants around it, as SwiftUI's `ViewSpacing`. Between two views it is 8 points, the
/// spacing our stacks put between views by default; `.zero` wants none.
public struct ViewSpacing: Sendable {
    let points: CGFloat

    public init() { points = 8 }
    init(points: CGFloat) { self.points = points }

    public static let zero = ViewSpacing(points: 0)

    /// The distance from this view to `next` along `axis`: the larger of what the two want.
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat { max(points, next.points) }

    /// Wants what this one or `other` wants, whichever is more.
    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) {
        self = ViewSpacing(points: max(points, other.points))
    }

    /// This spacing joined with `other`.
    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var joined = self
        joined.formUnion(other, edges: edges)
        return joined
    }
}

/// Where `placeSubviews` puts the subviews, gathered while it runs.
final class PlacementSink: @unchecked Sendable {
    var placements: [LayoutPlacement?]
    init(count: Int) { placements = Array(repeating: nil, count: count) }
}

/// A view a layout arranges, as SwiftUI's `LayoutSubview`: measured for a proposal, placed once.
public struct LayoutSubview: Equatable {
    let proxy: LayoutProxy
    let index: Int
    let sink: PlacementSink?

    /// The subview's size for `proposal`.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let s = proxy.size(for: proposal.engine)
        return CGSize(width: s.width, height: s.height)
    }

    /// The subview's size and alignment guides for `proposal`.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        ViewDimensions(proxy.node.dimensions(proposal.engine))
    }

    /// Puts the subview's `anchor` at `position`, sized for `proposal` (in `placeSubviews`; elsewhere it does
    /// nothing).
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        guard let sink, index < sink.placements.count else { return }
        sink.placements[index] = LayoutPlacement(
            point: Point(x: Double(position.x), y: Double(position.y)), anchor: anchor.engine,
            proposal: proposal.engine)
    }

    /// The room the subview wants around it.
    public var spacing: ViewSpacing { ViewSpacing() }

    /// The subview's `layoutPriority`.
    public var priority: Double { proxy.priority }

    public static func == (a: LayoutSubview, b: LayoutSubview) -> Bool { a.proxy.node === b.proxy.node }
}

/// The subviews a layout arranges, in order, as SwiftUI's `LayoutSubviews`.
public struct LayoutSubviews: RandomAccessCollection, Equatable {
    let subviews: [LayoutSubview]

    init(_ proxies: [LayoutProxy], sink: PlacementSink?) {
        subviews = proxies.enumerated().map { LayoutSubview(proxy: $1, index: $0, sink: sink) }
    }

    public var startIndex: Int { subviews.startIndex }
    public var endIndex: Int { subviews.endIndex }
    public subscript(index: Int) -> LayoutSubview { subviews[index] }
    /// Left to right: text is laid out so here.
    public var layoutDirection: LayoutDirection { .leftToRight }
}

/// What a layout says about itself, as SwiftUI's `LayoutProperties`.
public struct LayoutProperties: Sendable {
    /// The axis a stack lays its views along, if the layout is one.
    public var stackOrientation: Axis?
    public init() {}
}

/// A way to arrange views of your own, as SwiftUI's `Layout`: measured through `sizeThatFits`, arranged by
/// `placeSubviews`, each handed proxies of the views inside. Apply it as a container: `MyLayout { … }`.
public protocol Layout: Animatable {
    associatedtype Cache = Void
    typealias Subviews = LayoutSubviews
    static var layoutProperties: LayoutProperties { get }
    /// The layout's size for `proposal`.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    /// Places each subview in `bounds`, the layout's frame.
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
    /// The room the layout wants around it.
    func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing
    /// What the layout keeps between its calls.
    func makeCache(subviews: Subviews) -> Cache
    /// Brings the cache up to date with changed subviews.
    func updateCache(_ cache: inout Cache, subviews: Subviews)
}

extension Layout {
    public static var layoutProperties: LayoutProperties { LayoutProperties() }
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing { ViewSpacing() }
    public func updateCache(_ cache: inout Cache, subviews: Subviews) { cache = makeCache(subviews: subviews) }

    /// The views `content` builds, arranged by this layout.
    nonisolated public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        _LayoutView(layout: self, content: content())
    }
}

extension Layout where Cache == Void {
    public func makeCache(subviews: Subviews) -> Cache { () }
}

/// A layout's container: its content's views, arranged by the layout.
nonisolated public struct _LayoutView<L: Layout, Content: View>: _PrimitiveView {
    let layout: L
    let content: Content
}

/// A layout the engine lays out itself (a stack), so that `AnyLayout` can switch between it and one of
/// your own.
protocol BuiltinLayout {
    func node(children: [ViewNode]) -> ViewNode
}

extension Layout {
    /// The engine's layout for this one: a stack for a stack layout, else the layout's own code run through
    /// proxies (`sizeThatFits` for each size asked, `placeSubviews` for the placement).
    func engineNode(children: [ViewNode]) -> ViewNode {
        if let erased = self as? AnyLayout { return erased.layout.engineNode(children: children) }
        if let builtin = self as? any BuiltinLayout { return builtin.node(children: children) }
        let runner = LayoutRunner(layout: self)
        let custom = CustomLayout(
            size: { proposal, proxies in runner.size(proposal, proxies) },
            place: { size, proposal, proxies in runner.place(size, proposal, proxies) })
        return ViewNode(.customLayout(custom, children: children))
    }
}

/// A layout's code, run by the engine as it sizes and places the views inside (on the main thread, which
/// lays out).
final class LayoutRunner: @unchecked Sendable {
    let layout: any Layout
    init(layout: any Layout) { self.layout = layout }

    func size(_ proposal: ProposedSize, _ proxies: [LayoutProxy]) -> Size {
        let s = LayoutRunner.size(layout, ProposedViewSize(proposal), LayoutSubviews(proxies, sink: nil))
        return Size(width: Double(s.width), height: Double(s.height))
    }

    func place(_ size: Size, _ proposal: ProposedSize, _ proxies: [LayoutProxy]) -> [LayoutPlacement?] {
        let sink = PlacementSink(count: proxies.count)
        LayoutRunner.place(
            layout, CGRect(x: 0, y: 0, width: size.width, height: size.height), ProposedViewSize(proposal),
            LayoutSubviews(proxies, sink: sink))
        return sink.placements
    }

    /// `layout`'s size for `proposal`, with a cache made for the call.
    static func size<L: Layout>(_ layout: L, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> CGSize {
        var cache = layout.makeCache(subviews: subviews)
        return layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }

    /// `layout` placing `subviews` in `bounds`, with a cache made for the call.
    static func place<L: Layout>(
        _ layout: L, _ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews
    ) {
        var cache = layout.makeCache(subviews: subviews)
        layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

extension _LayoutView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // Spacers in a stack layout stretch along its axis, as in the stack.
        var inner = environment
        let unwrapped = (layout as? AnyLayout)?.layout ?? layout
        if let stack = unwrapped as? any StackLayout, stack.axis != .depth {
            inner.stackAxis = stack.axis == .vertical ? .vertical : .horizontal
        }
        let children = graph.lowerContainer(content, path: path, inner)
        // The layout's animatableData animates, as SwiftUI animates an `Animatable` layout's.
        return [graph.animated(layout, key: path + "/layout").engineNode(children: children)]
    }
}

/// A type-erased layout, as SwiftUI's `AnyLayout`: switching the layout it wraps keeps the views inside,
/// their identity and state.
public struct AnyLayout: Layout {
    let layout: any Layout

    /// `layout`, type-erased.
    public init<L: Layout>(_ layout: L) { self.layout = (layout as? AnyLayout)?.layout ?? layout }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        LayoutRunner.size(layout, proposal, subviews)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        LayoutRunner.place(layout, bounds, proposal, subviews)
    }
}

/// A stack's layout as a `Layout` value (`VStackLayout`, `HStackLayout`, `ZStackLayout`): the engine's stack,
/// which answers `sizeThatFits` and `placeSubviews` when code calls them itself.
protocol StackLayout: Layout, BuiltinLayout {
    var axis: StackAxis { get }
    var spacingPoints: Double? { get }
    var nodeAlignment: NodeAlignment { get }
}

extension StackLayout {
    func node(children: [ViewNode]) -> ViewNode {
        ViewNode(.stack(axis, spacing: spacingPoints, alignment: nodeAlignment, children: children))
    }

    private func stack(_ subviews: LayoutSubviews) -> LayoutNode {
        LayoutNode(
            .stack(axis, spacing: spacingPoints ?? 8, alignment: nodeAlignment), name: axis.rawValue,
            children: subviews.map(\.proxy.node))
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        let s = stack(subviews).size(for: proposal.engine)
        return CGSize(width: s.width, height: s.height)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        let size = Size(width: Double(bounds.width), height: Double(bounds.height))
        for (subview, placed) in zip(subviews, stack(subviews).arrangement(size, proposal.engine)) {
            subview.place(
                at: CGPoint(x: bounds.minX + placed.rect.x, y: bounds.minY + placed.rect.y), anchor: .topLeading,
                proposal: ProposedViewSize(placed.proposal))
        }
    }
}

/// A vertical stack's layout (SwiftUI's `VStackLayout`).
public struct VStackLayout: StackLayout {
    public var alignment: HorizontalAlignment
    public var spacing: CGFloat?
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }
    var axis: StackAxis { .vertical }
    var spacingPoints: Double? { spacing.map(Double.init) }
    var nodeAlignment: NodeAlignment { NodeAlignment(horizontal: alignment.guide, vertical: .fraction(0.5)) }
}

/// A horizontal stack's layout (SwiftUI's `HStackLayout`).
public struct HStackLayout: StackLayout {
    public var alignment: VerticalAlignment
    public var spacing: CGFloat?
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }
    var axis: StackAxis { .horizontal }
    var spacingPoints: Double? { spacing.map(Double.init) }
    var nodeAlignment: NodeAlignment { NodeAlignment(horizontal: .fraction(0.5), vertical: alignment.guide) }
}

/// An overlaying stack's layout (SwiftUI's `ZStackLayout`).
public struct ZStackLayout: StackLayout {
    public var alignment: Alignment
    public init(alignment: Alignment = .center) { self.alignment = alignment }
    var axis: StackAxis { .depth }
    var spacingPoints: Double? { nil }
    var nodeAlignment: NodeAlignment { alignment.engine }
}
