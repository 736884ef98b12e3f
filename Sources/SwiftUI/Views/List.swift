import RevealCore
import RevealLayout
import RevealRaster

/// Rows in a scrolling list, as SwiftUI's `List`: each view of its content is a row, a `Section` groups rows
/// under a header and over a footer, and `listStyle` chooses the look (`.insetGrouped`, iOS's default).
nonisolated public struct List<SelectionValue: Hashable, Content: View>: _PrimitiveView {
    let content: Content
    var selection: (any ErasedHashableBinding)? = nil

    /// A list of the rows `content` builds.
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {
        self.content = content()
    }

    /// A list of the rows `content` builds whose row of `selection` shows selected, as iOS 16 and later select
    /// a single row outside edit mode: a tap on a row (its `tag`, or its `ForEach` element's id) selects it.
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
        self.content = content()
        if let selection { self.selection = OptionalHashableBinding(binding: selection) }
    }

    /// A list with a multiple selection (accepted: on iPhone several rows are selected in edit mode only,
    /// which no script enters).
    public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// A row for each of `data`'s identifiable elements, one of them selected by `selection`.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<SelectionValue?>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        content = ForEach(data, content: rowContent)
        if let selection { self.selection = OptionalHashableBinding(binding: selection) }
    }

    /// A row for each of `data`'s identifiable elements.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where SelectionValue == Never, Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        content = ForEach(data, content: rowContent)
    }

    /// A row for each of `data`'s elements, identified by `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where SelectionValue == Never, Content == ForEach<Data, ID, RowContent> {
        content = ForEach(data, id: id, content: rowContent)
    }

    /// A row for each number of `data`.
    public init<RowContent: View>(_ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent)
    where SelectionValue == Never, Content == ForEach<Range<Int>, Int, RowContent> {
        content = ForEach(data, content: rowContent)
    }
}

/// Controls grouped for data entry, as SwiftUI's `Form`: on iOS, a list in the inset grouped style.
nonisolated public struct Form<Content: View>: _PrimitiveView {
    let content: Content
    /// A form of the rows `content` builds.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

/// Rows under a header and over a footer, as SwiftUI's `Section`; outside a list, the three stacked.
nonisolated public struct Section<Parent: View, Content: View, Footer: View>: _PrimitiveView {
    let header: Parent?
    let content: Content
    let footer: Footer?

    /// A section of `content` under `header` and over `footer`.
    public init(
        @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer
    ) {
        self.header = header()
        self.content = content()
        self.footer = footer()
    }

    /// A section with a header and a footer, the header first (deprecated by Apple, still compiled).
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.header = header
        self.content = content()
        self.footer = footer
    }
}

extension Section where Footer == EmptyView {
    /// A section of `content` under `header`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(header: header(), content: content(), footer: nil)
    }

    /// A section under `header` (deprecated by Apple, still compiled).
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(header: header, content: content(), footer: nil)
    }
}

extension Section where Parent == EmptyView {
    /// A section of `content` over `footer`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(header: nil, content: content(), footer: footer())
    }

    /// A section over `footer` (deprecated by Apple, still compiled).
    public init(footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(header: nil, content: content(), footer: footer)
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// A section of `content` with neither header nor footer.
    public init(@ViewBuilder content: () -> Content) {
        self.init(header: nil, content: content(), footer: nil)
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// A section under a text header.
    public init(_ title: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(header: Text(title), content: content(), footer: nil)
    }

    /// A section under a text header.
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(header: Text(title), content: content(), footer: nil)
    }
}

extension Section {
    init(header: Parent?, content: Content, footer: Footer?) {
        self.header = header
        self.content = content
        self.footer = footer
    }
}

// MARK: Styles

/// How a list looks, as SwiftUI's `ListStyle`.
public protocol ListStyle: Sendable {}

/// The looks lists are drawn in.
enum ListLook: Sendable {
    /// Sections as rounded cards inset from the screen's edges, on the grouped background (iOS's default).
    case insetGrouped
    /// Sections across the whole width on the grouped background.
    case grouped
    /// Rows across the whole width on the plain background.
    case plain
}

protocol ListLookStyle {
    var look: ListLook { get }
}

/// iOS's default: `.insetGrouped`.
public struct DefaultListStyle: ListStyle, ListLookStyle {
    public init() {}
    var look: ListLook { .insetGrouped }
}

/// Sections as rounded cards inset from the edges.
public struct InsetGroupedListStyle: ListStyle, ListLookStyle {
    public init() {}
    var look: ListLook { .insetGrouped }
}

