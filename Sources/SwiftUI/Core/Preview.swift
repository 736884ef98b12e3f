/// A preview of a view, as DeveloperToolsSupport's `#Preview` (which SwiftUI re-exports): where
/// `reveal-render swiftui` finds the view to render when no `--view` is given. Its plugin comes with
/// reveal-render (`Sources/RevealPreviewMacros`) and is built against the toolchain's own SwiftSyntax.
@freestanding(declaration, names: named(__revealPreview))
public macro Preview(_ name: String? = nil, body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "RevealPreviewMacros", type: "PreviewMacro")

/// A type that produces view previews, as SwiftUI's `PreviewProvider` (the spelling before `#Preview`):
/// `reveal-render swiftui` renders the first one's `previews` when no `--view` is given.
@MainActor @preconcurrency public protocol PreviewProvider {
    associatedtype Previews: View
    /// The views to preview.
    @ViewBuilder @MainActor @preconcurrency static var previews: Previews { get }
}

/// How a preview is sized in Xcode's canvas.
public enum PreviewLayout: Sendable {
    case device, sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}

extension View {
    /// The size of Xcode's preview canvas. Here the script's screen is the canvas, so it changes nothing.
    nonisolated public func previewLayout(_ value: PreviewLayout) -> some View { self }

    /// The name Xcode's canvas shows for the preview; nothing is drawn from it.
    nonisolated public func previewDisplayName(_ value: String?) -> some View { self }
}
