import RevealCore
import RevealLayout
import RevealRaster
import RevealText

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

/// One track of a lazy grid, as SwiftUI's `GridItem`: a column of a `LazyVGrid`, a row of a `LazyHGrid`.
public struct GridItem: Sendable {
    /// How the track takes its length.
    public enum Size: Sendable {
        /// Exactly this many points.
        case fixed(CGFloat)
        /// A share of the room the fixed tracks leave, within the bounds.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many tracks of at least `minimum` as fit in a flexible track's share.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public var size: Size
    /// Points to the next track (nil: 8).
    public var spacing: CGFloat?
    /// How views sit in the track's cells (nil: the grid's alignment).
    public var alignment: Alignment?

    /// A track of `size`.
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }

    var engine: LazyGridContent.Item {
        let engineSize: LazyGridContent.Size
        switch size {
        case .fixed(let s): engineSize = .fixed(Double(s))
        case .flexible(let low, let high): engineSize = .flexible(minimum: Double(low), maximum: Double(high))
        case .adaptive(let low, let high): engineSize = .adaptive(minimum: Double(low), maximum: Double(high))
        }
        return LazyGridContent.Item(size: engineSize, spacing: spacing.map(Double.init), alignment: alignment?.engine)
    }
}

/// A grid of columns whose views flow into rows down it, as SwiftUI's `LazyVGrid` (every view is laid out
/// here; a scroll view draws only what is in sight).
nonisolated public struct LazyVGrid<Content: View>: _PrimitiveView {
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A grid of `columns`, its rows `spacing` apart, its views placed in their cells by `alignment`.
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

/// A grid of rows whose views flow into columns along it, as SwiftUI's `LazyHGrid`.
nonisolated public struct LazyHGrid<Content: View>: _PrimitiveView {
    let rows: [GridItem]
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A grid of `rows`, its columns `spacing` apart, its views placed in their cells by `alignment`.
    public init(
        rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

extension LazyVGrid: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lowerLazyGrid(
            content, vertical: true, items: columns, spacing: spacing,
            alignment: NodeAlignment(horizontal: alignment.guide, vertical: .fraction(0.5)), path: path, environment)
    }
}

extension LazyHGrid: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lowerLazyGrid(
            content, vertical: false, items: rows, spacing: spacing,
            alignment: NodeAlignment(horizontal: .fraction(0.5), vertical: alignment.guide), path: path, environment)
    }
}

extension ViewGraph {
    /// A lazy grid of `content`'s views in the tracks `items` make.
    fileprivate func lowerLazyGrid(
        _ content: any View, vertical: Bool, items: [GridItem], spacing: CGFloat?, alignment: NodeAlignment,
        path: String, _ environment: EnvironmentValues
    ) -> [ViewNode] {
        let children = lowerContainer(content, path: path, environment)
        return [
            ViewNode(
                .lazyGrid(
                    LazyGridContent(
                        vertical: vertical, items: items.map(\.engine), spacing: spacing.map(Double.init),
                        alignment: alignment, children: children)))
        ]
    }
}
