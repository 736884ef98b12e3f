import Foundation
import RevealCore
import RevealLayout

/// A box around related views, as iOS draws SwiftUI's `GroupBox`: its label in the headline style over its
/// content, both leading, 16 points inside a rounded rectangle of corners 8 on the secondary system
/// background (in dark mode (28, 28, 30)); measured on iOS 17's rendering, as Apple publishes no numbers.
nonisolated public struct GroupBox<Label: View, Content: View>: _PrimitiveView {
    let label: Label?
    let content: Content

    /// A box around `content` under `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }
}

extension GroupBox where Label == EmptyView {
    /// A box around `content`, without a label.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
        label = nil
    }
}

extension GroupBox where Label == Text {
    /// A box titled with a localized key.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    /// A box titled with a string.
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

enum GroupBoxMetrics {
    static let padding: CGFloat = 16
    static let cornerRadius: CGFloat = 8
    static let spacing: CGFloat = 8
    static let background = Color.adaptive((242, 242, 247, 1), (28, 28, 30, 1))
}

extension GroupBox: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let box = VStack(alignment: .leading, spacing: GroupBoxMetrics.spacing) {
            if let label { label.font(.headline) }
            content
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(GroupBoxMetrics.padding)
        .background(
            RoundedRectangle(cornerRadius: GroupBoxMetrics.cornerRadius, style: .continuous)
                .fill(GroupBoxMetrics.background))
        return graph.lower(box, path: path, environment)
    }
}

/// A way to draw a group box (`groupBoxStyle`); the module draws iOS's own.
public protocol GroupBoxStyle {}

/// iOS's group box.
public struct DefaultGroupBoxStyle: GroupBoxStyle {
    public init() {}
}

extension GroupBoxStyle where Self == DefaultGroupBoxStyle {
    /// iOS's group box.
    public static var automatic: DefaultGroupBoxStyle { DefaultGroupBoxStyle() }
}

extension View {
    /// How group boxes inside draw (accepted: iOS's own style is the one there is).
    nonisolated public func groupBoxStyle<S: GroupBoxStyle>(_ style: S) -> some View { self }
}
