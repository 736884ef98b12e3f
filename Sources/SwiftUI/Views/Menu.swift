import Foundation
import RevealCore
import RevealLayout
import RevealRaster

/// A control that opens a menu of actions, as SwiftUI's `Menu`: drawn closed, as iOS shows it until it is
/// tapped, its label a button's in the tint. A tap calls its primary action, when it has one.
nonisolated public struct Menu<Label: View, Content: View>: _PrimitiveView {
    let label: Label
    let content: Content
    let primaryAction: (@MainActor () -> Void)?

    /// A menu of `content`'s buttons, shown as `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
        primaryAction = nil
    }

    /// A menu shown as `label` whose tap calls `primaryAction` (a long press would open the menu).
    public init(
        @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label,
        primaryAction: @escaping @MainActor () -> Void
    ) {
        self.content = content()
        self.label = label()
        self.primaryAction = primaryAction
    }
}

extension Menu where Label == Text {
    /// A menu titled `title`.
    public init(_ title: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }

    /// A menu titled `title`.
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

extension Menu where Label == SwiftUI.Label<Text, Image> {
    /// A menu titled `title` with the symbol `systemImage`.
    public init(_ title: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { SwiftUI.Label(title, systemImage: systemImage) }
    }

    /// A menu titled `title` with the symbol `systemImage`.
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, systemImage: String, @ViewBuilder content: () -> Content
    ) {
        self.init(content: content) { SwiftUI.Label(title, systemImage: systemImage) }
    }
}

/// How a menu is drawn, as SwiftUI's `MenuStyle` (on iOS, each as the default: a button's label).
public protocol MenuStyle {}

/// The platform's menu.
public struct DefaultMenuStyle: MenuStyle {
    public init() {}
}

/// A menu drawn as a button.
public struct ButtonMenuStyle: MenuStyle {
    public init() {}
}

extension MenuStyle where Self == DefaultMenuStyle {
    public static var automatic: DefaultMenuStyle { DefaultMenuStyle() }
}

extension MenuStyle where Self == ButtonMenuStyle {
    public static var button: ButtonMenuStyle { ButtonMenuStyle() }
}

extension View {
    /// How menus inside are drawn (accepted: on iOS, as a button's label).
    nonisolated public func menuStyle<S: MenuStyle>(_ style: S) -> some View { self }

    /// A menu that a long press opens over this view: the view as it is, since the menu is drawn closed.
    nonisolated public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View { self }

    /// A menu with a preview that a long press opens over this view: the view as it is, since the menu is
    /// drawn closed.
    nonisolated public func contextMenu<MenuItems: View, Preview: View>(
        @ViewBuilder menuItems: () -> MenuItems, @ViewBuilder preview: () -> Preview
    ) -> some View { self }
}

extension Menu: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lower(Button(action: primaryAction ?? {}) { label }, path: path + "/menu", environment)
    }
}

/// A view that says there is nothing to show, as iOS 17's `ContentUnavailableView`: a large symbol over a
/// bold title and a description in the secondary color, then any actions, centred in the room given.
nonisolated public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: _PrimitiveView {
    let label: Label
    let description: Description
    let actions: Actions

    /// A view of `label` (a `Label`: its symbol over its title), `description` and `actions`.
    public init(
        @ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
        @ViewBuilder actions: () -> Actions = { EmptyView() }
    ) {
        self.label = label()
        self.description = description()
        self.actions = actions()
    }
}

extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    /// A view titled `title` under the symbol `systemImage`, with an optional description.
    public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
        self.init(label: { SwiftUI.Label(title, systemImage: name) }, description: { description })
    }

    /// A view titled `title` under the symbol `systemImage`, with an optional description.
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil)
    {
        self.init(label: { SwiftUI.Label(title, systemImage: name) }, description: { description })
    }
}

extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    /// iOS's view for a search with no results.
    public static var search: ContentUnavailableView<Label, Description, Actions> {
        ContentUnavailableView(
            "No Results", systemImage: "magnifyingglass", description: Text("Check the spelling or try a new search."))
    }

    /// iOS's view for a search for `text` with no results.
    public static func search(text: String) -> ContentUnavailableView<Label, Description, Actions> {
        ContentUnavailableView(
            "No Results for \u{201C}\(text)\u{201D}", systemImage: "magnifyingglass",
            description: Text("Check the spelling or try a new search."))
    }
}

/// iOS 17's unavailable-content view: a 48-point symbol in the secondary color, a `title2` bold title, a
/// `callout` description in the secondary color, 8 points apart and 16 above any actions, inside the layout
/// margins. Our measures of iOS's screenshots (UIContentUnavailableConfiguration publishes its styles, not its
/// sizes).
enum ContentUnavailableMetrics {
    static let symbolSize = 48.0
    static let spacing = 8.0
    static let actionsGap = 16.0
    static let margin = 16.0
}

extension ContentUnavailableView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let secondary = HierarchicalShapeStyle.labelColors[1].resolved(environment.colorScheme).value
        let parts = LabelStacking.parts(
            graph.lowerContainer(label, path: path + "/label", environment),
            symbol: [
                .font(Font.system(size: ContentUnavailableMetrics.symbolSize).spec), .foreground(.color(secondary)),
            ],
            title: [.font(Font.title2.bold().spec)])
        let described = graph.lowerContainer(description, path: path + "/description", environment).map {
            $0.modifier(.font(Font.callout.spec)).modifier(.foreground(.color(secondary)))
        }
        let actionViews = graph.lowerContainer(actions, path: path + "/actions", environment)
        var children = parts + described
        if !actionViews.isEmpty {
            children.append(
                ViewNode(.stack(.vertical, spacing: nil, alignment: .center, children: actionViews))
                    .modifier(
                        .padding(Insets(top: ContentUnavailableMetrics.actionsGap - ContentUnavailableMetrics.spacing)))
            )
        }
        return [
            ViewNode(
                .stack(.vertical, spacing: ContentUnavailableMetrics.spacing, alignment: .center, children: children)
            )
            .modifier(.multilineTextAlignment(.center))
            .modifier(
                .padding(
                    Insets(
                        top: ContentUnavailableMetrics.margin, leading: ContentUnavailableMetrics.margin,
                        bottom: ContentUnavailableMetrics.margin, trailing: ContentUnavailableMetrics.margin))
            )
            .modifier(.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity)))
        ]
    }
}