/// Sections across the whole width, on the grouped background.
public struct GroupedListStyle: ListStyle, ListLookStyle {
    public init() {}
    var look: ListLook { .grouped }
}

/// Rows across the whole width.
public struct PlainListStyle: ListStyle, ListLookStyle {
    public init() {}
    var look: ListLook { .plain }
}

/// The plain look, inset (on iPhone, as `.plain`).
public struct InsetListStyle: ListStyle, ListLookStyle {
    public init() {}
    var look: ListLook { .plain }
}

/// A sidebar (on iPhone, as `.insetGrouped`).
public struct SidebarListStyle: ListStyle, ListLookStyle {
    public init() {}
    var look: ListLook { .insetGrouped }
}

extension ListStyle where Self == DefaultListStyle {
    public static var automatic: DefaultListStyle { DefaultListStyle() }
}
extension ListStyle where Self == InsetGroupedListStyle {
    public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}
extension ListStyle where Self == GroupedListStyle {
    public static var grouped: GroupedListStyle { GroupedListStyle() }
}
extension ListStyle where Self == PlainListStyle {
    public static var plain: PlainListStyle { PlainListStyle() }
}
extension ListStyle where Self == InsetListStyle {
    public static var inset: InsetListStyle { InsetListStyle() }
}
extension ListStyle where Self == SidebarListStyle {
    public static var sidebar: SidebarListStyle { SidebarListStyle() }
}

/// How a form looks, as SwiftUI's `FormStyle`: on iPhone, every style is the grouped list.
public protocol FormStyle: Sendable {}

/// iOS's default form style: grouped.
public struct AutomaticFormStyle: FormStyle {
    public init() {}
}

/// Grouped rows, as a grouped list.
public struct GroupedFormStyle: FormStyle {
    public init() {}
}

/// Columns (macOS); on iPhone, grouped.
public struct ColumnsFormStyle: FormStyle {
    public init() {}
}

extension FormStyle where Self == AutomaticFormStyle {
    public static var automatic: AutomaticFormStyle { AutomaticFormStyle() }
}
extension FormStyle where Self == GroupedFormStyle {
    public static var grouped: GroupedFormStyle { GroupedFormStyle() }
}
extension FormStyle where Self == ColumnsFormStyle {
    public static var columns: ColumnsFormStyle { ColumnsFormStyle() }
}

/// The top or bottom edge, as SwiftUI's `VerticalEdge`.
public enum VerticalEdge: Int8, CaseIterable, Sendable {
    case top, bottom

    /// A set of vertical edges.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let bottom = Set(rawValue: 2)
        public static let all: Set = [.top, .bottom]
    }
}

/// Whether something shows, as SwiftUI's `Visibility`.
public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}

extension View {
    /// The look of lists inside (SwiftUI's `listStyle(_:)`).
    nonisolated public func listStyle<S: ListStyle>(_ style: S) -> some View {
        environmentChange { $0.listLook = (style as? any ListLookStyle)?.look ?? .insetGrouped }
    }

    /// The style of forms inside: on iPhone, always the grouped list.
    nonisolated public func formStyle<S: FormStyle>(_ style: S) -> some View { self }

    /// Whether lists and forms inside draw their own background (hidden: what is behind shows through).
    nonisolated public func scrollContentBackground(_ visibility: Visibility) -> some View {
        environmentChange { $0.listDrawsBackground = visibility != .hidden }
    }

    /// The insets of a list's row around its content (nil: the style's).
    nonisolated public func listRowInsets(_ insets: EdgeInsets?) -> some View {
        builtin(.listRow(ListRowSettings(insets: insets.map { Optional($0) })))
    }

    /// A view behind the list's row, in place of the style's background (nil: the style's).
    nonisolated public func listRowBackground<V: View>(_ view: V?) -> some View {
        builtin(.listRow(ListRowSettings(background: .some(view.map { AnyView($0) }))))
    }

    /// Whether the separators above and below the row show.
    nonisolated public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        builtin(.listRow(ListRowSettings(separatorHidden: visibility == .hidden)))
    }

    /// Whether the section's separators show (accepted; the rows' own settings decide).
    nonisolated public func listSectionSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all)
        -> some View
    {
        self
    }
}

/// What a row's modifiers ask of the list it is in; nil where they ask nothing.
struct ListRowSettings {
    var insets: EdgeInsets?? = nil
    var background: AnyView?? = nil
    var separatorHidden: Bool? = nil
    /// The buttons behind the row (`swipeActions`, `onDelete`): every set asked for.
    var swipeActions: [SwipeActionSet] = []
    /// The row's tag in a list with a selection.
    var selectionTag: AnyHashable? = nil

