import Foundation
import RevealCore
import RevealLayout
import RevealRaster

/// A stack of screens under a navigation bar, as SwiftUI's `NavigationStack`: its root, and the screens pushed
/// onto it (by a `NavigationLink`, by a value appended to its path, by `navigationDestination`), each sliding in
/// from the trailing edge as UINavigationController pushes.
nonisolated public struct NavigationStack<Data, Root: View>: _PrimitiveView {
    let root: Root
    let path: (any NavigationPathBinding)?

    /// A stack whose first screen is `root`; it keeps the screens pushed onto it itself.
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {
        self.root = root()
        path = nil
    }

    /// A stack whose pushed screens are the values of `path`, each drawn by the `navigationDestination` for its
    /// type: appending to the path pushes, removing pops, and a link to a value or the back button changes it.
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) where Data == NavigationPath {
        self.root = root()
        self.path = NavigationPathOfAnyValues(binding: path)
    }

    /// A stack whose pushed screens are the elements of `path`, each drawn by the `navigationDestination` for
    /// its type.
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where
        Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable
    {
        self.root = root()
        self.path = NavigationPathOfElements(binding: path)
    }
}

/// A stack's path as the stack reads and writes it: its values, whatever the collection that holds them, and
/// which values it can hold (a typed path holds its element type alone).
protocol NavigationPathBinding {
    func get() -> [AnyHashable]
    func set(_ values: [AnyHashable])
    func accepts(_ value: AnyHashable) -> Bool
}

/// A `NavigationPath` binding: values of any type.
struct NavigationPathOfAnyValues: NavigationPathBinding {
    let binding: Binding<NavigationPath>
    func get() -> [AnyHashable] { binding.wrappedValue.values }
    func set(_ values: [AnyHashable]) { binding.wrappedValue = NavigationPath(values: values) }
    func accepts(_ value: AnyHashable) -> Bool { true }
}

/// A binding to a collection of one element type.
struct NavigationPathOfElements<Data: RangeReplaceableCollection>: NavigationPathBinding where Data.Element: Hashable {
    let binding: Binding<Data>
    func get() -> [AnyHashable] {
        var values: [AnyHashable] = []
        for element in binding.wrappedValue { values.append(AnyHashable(element)) }
        return values
    }
    func set(_ values: [AnyHashable]) {
        var elements = Data()
        for value in values { if let element = value.base as? Data.Element { elements.append(element) } }
        binding.wrappedValue = elements
    }
    func accepts(_ value: AnyHashable) -> Bool { value.base is Data.Element }
}

/// The older navigation container, as SwiftUI's `NavigationView`: on iPhone, a stack.
nonisolated public struct NavigationView<Content: View>: _PrimitiveView {
    let content: Content
    /// A navigation view of `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

/// A list of values of any types pushed onto a stack, as SwiftUI's `NavigationPath`.
public struct NavigationPath: Equatable {
    fileprivate(set) var values: [AnyHashable] = []
    /// An empty path.
    public init() {}
    /// A path of `elements`, the first at the bottom of the stack.
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
        for element in elements { values.append(AnyHashable(element)) }
    }
    fileprivate init(values: [AnyHashable]) { self.values = values }
    /// How many values the path holds.
    public var count: Int { values.count }
    /// Whether the path is empty.
    public var isEmpty: Bool { values.isEmpty }
    /// Adds a value.
    public mutating func append<V: Hashable>(_ value: V) { values.append(AnyHashable(value)) }
    /// Removes the last `k` values (at most as many as there are).
    public mutating func removeLast(_ k: Int = 1) { values.removeLast(min(max(k, 0), values.count)) }
}

/// A view that pushes a screen onto the stack it is in when tapped, as SwiftUI's `NavigationLink`: its
/// `destination`, or the screen the stack's `navigationDestination` draws for its value. In a list's row it
/// gets iOS's disclosure chevron.
nonisolated public struct NavigationLink<Label: View, Destination: View>: _PrimitiveView {
    let label: Label
    let destination: Destination?
    let value: AnyHashable?

    /// A link showing `label` that pushes `destination`.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.destination = destination()
        self.label = label()
        value = nil
    }

    /// A link showing `label` that pushes `destination` (Apple's older spelling).
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
        value = nil
    }
}

