import Foundation
import RevealCore
import RevealLayout
import RevealRaster

/// Tabs, one shown at a time, as SwiftUI's `TabView`: on iPhone, a tab bar at the bottom with each tab's
/// `tabItem` (a symbol over a title), the chosen one in the tint, chosen by a tap; with
/// `.tabViewStyle(.page)`, pages turned by a horizontal drag, with dots for the page shown.
nonisolated public struct TabView<SelectionValue: Hashable, Content: View>: _PrimitiveView {
    let selection: Binding<SelectionValue>?
    let content: Content

    /// Tabs whose chosen one is the one tagged `selection`'s value (`tag(_:)`); nil: the tab view keeps it.
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }
}

extension TabView where SelectionValue == Int {
    /// Tabs showing the first at the start; a tap on another's item shows it.
    public init(@ViewBuilder content: () -> Content) {
        selection = nil
        self.content = content()
    }
}

/// One tab of a tab view, as iOS 18's `Tab`: its content, with its title and symbol in the tab bar.
nonisolated public struct Tab<Value: Hashable, Content: View>: View {
    let title: Text
    let systemImage: String?
    let value: Value?
    let content: Content

    /// A tab titled `title` with the symbol `systemImage`, chosen when the selection is `value`.
    public init(_ title: LocalizedStringKey, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        self.title = Text(title)
        self.systemImage = systemImage
        self.value = value
        self.content = content()
    }

    /// A tab titled `title` with the symbol `systemImage`, chosen when the selection is `value`.
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, systemImage: String, value: Value, @ViewBuilder content: () -> Content
    ) {
        self.title = Text(title)
        self.systemImage = systemImage
        self.value = value
        self.content = content()
    }

    public var body: some View {
        let item = content.tabItem {
            if let systemImage { Image(systemName: systemImage) }
            title
        }
        if let value { item.tag(value) } else { item }
    }
}

extension Tab where Value == Never {
    /// A tab titled `title` with the symbol `systemImage`.
    public init(_ title: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        self.title = Text(title)
        self.systemImage = systemImage
        value = nil
        self.content = content()
    }

    /// A tab titled `title` with the symbol `systemImage`.
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, systemImage: String, @ViewBuilder content: () -> Content
    ) {
        self.title = Text(title)
        self.systemImage = systemImage
        value = nil
        self.content = content()
    }
}

/// How a tab view shows its tabs, as SwiftUI's `TabViewStyle`.
public protocol TabViewStyle {
    /// The pages' dots, or nil for a tab bar.
    var _pageDots: PageTabViewStyle.IndexDisplayMode? { get }
}

/// The tab bar (iPhone's look for every style but the page style).
public struct DefaultTabViewStyle: TabViewStyle {
    public init() {}
    public var _pageDots: PageTabViewStyle.IndexDisplayMode? { nil }
}

/// Pages side by side, turned by a horizontal drag, with dots for the page shown.
public struct PageTabViewStyle: TabViewStyle {
    /// When the dots show.
    public enum IndexDisplayMode: Sendable {
        /// With more than one page.
        case automatic
        case always
        case never
    }
    let indexDisplayMode: IndexDisplayMode
    /// Pages with their dots shown as `indexDisplayMode` says.
    public init(indexDisplayMode: IndexDisplayMode = .automatic) { self.indexDisplayMode = indexDisplayMode }
    public var _pageDots: IndexDisplayMode? { indexDisplayMode }
}

extension TabViewStyle where Self == DefaultTabViewStyle {
    public static var automatic: DefaultTabViewStyle { DefaultTabViewStyle() }
    public static var tabBarOnly: DefaultTabViewStyle { DefaultTabViewStyle() }
    public static var sidebarAdaptable: DefaultTabViewStyle { DefaultTabViewStyle() }
}

extension TabViewStyle where Self == PageTabViewStyle {
    public static var page: PageTabViewStyle { PageTabViewStyle() }
    public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle {
        PageTabViewStyle(indexDisplayMode: indexDisplayMode)
    }
}

