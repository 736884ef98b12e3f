import RevealCore
import RevealLayout
import RevealRaster

extension View {
    /// Sizes this view along `axes` to its container: the viewport of the scroll view it is in, else the
    /// screen less its safe area (a navigation stack or a tab filling it), as SwiftUI's documentation gives.
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
        // SwiftUI's rule: the nearest container is a scrollable view (ScrollView, List) around the view, else
        // the window's root, and the size is the container's less its safe area. Inside a scroll view that is
        // its viewport as last laid out (our scroll views stop at the safe area); at the root, the screen less
        // the safe area (a navigation stack or a tab view fills it).
        let screen = Size(
            width: max(graph.screenSize.width - graph.safeArea.leading - graph.safeArea.trailing, 0),
            height: max(graph.screenSize.height - graph.safeArea.top - graph.safeArea.bottom, 0))
        func container(_ geometry: LaidOutGeometry?) -> Size {
            guard let viewport = geometry?.scrolls.last?.viewport else { return screen }
            return Size(width: viewport.width, height: viewport.height)
        }
        let (anchor, geometry) = graph.watchGeometry(key: path + "/containerRelativeFrame") {
            let size = container($0)
            return AnyHashable([size.width, size.height])
        }
        let size = container(geometry)
        let width = axes.contains(.horizontal) ? length(size.width, .horizontal) : nil
        let height = axes.contains(.vertical) ? length(size.height, .vertical) : nil
        return graph.lower(
            AnyView(content.frame(width: width, height: height, alignment: alignment)), path: path, environment
        ).map { $0.modifier(.anchor(anchor)) }
    }
}