extension NavigationLink where Label == Text {
    /// A link titled `title` that pushes `destination`.
    public init(_ title: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(title) }
    }

    /// A link titled `title` that pushes `destination`.
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(title) }
    }

    /// A link titled `title` that pushes `destination` (Apple's older spelling).
    public init(_ title: LocalizedStringKey, destination: Destination) {
        self.init(destination: destination) { Text(title) }
    }
}

extension NavigationLink where Destination == Never {
    /// A link that pushes `value`: onto the stack's path when it has one, drawn by the `navigationDestination`
    /// for its type (a nil value, or one no destination draws, pushes nothing).
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label()
        destination = nil
        if let value { self.value = AnyHashable(value) } else { self.value = nil }
    }
}

extension NavigationLink where Destination == Never, Label == Text {
    /// A link titled `title` that pushes `value`.
    public init<P: Hashable>(_ title: LocalizedStringKey, value: P?) {
        self.init(value: value) { Text(title) }
    }

    /// A link titled `title` that pushes `value`.
    @_disfavoredOverload public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.init(value: value) { Text(title) }
    }
}

extension View {
    /// The screen a stack pushes for a value of type `data` (a link's value, or one in its path), as SwiftUI's
    /// `navigationDestination(for:destination:)`: it holds for the whole stack, wherever in it it is declared.
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        let draw = MainThreadBox(value: { (value: AnyHashable) in (value.base as? D).map { AnyView(destination($0)) } })
        return builtin(.navigation { $0.destinations[ObjectIdentifier(D.self)] = draw.value })
    }

    /// `destination` pushed onto the stack while `isPresented` is true; its back button sets it false.
    nonisolated public func navigationDestination<V: View>(
        isPresented: Binding<Bool>, @ViewBuilder destination: () -> V
    ) -> some View {
        guard isPresented.wrappedValue else { return builtin(.navigation { _ in }) }
        let box = MainThreadBox(value: (screen: AnyView(destination()), binding: isPresented))
        return builtin(
            .navigation { $0.presented.append((box.value.screen, { box.value.binding.wrappedValue = false })) })
    }

    /// The screen for `item` pushed onto the stack while it is not nil; its back button sets it nil.
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        guard let value = item.wrappedValue else { return builtin(.navigation { _ in }) }
        let box = MainThreadBox(value: (screen: AnyView(destination(value)), binding: item))
        return builtin(
            .navigation { $0.presented.append((box.value.screen, { box.value.binding.wrappedValue = nil })) })
    }
}

// MARK: Bar items

/// Where a toolbar item goes, as SwiftUI's `ToolbarItemPlacement`.
public struct ToolbarItemPlacement: Equatable, Sendable {
    enum Slot { case leading, principal, trailing, bottom, hidden }
    let slot: Slot
    /// Trailing in the navigation bar.
    public static let automatic = ToolbarItemPlacement(slot: .trailing)
    public static let principal = ToolbarItemPlacement(slot: .principal)
    public static let navigation = ToolbarItemPlacement(slot: .leading)
    public static let primaryAction = ToolbarItemPlacement(slot: .trailing)
    public static let secondaryAction = ToolbarItemPlacement(slot: .trailing)
    public static let confirmationAction = ToolbarItemPlacement(slot: .trailing)
    public static let cancellationAction = ToolbarItemPlacement(slot: .leading)
    public static let destructiveAction = ToolbarItemPlacement(slot: .trailing)
    public static let topBarLeading = ToolbarItemPlacement(slot: .leading)
    public static let topBarTrailing = ToolbarItemPlacement(slot: .trailing)
    public static let navigationBarLeading = ToolbarItemPlacement(slot: .leading)
    public static let navigationBarTrailing = ToolbarItemPlacement(slot: .trailing)
    public static let bottomBar = ToolbarItemPlacement(slot: .bottom)
    /// Above the keyboard, which is not drawn: not shown.
    public static let keyboard = ToolbarItemPlacement(slot: .hidden)
    public static let status = ToolbarItemPlacement(slot: .bottom)
}

/// One item of a toolbar, as SwiftUI's `ToolbarItem`.
nonisolated public struct ToolbarItem<ID, Content: View>: _PrimitiveView {
    let placement: ToolbarItemPlacement
    let content: Content
    /// An item at `placement`.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) where ID == () {
        self.placement = placement
        self.content = content()
    }
    /// An item with an identifier at `placement`.
    public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content)
    where ID == String {
        self.placement = placement
        self.content = content()
    }
}