/// How the page dots are backed, as SwiftUI's `IndexViewStyle` (accepted: the dots are drawn bare).
public protocol IndexViewStyle {}

/// The page dots' style.
public struct PageIndexViewStyle: IndexViewStyle {
    /// When the dots have a backing.
    public enum BackgroundDisplayMode: Sendable { case automatic, always, interactive, never }
    public init(backgroundDisplayMode: BackgroundDisplayMode = .automatic) {}
}

extension IndexViewStyle where Self == PageIndexViewStyle {
    public static var page: PageIndexViewStyle { PageIndexViewStyle() }
    public static func page(backgroundDisplayMode: PageIndexViewStyle.BackgroundDisplayMode) -> PageIndexViewStyle {
        PageIndexViewStyle(backgroundDisplayMode: backgroundDisplayMode)
    }
}

extension View {
    /// The item that stands for this tab in its tab view's bar: a symbol and a title.
    nonisolated public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        builtin(.tab(TabSettings(label: AnyView(label()))))
    }

    /// How tab views inside show their tabs.
    nonisolated public func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View {
        let dots = style._pageDots
        return environmentChange { $0.pageDots = dots }
    }

    /// The page dots' style (accepted: the dots are drawn bare).
    nonisolated public func indexViewStyle<S: IndexViewStyle>(_ style: S) -> some View { self }
}

/// What a tab's modifiers ask of its tab view: its item, and how the bar's background shows under it.
struct TabSettings {
    var label: AnyView?
    var barBackground: Visibility?
    var barStyle: (any ShapeStyle)?
    /// The screen's background a list in the tab asks for.
    var screenBackground: RGBAColor?

    /// These settings, with what `inner` (a modifier inside) set where these set nothing.
    func over(_ inner: TabSettings) -> TabSettings {
        TabSettings(
            label: label ?? inner.label, barBackground: barBackground ?? inner.barBackground,
            barStyle: barStyle ?? inner.barStyle, screenBackground: screenBackground ?? inner.screenBackground)
    }
}

/// A label drawn with its symbol over its title (a tab item, an unavailable-content view).
enum LabelStacking {
    /// The lowered `label`'s parts, in order: symbols with `symbol` around them, the rest with `title`. A
    /// `Label` gives both.
    static func parts(_ label: [ViewNode], symbol: [NodeModifier], title: [NodeModifier]) -> [ViewNode] {
        label.flatMap { node -> [ViewNode] in
            switch node.kind {
            case .label(let text, let name):
                return parts(
                    [ViewNode(.symbol(name), node.modifiers), ViewNode(.text(text), node.modifiers)], symbol: symbol,
                    title: title)
            case .stack(.horizontal, _, _, let children) where node.modifiers.isEmpty:
                return parts(children, symbol: symbol, title: title)
            case .symbol:
                return [symbol.reduce(node) { $0.modifier($1) }]
            default:
                return [title.reduce(node) { $0.modifier($1) }]
            }
        }
    }
}

/// The numbers of iOS 17/18's tab bar on iPhone, from UIKit: the bar is 49 points high over the home
/// indicator's safe area, its items share its width; a symbol over a 10-point medium title, the chosen item
/// in the tint and the others in `systemGray` (UITabBar's default unselected tint); the symbol in the body
/// style at the large scale (UITabBarItem's symbol configuration). The page dots (UIPageControl's: 7-point
/// dots 16 points apart in a 26-point strip, white, the others at 30 %) are our measures of iOS's screenshots:
/// UIKit publishes none.
enum TabBarMetrics {
    static let height = 49.0
    static let titleFont = Font.system(size: 10, weight: .medium)
    static let unselected = Color.adaptive((142, 142, 147, 1), (142, 142, 147, 1))
    static let dotSize = 7.0
    static let dotPitch = 16.0
    static let dotStrip = 26.0
}

/// A tab view's state from one evaluation to the next: the tab shown when no binding holds it, and the one
/// its pages were last turned to.
@MainActor final class TabState {
    var selected = 0
    var paged: Int?
}

