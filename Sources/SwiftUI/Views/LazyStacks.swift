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