/// Items sharing a place in a toolbar, as SwiftUI's `ToolbarItemGroup`.
nonisolated public struct ToolbarItemGroup<Content: View>: _PrimitiveView {
    let placement: ToolbarItemPlacement
    let content: Content
    /// Items at `placement`.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

/// The bars a toolbar modifier names, as SwiftUI's `ToolbarPlacement`.
public struct ToolbarPlacement: Equatable, Sendable {
    let name: String
    public static let automatic = ToolbarPlacement(name: "automatic")
    public static let navigationBar = ToolbarPlacement(name: "navigationBar")
    public static let tabBar = ToolbarPlacement(name: "tabBar")
    public static let bottomBar = ToolbarPlacement(name: "bottomBar")
}

/// Where a search field goes, as SwiftUI's `SearchFieldPlacement` (on iPhone, each under the title).
public struct SearchFieldPlacement: Sendable {
    /// When the drawer holding the field shows.
    public enum NavigationBarDrawerDisplayMode: Sendable { case automatic, always }
    let name: String
    public static let automatic = SearchFieldPlacement(name: "automatic")
    public static let toolbar = SearchFieldPlacement(name: "toolbar")
    public static let sidebar = SearchFieldPlacement(name: "sidebar")
    public static let navigationBarDrawer = SearchFieldPlacement(name: "navigationBarDrawer")
    public static func navigationBarDrawer(displayMode: NavigationBarDrawerDisplayMode) -> SearchFieldPlacement {
        .navigationBarDrawer
    }
}

/// Names from UIKit's navigation bar, as SwiftUI keeps them.
public enum NavigationBarItem {
    /// How the title shows: large above the content at the scroll's top, or inline in the bar.
    public enum TitleDisplayMode: Hashable, Sendable {
        case automatic, inline, large
    }
}

extension View {
    /// The title of the screen this view is in, shown by the navigation bar.
    nonisolated public func navigationTitle(_ title: Text) -> some View {
        builtin(.navigation { $0.title = $0.title ?? title })
    }

    /// The title of the screen this view is in, shown by the navigation bar.
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        navigationTitle(Text(titleKey))
    }

    /// The title of the screen this view is in, shown by the navigation bar.
    @_disfavoredOverload nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        navigationTitle(Text(title))
    }

    /// The title, Apple's older spelling (large, as `navigationTitle` at a stack's root).
    nonisolated public func navigationBarTitle(_ title: Text) -> some View { navigationTitle(title) }

    /// The title, Apple's older spelling.
    @_disfavoredOverload nonisolated public func navigationBarTitle<S: StringProtocol>(_ title: S) -> some View {
        navigationTitle(Text(title))
    }

    /// The title and how it shows, Apple's older spelling.
    nonisolated public func navigationBarTitle(
        _ title: Text, displayMode: NavigationBarItem.TitleDisplayMode
    ) -> some View {
        navigationTitle(title).navigationBarTitleDisplayMode(displayMode)
    }

    /// The title and how it shows, Apple's older spelling.
    @_disfavoredOverload nonisolated public func navigationBarTitle<S: StringProtocol>(
        _ title: S, displayMode: NavigationBarItem.TitleDisplayMode
    ) -> some View {
        navigationTitle(Text(title)).navigationBarTitleDisplayMode(displayMode)
    }

    /// Whether the title shows large above the content or inline in the bar.
    nonisolated public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> some View {
        builtin(.navigation { $0.displayMode = $0.displayMode ?? mode })
    }

    /// Items for the screen's bars: `ToolbarItem`s at their placements, other views at the bar's trailing end.
    nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        let items = AnyView(content())
        return builtin(.navigation { $0.toolbars.append(items) })
    }

    /// Whether the bars named show (hidden: the navigation bar is not drawn).
    nonisolated public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        let hides = visibility == .hidden && (bars.contains(.navigationBar) || bars.contains(.automatic))
        return builtin(.navigation { if hides { $0.barHidden = true } })
    }

    /// Whether the navigation bar is hidden, Apple's older spelling.
    nonisolated public func navigationBarHidden(_ hidden: Bool) -> some View {
        builtin(.navigation { if hidden { $0.barHidden = true } })
    }

    /// Whether the back button is hidden.
    nonisolated public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        builtin(.navigation { if hidesBackButton { $0.backHidden = true } })
    }

    /// A search field under the screen's title, as iOS draws `searchable` in a navigation stack: its text, else
    /// its prompt ("Search"), after a magnifying glass. No keyboard is drawn; a script types into it by its
    /// prompt.
    nonisolated public func searchable(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil
    ) -> some View {
        let value = text.wrappedValue
        let binding = MainThreadBox(value: text)
        return builtin(.navigation { $0.search = (value, prompt, { binding.value.wrappedValue += $0 }) })
    }

    /// A search field under the screen's title, its prompt given by a key.
    nonisolated public func searchable(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey
    ) -> some View {
        searchable(text: text, placement: placement, prompt: Text(prompt))
    }

    /// A search field under the screen's title, its prompt given as a string.
    @_disfavoredOverload nonisolated public func searchable<S: StringProtocol>(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S
    ) -> some View {
        searchable(text: text, placement: placement, prompt: Text(prompt))
    }

    /// Suggestions under the search field while it is edited (accepted: no field is edited in a render).
    nonisolated public func searchSuggestions<S: View>(@ViewBuilder _ suggestions: () -> S) -> some View { self }

    /// The bars' background: a tab bar's is drawn in `style` where it shows (the navigation bar's is iOS's).
    nonisolated public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> some View {
        builtin(.tab(bars.contains(.tabBar) ? TabSettings(barStyle: style) : TabSettings()))
    }

    /// Whether the bars' background shows: a tab bar's shows or not as asked (the navigation bar's as iOS
    /// shows it).
    nonisolated public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        builtin(.tab(bars.contains(.tabBar) ? TabSettings(barBackground: visibility) : TabSettings()))
    }
}