    /// These settings with `inner`'s where it sets them: the modifier nearest the row wins.
    func under(_ inner: ListRowSettings) -> ListRowSettings {
        ListRowSettings(
            insets: inner.insets ?? insets, background: inner.background ?? background,
            separatorHidden: inner.separatorHidden ?? separatorHidden, swipeActions: inner.swipeActions + swipeActions,
            selectionTag: inner.selectionTag ?? selectionTag)
    }
}

// MARK: Lowering

/// The numbers of iOS 17/18's lists. Measured on Apple's own rendering in `../shared/apple-refs` (pair 04, a
/// one-row List on a 390-point iPhone at 3×): the section's card 20 points in from each edge, 35 points below
/// the safe area, with corners of 10 points; a row 44 points high, its text 20 points in from the card's edge.
/// The header's and footer's spacing and the plain style's header are our estimates, to be measured.
enum ListMetrics {
    /// The card's inset from the screen's edges (UIKit's layout margins: 16 points under 375 points wide).
    static func margin(screenWidth: Double) -> Double { screenWidth < 375 ? 16 : 20 }
    static let cornerRadius = 10.0
    /// A row's least height (also UIKit's default row height, and the HIG's least tappable size).
    static let minimumRowHeight = 44.0
    /// A row's content inset from its edges: 20 points across; vertical padding that centres a line of body
    /// text in 44 points and gives taller content room.
    static let rowInsets = EdgeInsets(top: 8, leading: 20, bottom: 8, trailing: 20)
    /// Space above a section with no header, and below the last.
    static let sectionGap = 35.0
    /// Space above a header and between a header and its card; between a card and its footer.
    static let headerTop = 17.0
    static let headerBottom = 7.0
    static let footerTop = 7.0
    /// The plain style's header: its padding above and below.
    static let plainHeaderPadding = 6.0
    /// `systemGroupedBackground` and `secondarySystemGroupedBackground`, light and dark, from Apple's Human
    /// Interface Guidelines; `systemBackground`.
    static let groupedBackground = Color.adaptive((242, 242, 247, 1), (0, 0, 0, 1))
    static let cellBackground = Color.adaptive((255, 255, 255, 1), (28, 28, 30, 1))
    /// A selected row's background: UITableViewCell's, `systemGray4`.
    static let selectedBackground = Color.adaptive((209, 209, 214, 1), (58, 58, 60, 1))
    static let plainBackground = Color.adaptive((255, 255, 255, 1), (0, 0, 0, 1))
}

/// A section of a list being lowered: its rows (with their settings), header and footer.
struct ListSectionContent {
    var header: [ViewNode]
    var rows: [(view: ViewNode, settings: ListRowSettings)]
    var footer: [ViewNode]
}

extension ViewGraph {
    /// A list's rows and sections as a scroll view: `content` lowered with sections collected.
    func lowerList(
        _ content: any View, path: String, _ environment: EnvironmentValues, look: ListLook,
        selection: (any ErasedHashableBinding)? = nil
    ) -> [ViewNode] {
        let scheme = environment.colorScheme
        // The rows are lowered inside the list's scroll view, so they know its viewport.
        let scroll = lowerScrollView(
            horizontal: false, vertical: true, showsIndicators: true, path: path + "/scroll", environment
        ) { scrolling in
            [listColumn(content, path: path, scrolling, look: look, selection: selection)]
        }
        let background = look == .plain ? ListMetrics.plainBackground : ListMetrics.groupedBackground
        // The screen behind takes the list's background (the first list met), as a list fills an iPhone's
        // screen under its bars.
        if environment.listDrawsBackground, rootBackground == nil {
            rootBackground = background.resolved(scheme).value
        }
        guard environment.listDrawsBackground else { return [scroll] }
        let fill = ViewNode.color(background.resolved(scheme).value)
        return [scroll.modifier(.background(fill, alignment: .center))]
    }

