import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A view made from the size it is given, as SwiftUI's `GeometryReader`: it takes all the room offered
/// and places its content at its top leading corner.
nonisolated public struct GeometryReader<Content: View>: _PrimitiveView {
    public var content: (GeometryProxy) -> Content
    /// A reader whose content the closure builds from its size.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
}