// MARK: Lowering

/// What the views of one screen ask of its navigation bar and stack (set by their modifiers as they are
/// lowered).
@MainActor final class NavigationEntry {
    var title: Text?
    var displayMode: NavigationBarItem.TitleDisplayMode?
    var toolbars: [AnyView] = []
    var barHidden = false
    var backHidden = false
    /// The search field's text and prompt (`searchable`), and what adds typed text to it.
    var search: (text: String, prompt: Text?, type: (String) -> Void)?
    /// The screens `navigationDestination(for:)` draws for values, by the values' type.
    var destinations: [ObjectIdentifier: (AnyHashable) -> AnyView?] = [:]
    /// The screens `navigationDestination(isPresented:)` and `(item:)` push over this one, with what pops each.
    var presented: [(view: AnyView, pop: @MainActor () -> Void)] = []
}

/// A stack's state, kept from one evaluation to the next: what links pushed (when it has no path), the
/// destinations its screens declared, and the screens drawn last time, for the one that slides away on a pop.
@MainActor final class NavigationState {
    /// What a link pushed: a view, or a value the stack's destinations draw.
    enum Pushed {
        case view(AnyView)
        case value(AnyHashable)
    }

    /// One screen above the root: what it shows, its title's screen below, and what pops it.
    struct Screen {
        let view: AnyView
        let level: Int
        let pop: @MainActor () -> Void
    }

    /// What links pushed that is not in the stack's path (all of it when there is none).
    private(set) var pushed: [Pushed] = []
    /// The stack's path, as the stack read it at its last evaluation.
    var path: (any NavigationPathBinding)?
    var destinations: [ObjectIdentifier: (AnyHashable) -> AnyView?] = [:]
    /// The screens above the root at the last evaluation, their back titles, and the depth shown.
    var lastScreens: [(screen: Screen, backTitle: String)] = []
    /// The screen sliding away, with its back title.
    var leaving: (screen: Screen, backTitle: String)?
    /// The depths the current push or pop goes from and to.
    var transition = (from: 0, to: 0)
    weak var graph: ViewGraph?

    init(graph: ViewGraph) { self.graph = graph }

    /// Pushes `item` (a link was tapped): a value goes onto the stack's path when the path can hold it.
    func push(_ item: Pushed) {
        if case .value(let value) = item, let path, path.accepts(value) {
            path.set(path.get() + [value])
        } else {
            pushed.append(item)
        }
        graph?.invalidate()
    }

    /// Takes the pushed item at `index` and all above it off the stack.
    func popPushed(to index: Int) {
        pushed.removeLast(max(pushed.count - index, 0))
        graph?.invalidate()
    }
}

