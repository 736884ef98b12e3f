import RevealCore
import RevealRaster
import RevealText

/// A view built from the size it is given, as SwiftUI's `GeometryReader`: it takes the whole size
/// offered (10 points on an axis offered nothing) and places the view `content(size)` at its top
/// leading corner, offered that size. Two contents are equal when they come from the same value.
package struct GeometryContent: Equatable, Sendable {
    private let content: SharedFunction<Size, ViewNode>

    /// A reader whose content at a size (in points) is `content(size)`.
    package init(_ content: @escaping @Sendable (Size) -> ViewNode) {
        self.content = SharedFunction(content)
    }

    /// The content at `size`.
    package func content(at size: Size) -> ViewNode { content.call(size) }
}