extension TabView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // Every tab is lowered, so that each keeps its state while another shows; each tab's tag is found as
        // a picker's options are (`tag(_:)` records the tagged view).
        graph.pickerOptions.append([])
        let tabs = graph.lowerContainer(content, path: path + "/tabs", environment)
        let options = graph.pickerOptions.removeLast()
        let tags = tabs.map { tab in
            options.first { option in option.views.count == 1 && TabLowering.wraps(tab, option.views[0]) }?.tag
        }
        let state = graph.kept(\.tabStates, at: path) { TabState() }
        let binding = selection
        let chosen: Int
        if let binding {
            chosen = tags.firstIndex { $0 == AnyHashable(binding.wrappedValue) } ?? 0
        } else {
            chosen = min(state.selected, max(tabs.count - 1, 0))
        }
        let select: @MainActor (Int) -> Void = { index in
            if let binding, let tag = tags[index]?.base as? SelectionValue {
                binding.wrappedValue = tag
            } else {
                state.selected = index
                graph.invalidate()
            }
        }
        if let dots = environment.pageDots {
            return graph.lowerPages(
                tabs, chosen: chosen, dots: dots, state: state, select: select, path: path, environment)
        }
        return graph.lowerTabBar(tabs, chosen: chosen, select: select, path: path, environment)
    }
}

/// Reading a tab's lowered view.
enum TabLowering {
    /// Whether `outer` is `inner` with modifiers around it (a tagged view inside a tab's other modifiers).
    static func wraps(_ outer: ViewNode, _ inner: ViewNode) -> Bool {
        outer.kind == inner.kind && outer.modifiers.starts(with: inner.modifiers)
    }

    /// The settings the tab's modifiers recorded, outermost over innermost.
    @MainActor static func settings(_ tab: ViewNode, in graph: ViewGraph) -> TabSettings {
        var settings = TabSettings()
        for modifier in tab.modifiers {
            if case .anchor(let id) = modifier, let set = graph.tabSettings[id] { settings = set.over(settings) }
        }
        return settings
    }
}