/// The numbers of iOS 17/18's navigation bar, from UIKit: the bar is 44 points high, and 52 more with a
/// large title (UINavigationBar's 96); the large title is `largeTitle` bold, the inline title `headline`; the
/// bar's items sit at the layout margin (16 points, 20 on the widest phones). A push slides the new screen in
/// from the trailing edge while the old one moves a third of the way out (UINavigationController's parallax);
/// its curve and 0.35 s are our estimates, as UIKit publishes neither.
enum NavigationMetrics {
    static let barHeight = 44.0
    static let largeTitleHeight = 52.0
    static func margin(screenWidth: Double) -> Double { screenWidth >= 414 ? 20 : 16 }
    static let itemSpacing = 20.0
    static let parallax = 0.3
    static let push = Animation.easeInOut(duration: 0.35)
    /// A bar over scrolled content: `systemChromeMaterial`'s look without its blur, and a hairline.
    static let scrolledBackground = Color.adaptive((249, 249, 249, 0.94), (29, 29, 29, 0.94))
}

extension ViewGraph {
    /// A navigation stack: each screen from its root up to the one on top (the root, then the screens its
    /// path's values and its links pushed, each followed by those its `navigationDestination(isPresented:)`
    /// pushes), every one lowered so that each keeps its state, and the top one drawn; while a push or pop plays,
    /// the one under it too, sliding with it.
    func lowerNavigationStack(
        _ root: any View, path: String, pathBinding: (any NavigationPathBinding)?, _ environment: EnvironmentValues
    ) -> [ViewNode] {
        let state = navigationState(at: path + "/stack")
        state.path = pathBinding
        // What lies above the root, in order, with what pops each: the path's values, then what links pushed.
        var upcoming: [(item: NavigationState.Pushed, pop: @MainActor () -> Void)] = []
        if let pathBinding {
            let values = pathBinding.get()
            for (index, value) in values.enumerated() {
                upcoming.append(
                    (
                        .value(value),
                        { [weak state] in
                            pathBinding.set(Array(pathBinding.get().prefix(index)))
                            state?.popPushed(to: 0)
                        }
                    ))
            }
        }
        for (index, item) in state.pushed.enumerated() {
            upcoming.append((item, { [weak state] in state?.popPushed(to: index) }))
        }
        var screens: [(node: ViewNode, title: String)] = []
        var above: [(screen: NavigationState.Screen, backTitle: String)] = []
        var next: NavigationState.Screen? = nil
        var view: any View = root
        while true {
            let level = screens.count
            var inside = environment
            if let next { inside.dismissAction = next.pop }
            let backTitle = screens.last?.title
            let (node, entry) = lowerScreen(view, level: level, backTitle: backTitle, path: path, inside, state)
            screens.append((node, entry.title?.string ?? ""))
            if let next { above.append((next, backTitle ?? "")) }
            state.destinations.merge(entry.destinations) { $1 }
            upcoming.insert(contentsOf: entry.presented.map { (.view($0.view), $0.pop) }, at: 0)
            // The next screen: the first of what lies above that a destination draws (a value none draws is
            // passed over, as SwiftUI passes it over with a warning).
            var found: (AnyView, @MainActor () -> Void)? = nil
            while found == nil, !upcoming.isEmpty {
                let candidate = upcoming.removeFirst()
                switch candidate.item {
                case .view(let view): found = (view, candidate.pop)
                case .value(let value):
                    if let draw = state.destinations[ObjectIdentifier(type(of: value.base))], let view = draw(value) {
                        found = (view, candidate.pop)
                    }
                }
            }
            guard let found, screens.count < 64 else { break }
            view = found.0
            next = NavigationState.Screen(view: found.0, level: screens.count, pop: found.1)
        }
        // A change of depth starts a push or a pop; the screen that was on top slides away on a pop.
        let depth = screens.count - 1
        let lastDepth = state.lastScreens.count
        if depth != lastDepth {
            state.transition = (lastDepth, depth)
            state.leaving = depth < lastDepth ? state.lastScreens.last : nil
        }
        state.lastScreens = above
        let shown = present(Double(depth), key: path + "/depth", animatedBy: NavigationMetrics.push)
        let (from, to) = state.transition
        let progress = from == to ? 1 : min(max((shown - Double(from)) / Double(to - from), 0), 1)
        if progress >= 1 { state.leaving = nil }
        // Only the top screen takes touches; one sliding away is lowered again without them.
        var leavingNode: ViewNode? = nil
        if let leaving = state.leaving {
            var inside = environment
            inside.allowsHitTesting = false
            leavingNode =
                lowerScreen(
                    leaving.screen.view, level: leaving.screen.level, backTitle: leaving.backTitle, path: path, inside,
                    state
                ).node
        }
        let width = screenSize.width
        var layers: [ViewNode] = []
        func place(_ node: ViewNode, at x: Double) { layers.append(x == 0 ? node : node.modifier(.offset(x: x, y: 0))) }
        if progress >= 1 {
            place(screens[depth].node, at: 0)
        } else if to > from {
            // A push: the new screen slides in over the old one, which moves a third of the way out.
            if from < screens.count { place(screens[from].node, at: -progress * width * NavigationMetrics.parallax) }
            place(screens[depth].node, at: (1 - progress) * width)
        } else {
            place(screens[depth].node, at: -(1 - progress) * width * NavigationMetrics.parallax)
            if let leavingNode { place(leavingNode, at: progress * width) }
        }
        return [ViewNode(.stack(.depth, spacing: nil, alignment: .center, children: layers))]
    }