    /// A list's rows and sections, one under another: `content` lowered with sections collected.
    private func listColumn(
        _ content: any View, path: String, _ environment: EnvironmentValues, look: ListLook,
        selection: (any ErasedHashableBinding)?
    ) -> ViewNode {
        listSections.append([])
        // The rows' tags are collected as a picker's options are, at this list's level.
        listSelectionLevels.append(selection == nil ? -1 : pickerOptions.count)
        var inside = environment
        inside.isInList = true
        let rowTargets = targets.count
        let views = lowerContainer(content, path: path, inside)
        let rowTargetsEnd = targets.count
        listSelectionLevels.removeLast()
        let sections = listSections.removeLast()
        // Rows outside any section are sections of their own, between the sections met.
        var grouped: [ListSectionContent] = []
        var loose: [(view: ViewNode, settings: ListRowSettings)] = []
        for view in views {
            if case .placeholder(let name) = view.kind, let index = ListSectionMarker.index(name) {
                if !loose.isEmpty { grouped.append(ListSectionContent(header: [], rows: loose, footer: [])) }
                loose = []
                if index < sections.count { grouped.append(sections[index]) }
            } else {
                loose.append(listRow(view))
            }
        }
        if !loose.isEmpty { grouped.append(ListSectionContent(header: [], rows: loose, footer: [])) }
        let margin = look == .insetGrouped ? ListMetrics.margin(screenWidth: screenSize.width) : 0
        var stack: [ViewNode] = []
        for section in grouped {
            stack += sectionViews(section, look: look, margin: margin, selection: selection, path: path, environment)
        }
        // A row's own touches (a link, a button) come before what wraps the row (its swipe, its selection),
        // unless a row's swipe actions are open: then a touch on any other row only closes them.
        if openSwipeRowState == nil { keepTargetsOnTop(rowTargets..<rowTargetsEnd) }
        if look != .plain {
            stack.append(ViewNode(.spacer(minLength: 0)).modifier(.frame(FrameSpec(height: ListMetrics.sectionGap))))
        }
        return ViewNode(
            .stack(.vertical, spacing: 0, alignment: NodeAlignment(horizontal: 0, vertical: 0), children: stack)
        )
        .modifier(.frame(FrameSpec(maxWidth: .infinity, alignment: NodeAlignment(horizontal: 0, vertical: 0))))
    }

    /// A row's view with what its list-row modifiers asked, taken off it (other marks on the outside of the
    /// row, a scroll target's, stay).
    func listRow(_ view: ViewNode) -> (view: ViewNode, settings: ListRowSettings) {
        var view = view
        var settings = ListRowSettings()
        var kept: [NodeModifier] = []
        while case .anchor(let id)? = view.modifiers.last {
            let mark = view.modifiers.removeLast()
            if let outer = listRowSettings[id] { settings = outer.under(settings) } else { kept.insert(mark, at: 0) }
        }
        view.modifiers += kept
        return (view, settings)
    }

    private func sectionViews(
        _ section: ListSectionContent, look: ListLook, margin: Double, selection: (any ErasedHashableBinding)?,
        path: String,
        _ environment: EnvironmentValues
    ) -> [ViewNode] {
        let scheme = environment.colorScheme
        var views: [ViewNode] = []
        let textInset = margin + ListMetrics.rowInsets.leading
        func gap(_ height: Double) -> ViewNode {
            ViewNode(.spacer(minLength: 0)).modifier(.frame(FrameSpec(height: height)))
        }
        if section.header.isEmpty {
            if look != .plain { views.append(gap(ListMetrics.sectionGap)) }
        } else {
            let top = look == .plain ? ListMetrics.plainHeaderPadding : ListMetrics.headerTop
            let bottom = look == .plain ? ListMetrics.plainHeaderPadding : ListMetrics.headerBottom
            views.append(
                single(section.header)
                    .modifier(.padding(Insets(top: top, leading: textInset, bottom: bottom, trailing: textInset)))
                    .modifier(
                        .frame(FrameSpec(maxWidth: .infinity, alignment: NodeAlignment(horizontal: 0, vertical: 0)))))
        }
        let cell = look == .plain ? ListMetrics.plainBackground : ListMetrics.cellBackground
        var rows: [ViewNode] = []
        for (index, row) in section.rows.enumerated() {
            let insets = row.settings.insets.flatMap { $0 } ?? ListMetrics.rowInsets
            var node = row.view
                .modifier(
                    .padding(
                        Insets(
                            top: Double(insets.top), leading: Double(insets.leading), bottom: Double(insets.bottom),
                            trailing: Double(insets.trailing)))
                )
                .modifier(
                    .frame(
                        FrameSpec(
                            maxWidth: .infinity, minHeight: ListMetrics.minimumRowHeight,
                            alignment: NodeAlignment(horizontal: 0, vertical: 0.5))))
            let selectionTag = selection == nil ? nil : row.settings.selectionTag
            if let selectionTag, let selection, selection.value == selectionTag {
                node = node.modifier(
                    .background(.color(ListMetrics.selectedBackground.resolved(scheme).value), alignment: .center))
            } else if let background = row.settings.background.flatMap({ $0 }) {
                node = node.modifier(.background(single(lower(background, path: "", environment)), alignment: .center))
            } else {
                node = node.modifier(.background(.color(cell.resolved(scheme).value), alignment: .center))
            }
            if let selectionTag, let selection {
                // A tap anywhere on the row selects it.
                let box = MainThreadBox(value: selection)
                node = single(
                    lower(
                        _LoweredView(views: [node]).contentShape(Rectangle()).onTapGesture {
                            box.value.write(selectionTag)
                        }, path: path + "/select#" + String(reflecting: selectionTag.base), environment))
            }
            if !row.settings.swipeActions.isEmpty { node = swipeRow(node, row.settings.swipeActions, environment) }
            // A hairline between rows, from the row's text to the card's trailing edge.
            let last = index == section.rows.count - 1
            if !last || look == .plain, row.settings.separatorHidden != true {
                let line = ViewNode(.paint(.color(Color.separator.resolved(scheme).value)))
                    .modifier(.frame(FrameSpec(height: 1 / max(Double(environment.displayScale), 1))))
                    .modifier(.padding(Insets(leading: Double(insets.leading))))
                node = node.modifier(.overlay(line, alignment: NodeAlignment(horizontal: 0.5, vertical: 1)))
            }
            rows.append(node)
        }
        var card = ViewNode(.stack(.vertical, spacing: 0, alignment: .center, children: rows))
        if look == .insetGrouped {
            card = card.modifier(.clipShape(.roundedRectangle(radius: ListMetrics.cornerRadius, style: .continuous)))
        }
        views.append(card.modifier(.padding(Insets(leading: margin, trailing: margin))))
        if !section.footer.isEmpty {
            views.append(
                single(section.footer)
                    .modifier(.padding(Insets(top: ListMetrics.footerTop, leading: textInset, trailing: textInset)))
                    .modifier(
                        .frame(FrameSpec(maxWidth: .infinity, alignment: NodeAlignment(horizontal: 0, vertical: 0)))))
        }
        return views
    }
}

