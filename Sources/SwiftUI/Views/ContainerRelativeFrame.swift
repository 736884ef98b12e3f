import RevealCore
import RevealLayout

extension View {
    /// Sizes this view along `axes` to its container: on iPhone the screen less its safe area, the size
    /// SwiftUI's documentation gives for the screen, a scroll view, a navigation stack or a tab filling it.
    nonisolated public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> some View {
        containerRelativeFrame(axes, alignment: alignment) { length, _ in length }
    }

    /// Sizes this view along `axes` to `span` of `count` equal parts of its container, `spacing` apart: the
    /// length SwiftUI documents, (container − spacing × (count − 1)) ÷ count × span + spacing × (span − 1).
    nonisolated public func containerRelativeFrame(
        _ axes: Axis.Set, count: Int, span: Int = 1, spacing: CGFloat, alignment: Alignment = .center
    ) -> some View {
        containerRelativeFrame(axes, alignment: alignment) { length, _ in
            let parts = CGFloat(max(count, 1))
            let taken = CGFloat(min(max(span, 1), max(count, 1)))
            return max((length - spacing * (parts - 1)) / parts * taken + spacing * (taken - 1), 0)
        }
    }

    /// Sizes this view along `axes` to what `length` makes of its container's length on each axis.
    nonisolated public func containerRelativeFrame(
        _ axes: Axis.Set, alignment: Alignment = .center,
        _ length: @escaping (CGFloat, Axis) -> CGFloat
    ) -> some View {
        _ContainerRelativeFrame(content: self, axes: axes, alignment: alignment, length: length)
    }
}

/// A view framed to a share of its container's size (`containerRelativeFrame`).
nonisolated public struct _ContainerRelativeFrame<Content: View>: _PrimitiveView {
    let content: Content
    let axes: Axis.Set
    let alignment: Alignment
    let length: (CGFloat, Axis) -> CGFloat
}

extension _ContainerRelativeFrame: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let container = (
            width: max(graph.screenSize.width - graph.safeArea.leading - graph.safeArea.trailing, 0),
            height: max(graph.screenSize.height - graph.safeArea.top - graph.safeArea.bottom, 0)
        )
        let width = axes.contains(.horizontal) ? length(container.width, .horizontal) : nil
        let height = axes.contains(.vertical) ? length(container.height, .vertical) : nil
        return graph.lower(
            AnyView(content.frame(width: width, height: height, alignment: alignment)), path: path, environment)
    }
}