    /// One screen of a stack: its bar over its content.
    private func lowerScreen(
        _ view: any View, level: Int, backTitle: String?, path: String, _ environment: EnvironmentValues,
        _ state: NavigationState
    ) -> (node: ViewNode, entry: NavigationEntry) {
        let entry = NavigationEntry()
        navigationEntries.append(entry)
        navigationStates.append(state)
        // A pushed screen is opaque in its own background: a list's inside it, else the system background.
        let outerBackground = rootBackground
        if level > 0 { rootBackground = nil }
        var content = single(lowerContainer(view, path: path + "/screen\(level)", environment))
        let ownBackground = rootBackground
        if level > 0 { rootBackground = outerBackground }
        navigationStates.removeLast()
        navigationEntries.removeLast()
        let scheme = environment.colorScheme
        let title = entry.title?.string ?? ""
        let large = (entry.displayMode ?? .automatic) != .inline && level == 0 && !title.isEmpty
        // A large title scrolls with the content: it heads the first scroll view's content (a list's), and the
        // bar shows the inline title once it has gone under the bar.
        var header: [ViewNode] = []
        if large {
            header += lower(
                Text(title).font(.largeTitle.bold()).lineLimit(1)
                    .padding(.horizontal, NavigationMetrics.margin(screenWidth: screenSize.width))
                    .frame(
                        maxWidth: .infinity, minHeight: NavigationMetrics.largeTitleHeight - 8,
                        alignment: .bottomLeading
                    )
                    .padding(.bottom, 8),
                path: path + "/largeTitle\(level)", environment)
        }
        if let search = entry.search {
            // A script types into it by its prompt.
            textInputs.append(
                TextInputTarget(
                    names: [search.prompt?.string ?? "Search"], path: path + "/search\(level)", type: search.type))
            header += lower(
                NavigationLowering.searchField(search.text, prompt: search.prompt, screenWidth: screenSize.width),
                path: path + "/search\(level)", environment)
        }
        var scrolled = header.isEmpty ? NavigationLowering.firstScroll(in: &content, prepending: nil) ?? 0 : 0
        if !header.isEmpty {
            let titleNode =
                header.count == 1
                ? header[0] : ViewNode(.stack(.vertical, spacing: 0, alignment: .center, children: header))
            if let offset = NavigationLowering.firstScroll(in: &content, prepending: titleNode) {
                scrolled = offset
            } else {
                content = ViewNode(
                    .stack(.vertical, spacing: 0, alignment: .center, children: [titleNode, content]))
            }
        }
        // The screen's content fills the room under the bar and is centred in it, as a root view is.
        let filled = content.modifier(.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity)))
        // A bar with nothing to show (no title, no items, no way back) is not drawn and takes no room: Apple's
        // rendering of a NavigationStack with neither (apple-refs pair 24) centres its content on the whole screen.
        let showsBack = level > 0 && !entry.backHidden
        let empty = title.isEmpty && entry.toolbars.isEmpty && !showsBack
        let screen: ViewNode
        if entry.barHidden || empty {
            screen = filled
        } else {
            let inlineOpacity = large ? min(max((scrolled - 36) / 16, 0), 1) : 1
            let bar = navigationBar(
                entry, title: title, titleOpacity: inlineOpacity, backTitle: showsBack ? backTitle : nil,
                scrolled: scrolled > 0, path: path + "/bar\(level)", environment)
            screen = ViewNode(.stack(.vertical, spacing: 0, alignment: .center, children: [bar, filled]))
        }
        // Its background reaches under the status bar and the home indicator, as a pushed view controller's does.
        let background = ViewNode.color((ownBackground ?? (scheme == .dark ? RGBAColor.black : RGBAColor.white)))
            .modifier(.padding(Insets(top: -safeArea.top, bottom: -safeArea.bottom)))
        return (level > 0 ? screen.modifier(.background(background, alignment: .center)) : screen, entry)
    }

    /// The bar: the back button or the leading items, the inline title or the principal item, the trailing
    /// items; over scrolled content, a background and a hairline.
    private func navigationBar(
        _ entry: NavigationEntry, title: String, titleOpacity: Double, backTitle: String?, scrolled: Bool,
        path: String, _ environment: EnvironmentValues
    ) -> ViewNode {
        toolbarItems.append([])
        var loose: [ViewNode] = []
        for (index, toolbar) in entry.toolbars.enumerated() {
            loose += lowerContainer(toolbar, path: path + "/toolbar\(index)", environment)
        }
        let items = toolbarItems.removeLast()
        func slot(_ s: ToolbarItemPlacement.Slot) -> [ViewNode] { items.filter { $0.slot == s }.flatMap(\.views) }
        var leading = slot(.leading)
        if let backTitle {
            let pop = environment.dismissAction
            let back = Button {
                pop?()
            } label: {
                HStack(spacing: 4) {
                    Image(systemName: "chevron.left").font(.body.weight(.semibold)).accessibilityHidden(true)
                    Text(backTitle.isEmpty || backTitle.count > 12 ? "Back" : backTitle)
                }
            }
            leading = lower(back, path: path + "/back", environment) + leading
        }
        let trailing = slot(.trailing) + loose
        let principal = slot(.principal)
        let margin = NavigationMetrics.margin(screenWidth: screenSize.width)
        let center: [ViewNode] =
            !principal.isEmpty
            ? principal
            : title.isEmpty
                ? []
                : lower(
                    Text(title).font(.headline).lineLimit(1).opacity(titleOpacity), path: path + "/title",
                    environment)
        func row(_ views: [ViewNode], alignment: Double) -> ViewNode {
            ViewNode(.stack(.horizontal, spacing: NavigationMetrics.itemSpacing, alignment: .center, children: views))
                .modifier(
                    .frame(
                        FrameSpec(
                            maxWidth: .infinity, maxHeight: .infinity,
                            alignment: NodeAlignment(horizontal: alignment, vertical: 0.5))))
        }
        var layers = [row(leading, alignment: 0), row(trailing, alignment: 1)]
        if !center.isEmpty { layers.insert(single(center), at: 0) }
        var bar = ViewNode(.stack(.depth, spacing: nil, alignment: .center, children: layers))
            .modifier(.padding(Insets(leading: margin, trailing: margin)))
            .modifier(.frame(FrameSpec(height: NavigationMetrics.barHeight)))
            .modifier(.frame(FrameSpec(maxWidth: .infinity)))
        if scrolled { bar = NavigationLowering.withBackground(bar, hairlineAtTop: false, environment) }
        return bar
    }

    /// The stack state at `key`, kept while the stack is met.
    func navigationState(at key: String) -> NavigationState {
        kept(\.navigationStateTable, at: key) { NavigationState(graph: self) }
    }
}