extension ViewGraph {
    /// The tab bar style: the chosen tab over the bar, the bar's items each taking a tap.
    fileprivate func lowerTabBar(
        _ tabs: [ViewNode], chosen: Int, select: @escaping @MainActor (Int) -> Void, path: String,
        _ environment: EnvironmentValues
    ) -> [ViewNode] {
        let scheme = environment.colorScheme
        let tint = (environment.tint ?? .accentColor).resolved(scheme).value
        let gray = TabBarMetrics.unselected.resolved(scheme).value
        var items: [ViewNode] = []
        for (index, tab) in tabs.enumerated() {
            let settings = TabLowering.settings(tab, in: self)
            let label = settings.label.map { lowerContainer($0, path: path + "/item\(index)", environment) } ?? []
            let stacked = ViewNode(
                .stack(
                    .vertical, spacing: 2, alignment: .center,
                    children: LabelStacking.parts(
                        label,
                        symbol: [.font(Font.body.spec), .imageScale(.large), .accessibilityHidden(.constant(true))],
                        title: [.font(TabBarMetrics.titleFont.spec)])))
            let color = index == chosen ? tint : gray
            let item = lower(
                _LoweredView(views: [stacked.modifier(.foreground(.color(color)))])
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .contentShape(Rectangle())
                    .onTapGesture { select(index) }
                    .accessibilityElement(children: .combine)
                    .accessibilityAddTraits(index == chosen ? [.isButton, .isSelected] : [.isButton]),
                path: path + "/itemTap\(index)", environment)
            items += item
        }
        // Only the chosen tab is drawn and touched; the others keep their state, lowered but not shown.
        let shown = tabs.indices.contains(chosen) ? tabs[chosen] : ViewNode(.spacer(minLength: 0))
        let settings = tabs.indices.contains(chosen) ? TabLowering.settings(tabs[chosen], in: self) : TabSettings()
        if let background = settings.screenBackground { rootBackground = background }
        var bar = ViewNode(.stack(.horizontal, spacing: 0, alignment: .center, children: items))
            .modifier(.frame(FrameSpec(height: TabBarMetrics.height)))
            .modifier(.frame(FrameSpec(maxWidth: .infinity)))
        // iOS 15 on draws the bar bare where the content ends above it (its scroll edge appearance), and with
        // the bar's material and a hairline where content goes on under it: shown here when the tab holds a
        // scroll view, or when `toolbarBackground(.visible, for: .tabBar)` asks for it. The background reaches
        // down over the home indicator's safe area.
        var probe = shown
        let scrolls = NavigationLowering.firstScroll(in: &probe, prepending: nil) != nil
        if settings.barBackground == .visible || settings.barBackground == nil && scrolls {
            let fill = settings.barStyle.map {
                single(lower(_StyleView(style: $0), path: path + "/barStyle", environment))
            }
            bar = NavigationLowering.withBackground(
                bar, fill: fill, extendedBy: safeArea.bottom, hairlineAtTop: true, environment)
        }
        let content = shown.modifier(.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity)))
        return [ViewNode(.stack(.vertical, spacing: 0, alignment: .center, children: [content, bar]))]
    }

    /// The page style: the pages side by side in a horizontal scroll view that pages, each as large as the
    /// tab view, with the dots over their bottom edge.
    fileprivate func lowerPages(
        _ pages: [ViewNode], chosen: Int, dots: PageTabViewStyle.IndexDisplayMode, state: TabState,
        select: @escaping @MainActor (Int) -> Void, path: String, _ environment: EnvironmentValues
    ) -> [ViewNode] {
        let scrolling = scrollState(at: path + "/pages")
        scrolling.paging = true
        scrolling.settle(at: time)
        let width = scrolling.geometry?.viewport.width ?? 0
        // A selection set from outside turns the pages to it; pages turned by a drag set the selection once
        // they come to rest.
        if state.paged != chosen, width > 0 {
            scrolling.jump(to: Point(x: Double(chosen) * width, y: 0))
            state.paged = chosen
        }
        let page = width > 0 ? Int((scrolling.offset(at: time).x / width).rounded()) : chosen
        let current = min(max(page, 0), max(pages.count - 1, 0))
        if width > 0, scrolling.isResting, current != chosen {
            state.paged = current
            select(current)
        }
        let scroll = scrollNode(
            scrolling, horizontal: true, vertical: false, showsIndicators: false, environment, content: [])
        // Before the first layout the pages' width is not known: the chosen page is shown from it.
        let pending = state.paged != chosen ? chosen : nil
        let reader = ViewNode(
            .geometryReader(
                GeometryContent { size in
                    let framed = pages.map { $0.modifier(.frame(FrameSpec(width: size.width, height: size.height))) }
                    var node = scroll
                    if case .scroll(var spec, _) = scroll.kind {
                        if let pending { spec.offset.x = Double(pending) * size.width }
                        node.kind = .scroll(
                            spec,
                            content: ViewNode(.stack(.horizontal, spacing: 0, alignment: .center, children: framed)))
                    }
                    return node
                }))
        let showsDots = dots == .always || dots == .automatic && pages.count > 1
        guard showsDots else { return [reader] }
        let dotViews = pages.indices.map { index in
            ViewNode(.shape(.circle, fill: .color(RGBAColor.white.opacity(index == current ? 1 : 0.3))))
                .modifier(.frame(FrameSpec(width: TabBarMetrics.dotSize, height: TabBarMetrics.dotSize)))
        }
        let strip = ViewNode(
            .stack(
                .horizontal, spacing: TabBarMetrics.dotPitch - TabBarMetrics.dotSize, alignment: .center,
                children: dotViews)
        )
        .modifier(.frame(FrameSpec(height: TabBarMetrics.dotStrip)))
        return [reader.modifier(.overlay(strip, alignment: NodeAlignment(horizontal: 0.5, vertical: 1)))]
    }
}
