/// A preview of a view, as DeveloperToolsSupport's `#Preview` (which SwiftUI re-exports): where
/// `reveal-render swiftui` finds the view to render when no `--view` is given. Its plugin is our `.macro` target
/// `RevealPreviewMacros`, which SwiftPM builds for any package that depends on this module.
@freestanding(declaration, names: named(__revealPreview))
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "RevealPreviewMacros", type: "PreviewMacro")

/// Marks a declaration at the top of a `#Preview`'s body as a property of the preview's view, as SwiftUI's
/// `@Previewable`: `@Previewable @State var isOn = true` keeps its state while the preview runs.
@attached(peer) public macro Previewable() = #externalMacro(module: "RevealPreviewMacros", type: "PreviewableMacro")

/// What a `#Preview`'s expansion calls with the macro's own arguments: the view its body builds.
@MainActor public func _previewContent(_ name: String? = nil, @ViewBuilder body: @MainActor () -> any View) -> any View
{
    body()
}

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

    /// The orientation of Xcode's preview device. Here the script's screen is the device (a landscape script
    /// is a wider screen), so it changes nothing.
    nonisolated public func previewInterfaceOrientation(_ value: InterfaceOrientation) -> some View { self }
}

/// A device's orientation, as SwiftUI's `InterfaceOrientation`.
public struct InterfaceOrientation: Hashable, Sendable {
    let name: String
    public static let portrait = InterfaceOrientation(name: "portrait")
    public static let portraitUpsideDown = InterfaceOrientation(name: "portraitUpsideDown")
    public static let landscapeLeft = InterfaceOrientation(name: "landscapeLeft")
    public static let landscapeRight = InterfaceOrientation(name: "landscapeRight")
}