/// Rewrites of a screen's lowered views.
enum NavigationLowering {
    /// A bar with its background (`fill`, else the bars' own color: `systemChromeMaterial`'s look without its
    /// blur) reaching `extendedBy` points past its bottom, and a hairline on the edge it meets content at.
    @MainActor static func withBackground(
        _ bar: ViewNode, fill: ViewNode? = nil, extendedBy extra: Double = 0, hairlineAtTop: Bool,
        _ environment: EnvironmentValues
    ) -> ViewNode {
        let scheme = environment.colorScheme
        var background = fill ?? ViewNode.color(NavigationMetrics.scrolledBackground.resolved(scheme).value)
        if extra > 0 { background = background.modifier(.padding(Insets(bottom: -extra))) }
        let hairline = ViewNode(.paint(.color(Color.separator.resolved(scheme).value)))
            .modifier(.frame(FrameSpec(height: 1 / max(Double(environment.displayScale), 1))))
        let edge = NodeAlignment(horizontal: 0.5, vertical: hairlineAtTop ? 0 : 1)
        return
            bar
            .modifier(
                .background(background, alignment: NodeAlignment(horizontal: 0.5, vertical: 0))
            )
            .modifier(.overlay(hairline, alignment: edge))
    }

    /// UISearchBar in a navigation bar: a 36-point field of the tertiary system fill with 10-point corners,
    /// at the layout margins, 10 points above the content; a magnifying glass and the text or the prompt in
    /// the secondary label color (the text itself in the label color). Our measures of iOS's screenshots.
    @MainActor static func searchField(_ text: String, prompt: Text?, screenWidth: Double) -> some View {
        HStack(spacing: 6) {
            Image(systemName: "magnifyingglass").foregroundStyle(.secondary)
            if text.isEmpty {
                (prompt ?? Text("Search")).foregroundStyle(.secondary).lineLimit(1)
            } else {
                Text(verbatim: text).lineLimit(1)
            }
            Spacer(minLength: 0)
        }
        .padding(.horizontal, 8)
        .frame(height: 36)
        .background(RoundedRectangle(cornerRadius: 10).fill(Color.tertiarySystemFill))
        .padding(.horizontal, NavigationMetrics.margin(screenWidth: screenWidth))
        .padding(.bottom, 10)
    }

