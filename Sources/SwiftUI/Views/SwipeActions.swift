import Foundation
import RevealCore
import RevealLayout

/// The leading or trailing edge, as SwiftUI's `HorizontalEdge`.
public enum HorizontalEdge: Int8, CaseIterable, Sendable {
    case leading, trailing
}

extension View {
    /// Buttons behind a list's row, revealed by dragging the row from `edge`, as SwiftUI's
    /// `swipeActions(edge:allowsFullSwipe:content:)`: the first button is the one at the edge, and a drag
    /// across most of the row runs it when `allowsFullSwipe`. A destructive button is red, another gray unless
    /// tinted.
    nonisolated public func swipeActions<T: View>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T
    ) -> some View {
        builtin(
            .listRow(
                ListRowSettings(
                    swipeActions: [
                        SwipeActionSet(edge: edge, allowsFullSwipe: allowsFullSwipe, content: AnyView(content()))
                    ]
                )))
    }
}

extension ForEach {
    /// Rows a list lets the user delete, as SwiftUI's `onDelete(perform:)`: each row gets iOS's red Delete
    /// behind its trailing edge, revealed by a drag (a full swipe deletes at once); `action` is given the row's
    /// offset in the data.
    nonisolated public func onDelete(perform action: ((IndexSet) -> Void)?) -> ForEach {
        var copy = self
        copy.deleteAction = action
        return copy
    }

    /// Rows a list lets the user reorder in edit mode (accepted: no script enters edit mode).
    nonisolated public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> ForEach { self }
}

/// One `swipeActions` modifier's buttons, and the key of the row's swipe state (the modifier's path).
struct SwipeActionSet {
    var edge: HorizontalEdge
    var allowsFullSwipe: Bool
    var content: AnyView
    var key = ""
    /// Whether this is `onDelete`'s Delete, which a row's own swipe actions replace.
    var synthesized = false
}

/// The numbers of iOS's swipe actions (UIContextualAction), from our measures of iOS 17's screenshots, as
/// UIKit publishes none: each button 74 points wide, its title in the subheadline style, white; a row comes to
/// rest open when released past half its buttons' width (or flicked that way), and a drag across 60 % of the
/// row runs the edge's first button. It moves with a critically damped spring.
enum SwipeMetrics {
    static let buttonWidth = 74.0
    static let fullSwipeFraction = 0.6
    static let flickVelocity = 300.0
    static let motion = Animation.spring(duration: 0.3, bounce: 0)
}

/// Where a row rests after its swipe, as SwiftUI's list decides it from the release.
enum SwipeRest {
    /// The rest offset for a row let go at `x` moving at `velocity`, with `leading` and `trailing` points of
    /// buttons on `rowWidth`; a full swipe runs the edge's `full` action and closes.
    @MainActor static func after(
        _ x: Double, velocity: Double, leading: Double, trailing: Double, rowWidth: Double,
        full: (leading: (@MainActor () -> Void)?, trailing: (@MainActor () -> Void)?)
    ) -> Double {
        if x < -rowWidth * SwipeMetrics.fullSwipeFraction, let run = full.trailing {
            run()
            return 0
        }
        if x > rowWidth * SwipeMetrics.fullSwipeFraction, let run = full.leading {
            run()
            return 0
        }
        if x < 0, trailing > 0, x < -trailing / 2 || velocity < -SwipeMetrics.flickVelocity { return -trailing }
        if x > 0, leading > 0, x > leading / 2 || velocity > SwipeMetrics.flickVelocity { return leading }
        return 0
    }
}

