/// A preview of a view, as DeveloperToolsSupport's `#Preview` (which SwiftUI re-exports): where
/// `reveal-render swiftui` finds the view to render when no `--view` is given. Its plugin comes with
/// reveal-render (`Sources/RevealPreviewMacros`) and is built against the toolchain's own SwiftSyntax.
@freestanding(declaration, names: named(__revealPreview))
public macro Preview(_ name: String? = nil, body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "RevealPreviewMacros", type: "PreviewMacro")