/// A section met while a list's rows are lowered stands in them as a placeholder named by its index.
enum ListSectionMarker {
    static func name(_ index: Int) -> String { "listSection:\(index)" }
    static func index(_ name: String) -> Int? {
        guard name.hasPrefix("listSection:") else { return nil }
        return Int(name.dropFirst("listSection:".count))
    }
}

extension List: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lowerList(content, path: path, environment, look: environment.listLook, selection: selection)
    }
}

extension ViewGraph {
    /// `views`, tagged `tag` (by `.tag(_:)` or as a `ForEach` element), marked as a selectable row when they
    /// are a row of a list with a selection (not an option of a picker inside one).
    func markListSelection(_ tag: AnyHashable, _ views: [ViewNode]) -> [ViewNode] {
        guard let level = listSelectionLevels.last, level == pickerOptions.count, !views.isEmpty else { return views }
        return markListRow(ListRowSettings(selectionTag: tag), views)
    }

    /// `views` marked with `settings` for the list they are a row of (`listRow` takes the mark off).
    func markListRow(_ settings: ListRowSettings, _ views: [ViewNode]) -> [ViewNode] {
        let anchor = anchor()
        listRowSettings[anchor] = settings
        return views.map { $0.modifier(.anchor(anchor)) }
    }
}

extension Form: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lowerList(content, path: path, environment, look: .insetGrouped)
    }
}

extension Section: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // A header in a grouped list: footnote capitals in the secondary label color; a footer: footnote.
        let inList = !graph.listSections.isEmpty
        let headerViews =
            header.map { header in
                graph.lower(
                    inList
                        ? AnyView(header.font(.footnote).foregroundStyle(.secondary).textCase(.uppercase))
                        : AnyView(header),
                    path: path + "/header", environment)
            } ?? []
        let footerViews =
            footer.map { footer in
                graph.lower(
                    inList ? AnyView(footer.font(.footnote).foregroundStyle(.secondary)) : AnyView(footer),
                    path: path + "/footer", environment)
            } ?? []
        guard inList else {
            let views = headerViews + graph.lowerContainer(content, path: path + "/content", environment) + footerViews
            return [ViewNode(.stack(.vertical, spacing: nil, alignment: .center, children: views))]
        }
        // The rows are lowered outside this list's collection, so a section inside them stays a stack.
        let collected = graph.listSections.removeLast()
        let rows = graph.lowerContainer(content, path: path + "/content", environment)
        graph.listSections.append(collected)
        let index = collected.count
        graph.listSections[graph.listSections.count - 1].append(
            ListSectionContent(header: headerViews, rows: rows.map { graph.listRow($0) }, footer: footerViews))
        return [ViewNode(.placeholder(name: ListSectionMarker.name(index)))]
    }
}
