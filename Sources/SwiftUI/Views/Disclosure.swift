import Foundation
import RevealCore
import RevealLayout
import RevealRaster

/// A label that shows or hides its content, as SwiftUI's `DisclosureGroup`: the label with a chevron in the
/// tint at the trailing edge, turned down while expanded; a tap on the label row toggles it, the chevron
/// turning with an animation. In a list, the label and each view of the content are rows.
nonisolated public struct DisclosureGroup<Label: View, Content: View>: _PrimitiveView {
    let label: Label
    let content: () -> Content
    let isExpanded: Binding<Bool>?

    /// A group labelled by `label`, collapsed at first.
    public init(@ViewBuilder content: @escaping () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content
        isExpanded = nil
    }

    /// A group labelled by `label`, expanded while `isExpanded` is true.
    public init(
        isExpanded: Binding<Bool>, @ViewBuilder content: @escaping () -> Content, @ViewBuilder label: () -> Label
    ) {
        self.label = label()
        self.content = content
        self.isExpanded = isExpanded
    }
}

extension DisclosureGroup where Label == Text {
    /// A group titled `titleKey`, collapsed at first.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: @escaping () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    /// A group titled `title`, collapsed at first.
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, @ViewBuilder content: @escaping () -> Content) {
        self.init(content: content) { Text(title) }
    }

    /// A group titled `titleKey`, expanded while `isExpanded` is true.
    public init(
        _ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, @ViewBuilder content: @escaping () -> Content
    ) {
        self.init(isExpanded: isExpanded, content: content) { Text(titleKey) }
    }

    /// A group titled `title`, expanded while `isExpanded` is true.
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, isExpanded: Binding<Bool>, @ViewBuilder content: @escaping () -> Content
    ) {
        self.init(isExpanded: isExpanded, content: content) { Text(title) }
    }
}

/// A tree of data shown as rows that expand, as SwiftUI's `OutlineGroup`: an element with children (its
/// `children` not nil) is a disclosure group of them, collapsed at first; the rows of each level are
/// indented 20 points further than its parent's.
nonisolated public struct OutlineGroup<Data: RandomAccessCollection, ID: Hashable, Content: View>: _PrimitiveView {
    let data: Data
    let id: KeyPath<Data.Element, ID>
    let children: KeyPath<Data.Element, Data?>
    let content: (Data.Element) -> Content

    /// The trees of `data`, each element identified by `id`, its children at `children`.
    public init(
        _ data: Data, id: KeyPath<Data.Element, ID>, children: KeyPath<Data.Element, Data?>,
        @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {
        self.data = data
        self.id = id
        self.children = children
        self.content = content
    }
}

extension OutlineGroup where Data.Element: Identifiable, ID == Data.Element.ID {
    /// The trees of `data`, its children at `children`.
    public init(
        _ data: Data, children: KeyPath<Data.Element, Data?>, @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {
        self.init(data, id: \.id, children: children, content: content)
    }
}

/// Whether a disclosure group with no binding is expanded, kept from one evaluation to the next.
@MainActor final class DisclosureState {
    var isExpanded = false
}

/// The chevron's turn: 90° while expanded, turning with iOS's ease in and out over 0.3 s (our estimate:
/// UIKit publishes none). Outline levels are 20 points apart.
enum DisclosureMetrics {
    static let animation = Animation.easeInOut(duration: 0.3)
    static let indent = 20.0
}

extension ViewGraph {
    /// A disclosure group's rows: its label row with the chevron, then, while expanded, its content's views
    /// (each indented by `indent`). Outside a list they are stacked.
    fileprivate func disclosureRows(
        label: any View, isExpanded binding: Binding<Bool>?, content: () -> any View, indent: Double, path: String,
        _ environment: EnvironmentValues
    ) -> [ViewNode] {
        let state = kept(\.disclosureStates, at: path + "/disclosure") { DisclosureState() }
        let expanded = binding?.wrappedValue ?? state.isExpanded
        let angle = present(expanded ? 90.0 : 0.0, key: path + "/chevron", animatedBy: DisclosureMetrics.animation)
        let header = HStack {
            AnyView(label)
            Spacer(minLength: 8)
            Image(systemName: "chevron.right")
                .font(.footnote.weight(.semibold))
                .foregroundStyle(environment.tint ?? .accentColor)
                .rotationEffect(.degrees(angle))
                .accessibilityHidden(true)
        }
        .padding(.leading, indent)
        .contentShape(Rectangle())
        .onTapGesture {
            withAnimation(DisclosureMetrics.animation) {
                if let binding { binding.wrappedValue.toggle() } else { state.isExpanded.toggle() }
            }
            self.invalidate()
        }
        .accessibilityElement(children: .combine)
        .accessibilityAddTraits(.isButton)
        var rows = lower(header, path: path + "/header", environment)
        if expanded { rows += lowerContainer(content(), path: path + "/content", environment) }
        guard !environment.isInList else { return rows }
        return [
            ViewNode(
                .stack(.vertical, spacing: nil, alignment: NodeAlignment(horizontal: 0, vertical: 0), children: rows))
        ]
    }
}

extension DisclosureGroup: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.disclosureRows(
            label: label, isExpanded: isExpanded, content: content, indent: 0, path: path, environment)
    }
}

extension OutlineGroup: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        rows(data, depth: 0, in: graph, path: path, environment)
    }

    /// The rows of `elements` at `depth`: a leaf its content, a parent a disclosure group of its children.
    @MainActor private func rows(
        _ elements: Data, depth: Int, in graph: ViewGraph, path: String, _ environment: EnvironmentValues
    ) -> [ViewNode] {
        let indent = DisclosureMetrics.indent * Double(depth)
        return elements.flatMap { element -> [ViewNode] in
            let key = path + "/#" + String(reflecting: element[keyPath: id])
            guard let children = element[keyPath: children] else {
                return graph.lower(content(element).padding(.leading, indent), path: key, environment)
            }
            var inside = environment
            inside.isInList = true
            let nested = graph.disclosureRows(
                label: content(element), isExpanded: nil,
                content: { _LoweredView(views: rows(children, depth: depth + 1, in: graph, path: key, inside)) },
                indent: indent, path: key, environment)
            return nested
        }
    }
}