extension ViewGraph {
    /// A list's row `node` with the buttons its swipe action sets hold behind it, dragged open from its edges.
    func swipeRow(_ node: ViewNode, _ sets: [SwipeActionSet], _ environment: EnvironmentValues) -> ViewNode {
        // SwiftUI: "When you set swipe actions on a row, SwiftUI no longer synthesizes the Delete actions that
        // otherwise appear when using the onDelete(perform:) method."
        let own = sets.filter { !$0.synthesized }
        let sets = own.isEmpty ? sets : own
        let key = (sets.first?.key ?? "") + "/swipe"
        let state = kept(\.dragOffsets, at: key) { DragOffsetState(graph: self) }
        var buttons: [HorizontalEdge: [DialogActions.Action]] = [:]
        var full: [HorizontalEdge: Bool] = [:]
        for set in sets {
            let collector = DialogActions()
            var collecting = environment
            collecting.dialogActions = collector
            _ = lowerContainer(set.content, path: set.key + "/swipeActions", collecting)
            buttons[set.edge, default: []] += collector.buttons
            full[set.edge] = set.allowsFullSwipe
        }
        let leading = Double(buttons[.leading]?.count ?? 0) * SwipeMetrics.buttonWidth
        let trailing = Double(buttons[.trailing]?.count ?? 0) * SwipeMetrics.buttonWidth
        let rowWidth = screenSize.width
        func fullAction(_ edge: HorizontalEdge) -> (@MainActor () -> Void)? {
            guard full[edge] == true, let first = buttons[edge]?.first else { return nil }
            return first.action
        }
        let shown = shownOffset(state, key: key + "/offset", animatedBy: SwipeMetrics.motion)
        let settle = { @MainActor [weak self] (rest: Double) in self?.settleSwipeRow(key, state, at: rest) }
        let scheme = environment.colorScheme
        func strip(_ edge: HorizontalEdge, width: Double) -> some View {
            // The edge's first button sits at the edge; each takes its share of the room the row uncovered.
            let actions = edge == .trailing ? Array((buttons[edge] ?? []).reversed()) : buttons[edge] ?? []
            let share = actions.isEmpty ? 0 : width / Double(actions.count)
            return HStack(spacing: 0) {
                ForEach(Array(actions.enumerated()), id: \.offset) { _, action in
                    let fill: Color =
                        action.role == .destructive ? .red : action.tint ?? Color.gray
                    Button {
                        settle(0)
                        action.action()
                    } label: {
                        // A label shows its icon alone, as iOS's swipe buttons do.
                        action.label.labelStyle(.iconOnly).font(.subheadline).foregroundStyle(Color.white)
                            .lineLimit(1)
                            .frame(width: share).frame(maxHeight: .infinity)
                            .background(fill.resolved(scheme))
                    }
                    .buttonStyle(.plain)
                }
            }
        }
        let open = state.rest != 0
        // Only an edge with buttons opens; the other stays shut.
        func reachable(_ x: Double) -> Double {
            min(max(x, trailing > 0 ? -.infinity : 0), leading > 0 ? .infinity : 0)
        }
        // The touches follow the row where it is drawn: the gesture is inside the offset. It is heard along with
        // the row's own (a link's tap, which a drag makes fail), as a list's pan is in UIKit.
        let row = _LoweredView(views: [node])
            .simultaneousGesture(
                DragGesture(minimumDistance: 10)
                    .onChanged { value in state.drag(to: reachable(state.rest + value.translation.width)) }
                    .onEnded { value in
                        settle(
                            SwipeRest.after(
                                reachable(state.rest + value.translation.width),
                                velocity: value.velocity.width, leading: leading, trailing: trailing,
                                rowWidth: rowWidth, full: (fullAction(.leading), fullAction(.trailing))))
                    }
            )
        // An open row closes when tapped, as iOS closes it; while another row is open, a tap on this one closes
        // that row and does nothing else (this row's own buttons and links do not take it).
        var tappable = open ? AnyView(row.onTapGesture { settle(0) }) : AnyView(row)
        if let other = openSwipeRow, other != key, let otherState = openSwipeRowState {
            tappable = AnyView(
                tappable.overlay(
                    Color.clear.contentShape(Rectangle())
                        .onTapGesture { [weak self] in self?.settleSwipeRow(other, otherState, at: 0) }))
        }
        let shownRow = tappable.offset(x: shown)
        let view = ZStack {
            HStack(spacing: 0) {
                if shown > 0 { strip(.leading, width: shown) }
                Spacer(minLength: 0)
                if shown < 0 { strip(.trailing, width: -shown) }
            }
            shownRow
        }
        return single(lower(view, path: key, environment)).modifier(.clipShape(.rectangle))
    }
}

extension ViewGraph {
    /// The drag offset of the list row whose swipe actions are open, if one is.
    var openSwipeRowState: DragOffsetState? {
        guard let key = openSwipeRow, let state = dragOffsets[key], state.rest != 0 else { return nil }
        return state
    }

    /// Settles the swiped row at `key` at `rest`. One row is open at a time, as in a UITableView: the list
    /// remembers which one is.
    func settleSwipeRow(_ key: String, _ state: DragOffsetState, at rest: Double) {
        state.settle(at: rest)
        if rest != 0 {
            openSwipeRow = key
        } else if openSwipeRow == key {
            openSwipeRow = nil
        }
    }

    /// A `ForEach` element's row in a list with `onDelete`: iOS's Delete behind its trailing edge.
    func deletableRow(
        _ views: [ViewNode], key: String, _ environment: EnvironmentValues, delete: @escaping @MainActor () -> Void
    ) -> [ViewNode] {
        let button = Button("Delete", role: .destructive, action: delete)
        let delete = SwipeActionSet(
            edge: .trailing, allowsFullSwipe: true, content: AnyView(button), key: key, synthesized: true)
        return markListRow(ListRowSettings(swipeActions: [delete]), views)
    }
}

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes the elements at `offsets` (what `onDelete` gives), as SwiftUI's extension does; an offset past
    /// the end is passed over.
    public mutating func remove(atOffsets offsets: IndexSet) {
        for offset in offsets.reversed() where offset >= 0 && offset < count {
            remove(at: index(startIndex, offsetBy: offset))
        }
    }
}

extension MutableCollection {
    /// Moves the elements at `source` to before the element at `destination` (offsets in the collection as it
    /// was), keeping their order, as SwiftUI's extension does (what `onMove` gives); offsets past the end are
    /// passed over.
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let elements = Array(self)
        let moving = source.filter { $0 >= 0 && $0 < elements.count }
        let target = Swift.min(Swift.max(destination, 0), elements.count)
        let before = (0..<target).filter { !moving.contains($0) }.map { elements[$0] }
        let after = (target..<elements.count).filter { !moving.contains($0) }.map { elements[$0] }
        var position = startIndex
        for element in before + moving.map({ elements[$0] }) + after {
            self[position] = element
            formIndex(after: &position)
        }
    }
}