    /// How far the first scroll view in `node` (depth first, through stacks) is scrolled, `header` put at the
    /// top of its content; nil when there is none.
    static func firstScroll(in node: inout ViewNode, prepending header: ViewNode?) -> Double? {
        switch node.kind {
        case .scroll(let spec, var content):
            if let header {
                // The mark a reader measures offsets from (the content's top) moves up to the header's top.
                var mark: [NodeModifier] = []
                if case .anchor? = content.modifiers.last { mark.append(content.modifiers.removeLast()) }
                node.kind = .scroll(
                    spec,
                    content: ViewNode(
                        .stack(.vertical, spacing: 0, alignment: .center, children: [header, content]), mark))
            }
            return spec.offset.y
        case .stack(let axis, let spacing, let alignment, var children):
            for index in children.indices {
                if let offset = firstScroll(in: &children[index], prepending: header) {
                    node.kind = .stack(axis, spacing: spacing, alignment: alignment, children: children)
                    return offset
                }
            }
            return nil
        default:
            return nil
        }
    }
}

extension NavigationStack: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lowerNavigationStack(root, path: path, pathBinding: self.path, environment)
    }
}

extension NavigationView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lowerNavigationStack(content, path: path, pathBinding: nil, environment)
    }
}

extension NavigationLink: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let state = graph.navigationStates.last
        let item = destination.map { NavigationState.Pushed.view(AnyView($0)) } ?? value.map { .value($0) }
        let push: @MainActor () -> Void = {
            guard let state, let item else { return }
            state.push(item)
        }
        guard environment.isInList else {
            return graph.lower(Button(action: push) { label }, path: path + "/link", environment)
        }
        // In a list's row: the label as it is, and iOS's disclosure chevron at the trailing edge in the
        // tertiary label color. The whole row takes the tap, its insets too: they are taken inside the tap's
        // area and given back outside it, where the list puts them again.
        let insets = ListMetrics.rowInsets
        let row = HStack {
            label
            Spacer(minLength: 8)
            Image(systemName: "chevron.right")
                .font(.footnote.weight(.semibold))
                .foregroundStyle(.tertiary)
        }
        .padding(insets)
        .frame(maxWidth: .infinity, minHeight: ListMetrics.minimumRowHeight)
        .contentShape(Rectangle())
        .onTapGesture(perform: push)
        .padding(
            EdgeInsets(top: -insets.top, leading: -insets.leading, bottom: -insets.bottom, trailing: -insets.trailing))
        return graph.lower(row, path: path + "/row", environment)
    }
}

extension ToolbarItem: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lowerToolbarItem(content, at: placement, path: path, environment)
    }
}

extension ToolbarItemGroup: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lowerToolbarItem(content, at: placement, path: path, environment)
    }
}

extension ViewGraph {
    /// A toolbar item's views, kept for the bar being lowered at `placement` (none drawn where they are); outside
    /// a bar, the views as they are.
    func lowerToolbarItem(
        _ content: any View, at placement: ToolbarItemPlacement, path: String, _ environment: EnvironmentValues
    ) -> [ViewNode] {
        let views = lowerContainer(content, path: path, environment)
        guard !toolbarItems.isEmpty else { return views }
        toolbarItems[toolbarItems.count - 1].append((placement.slot, views))
        return []
    }
}
