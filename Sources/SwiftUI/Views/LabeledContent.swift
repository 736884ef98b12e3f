import Foundation
import RevealCore
import RevealLayout
import RevealRaster

/// A label and a value, as SwiftUI's `LabeledContent` in iOS's default style: the label leading, the content
/// trailing in the secondary label color, across the width offered (Apple's own rendering, apple-refs pair 01:
/// "Clean" flush left and "Code" flush right in gray on a 390-point screen).
nonisolated public struct LabeledContent<Label: View, Content: View>: _PrimitiveView {
    let label: Label
    let content: Content

    /// `content` labelled by `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }
}

extension LabeledContent where Label == Text {
    /// `content` labelled `titleKey`.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    /// `content` labelled `title`.
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// The text `value` labelled `titleKey`.
    public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) {
        self.init(content: { Text(value) }, label: { Text(titleKey) })
    }

    /// The text `value` labelled `title`.
    @_disfavoredOverload public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) {
        self.init(content: { Text(value) }, label: { Text(title) })
    }

    /// `value` as `format` writes it, labelled `titleKey`.
    public init<F: FormatStyle>(_ titleKey: LocalizedStringKey, value: F.FormatInput, format: F)
    where F.FormatOutput == String {
        self.init(content: { Text(format.format(value)) }, label: { Text(titleKey) })
    }
}

extension LabeledContent: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let row = HStack {
            if !environment.labelsHidden {
                label
                Spacer(minLength: 8)
            }
            content.foregroundStyle(.secondary).multilineTextAlignment(.trailing)
        }
        .accessibilityElement(children: .combine)
        return graph.lower(row, path: path, environment)
    }
}
