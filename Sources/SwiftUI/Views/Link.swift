import Foundation
import RevealCore
import RevealLayout

/// A control that opens a URL, as SwiftUI's `Link`: its label in the tint, as a button draws it. Nothing is
/// opened offscreen; a tap runs the environment's `openURL`.
nonisolated public struct Link<Label: View>: _PrimitiveView {
    let label: Label
    let destination: URL

    /// A link to `destination` showing `label`.
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }
}

extension Link where Label == Text {
    /// A link titled with a localized key.
    public init(_ titleKey: LocalizedStringKey, destination: URL) {
        self.init(destination: destination) { Text(titleKey) }
    }

    /// A link titled with a string.
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}

extension Link: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let open = environment.openURL
        let url = destination
        return graph.lower(Button(action: { open(url) }) { label }, path: path, environment)
    }
}

/// Opens a URL, as SwiftUI's `OpenURLAction` (`@Environment(\.openURL)`): offscreen, it notes the URL and
/// opens nothing, unless a view sets its own handler.
public struct OpenURLAction {
    /// What a handler made of a URL.
    public struct Result: Sendable {
        let handled: Bool
        /// The handler opened it.
        public static let handled = Result(handled: true)
        /// The handler left it alone.
        public static let discarded = Result(handled: false)
        /// The system should open it: offscreen, nothing does.
        public static let systemAction = Result(handled: false)
    }
    let handler: @MainActor (URL) -> Result

    /// An action that runs `handler`.
    public init(handler: @escaping @MainActor (URL) -> Result) { self.handler = handler }

    /// Opens `url`.
    @MainActor public func callAsFunction(_ url: URL) { _ = handler(url) }
}

extension EnvironmentValues {
    /// Opens a URL (offscreen: nothing, unless a view sets a handler).
    public var openURL: OpenURLAction {
        get { openURLAction ?? OpenURLAction { _ in .discarded } }
        set { openURLAction = newValue }
    }
}
