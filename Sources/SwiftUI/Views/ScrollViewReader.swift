import RevealCore
import RevealLayout
import RevealRaster

/// A view whose content can scroll the scroll views inside it to a view by its id, as SwiftUI's
/// `ScrollViewReader`: the content is made with a `ScrollViewProxy`, and the reader takes the room its
/// content takes.
nonisolated public struct ScrollViewReader<Content: View>: _PrimitiveView {
    let content: (ScrollViewProxy) -> Content

    /// A reader of `content`, made with the proxy that scrolls it.
    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { self.content = content }
}

/// What scrolls a reader's scroll views, as SwiftUI's `ScrollViewProxy`.
public struct ScrollViewProxy {
    let reader: ScrollReaderState?

    /// Scrolls the scroll view that holds the view of `id` (given by `.id(_:)` or by a `ForEach`) so that
    /// the view's `anchor` point meets the same point of the viewport, as SwiftUI's `scrollTo(_:anchor:)`;
    /// with no anchor, as little as shows it whole. Inside `withAnimation` the scroll follows the animation.
    /// An id no scroll view holds scrolls nothing.
    @MainActor public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        reader?.scroll(to: AnyHashable(id), anchor: anchor, curve: Transaction.current.animationCurve)
    }
}

extension Transaction {
    /// The curve a change made now animates along: none when animations are disabled.
    var animationCurve: AnimationCurve? { disablesAnimations ? nil : animation?.curve }
}

/// A scroll view as a reader saw it lowered: its state, the anchors marking its content and the views of
/// each id inside it.
struct ScrollTargets {
    var ids: [AnyHashable: Int] = [:]
    var state: ScrollState?
    var contentAnchor = 0
}

/// A reader's scroll views from its last evaluation, for its proxy to scroll after that evaluation's layout.
@MainActor final class ScrollReaderState {
    var scrolls: [ScrollTargets] = []
    weak var graph: ViewGraph?

    init(graph: ViewGraph) { self.graph = graph }

    /// Scrolls the scroll view holding `id` as `ScrollViewProxy.scrollTo` says.
    func scroll(to id: AnyHashable, anchor: UnitPoint?, curve: AnimationCurve?) {
        guard let scroll = scrolls.last(where: { $0.ids[id] != nil }) else { return }
        graph?.scroll(scroll, to: id, anchor: anchor, curve: curve)
    }
}

extension ViewGraph {
    /// Scrolls `scroll` so that the view of `id` shows as SwiftUI's `scrollTo(_:anchor:)` places it, with the
    /// frames of the last layout: its `anchor` point on the same point of the viewport, or, with no anchor, as
    /// little as shows it whole.
    func scroll(_ scroll: ScrollTargets, to id: AnyHashable, anchor: UnitPoint?, curve: AnimationCurve?) {
        guard let frames = laidOutAnchors?(), let state = scroll.state,
            let item = scroll.ids[id].flatMap({ frames[$0] }), let content = frames[scroll.contentAnchor],
            let viewport = state.geometry?.viewport
        else { return }
        let now = state.offset(at: time)
        // The item's frame in the content's coordinates, where an offset is measured.
        let x = item.x - content.x
        let y = item.y - content.y
        func target(_ start: Double, _ length: Double, _ visible: Double, _ current: Double, _ unit: CGFloat?) -> Double
        {
            if let unit { return start + Double(unit) * length - Double(unit) * visible }
            // No anchor: the least move that shows it whole (its leading edge first when it is longer).
            if start < current || length > visible { return start }
            if start + length > current + visible { return start + length - visible }
            return current
        }
        let offset = Point(
            x: target(x, item.width, viewport.width, now.x, anchor?.x),
            y: target(y, item.height, viewport.height, now.y, anchor?.y))
        state.move(to: offset, curve: curve, at: time)
    }
}

extension ScrollViewReader: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let reader = graph.kept(\.scrollReaderStates, at: path + "/reader") { ScrollReaderState(graph: graph) }
        graph.scrollReaders.append((reader, []))
        let views = graph.lowerContainer(content(ScrollViewProxy(reader: reader)), path: path, environment)
        reader.scrolls = graph.scrollReaders.removeLast().scrolls
        return views
    }
}

extension ViewGraph {
    /// Starts collecting the ids of a scroll view's content, when something can scroll to them: a reader
    /// around it, or its `scrollPosition` (false otherwise: nothing is marked).
    func beginScrollTargets(_ environment: EnvironmentValues) -> Bool {
        guard !scrollReaders.isEmpty || environment.scrollPosition != nil else { return false }
        scrollIDs.append([:])
        return true
    }

    /// Ends a scroll view's ids, handing them to the reader around it, and scrolls to the id its
    /// `scrollPosition` binding newly holds once laid out; the anchor its content is to be marked with (nil
    /// when nothing can scroll to them).
    func endScrollTargets(_ began: Bool, state: ScrollState, _ environment: EnvironmentValues) -> Int? {
        guard began, let ids = scrollIDs.popLast() else { return nil }
        let targets = ScrollTargets(ids: ids, state: state, contentAnchor: anchor())
        if !scrollReaders.isEmpty { scrollReaders[scrollReaders.count - 1].scrolls.append(targets) }
        if let position = environment.scrollPosition {
            let id = position.binding.value
            if id != state.positionShown {
                // SwiftUI's scrollPosition(id:anchor:): a change of the binding scrolls to its view, in the
                // transaction of the change.
                state.positionShown = id
                let curve = transaction.animation
                if let id {
                    pendingActions.append { [weak self] in
                        self?.scroll(targets, to: id, anchor: position.anchor ?? .top, curve: curve)
                    }
                }
            }
            scrollPositions.append((targets, position.binding, position.anchor ?? .top))
        }
        return targets.contentAnchor
    }

    /// After a layout: each scroll view a finger moved writes to its `scrollPosition` binding the id of the
    /// top-most (leading-most) view at its anchor, as SwiftUI documents ("as the scroll view scrolls, the
    /// binding will be updated with the identity of the leading-most / top-most view"): of the views whose far
    /// edge is past the anchor's line, the one that starts first (the first laid out on a tie).
    func scrollPositionsLaidOut(_ frames: [Int: Rect]) {
        let positions = scrollPositions
        scrollPositions = []
        for (targets, binding, anchor) in positions {
            guard let state = targets.state, state.scrolledByFinger, let content = frames[targets.contentAnchor],
                let viewport = state.geometry?.viewport
            else { continue }
            let vertical = state.axes.vertical
            let offset = state.offset(at: time)
            let line =
                vertical
                ? offset.y + Double(anchor.y) * viewport.height : offset.x + Double(anchor.x) * viewport.width
            var found: (id: AnyHashable, start: Double, mark: Int)?
            for (id, mark) in targets.ids {
                guard let frame = frames[mark] else { continue }
                let start = vertical ? frame.y - content.y : frame.x - content.x
                let end = start + (vertical ? frame.height : frame.width)
                guard end > line else { continue }
                if let best = found, (best.start, best.mark) < (start, mark) { continue }
                found = (id, start, mark)
            }
            if let id = found?.id, id != state.positionShown {
                state.positionShown = id
                binding.write(id)
            }
        }
    }

    /// `views`, the views of `id` (an `.id(_:)` or a `ForEach` element), marked so a reader's proxy finds
    /// them when they are in a scroll view inside one.
    func markScrollTarget(_ id: AnyHashable, _ views: [ViewNode]) -> [ViewNode] {
        guard !scrollIDs.isEmpty, let first = views.first else { return views }
        let mark = anchor()
        scrollIDs[scrollIDs.count - 1][id] = mark
        return [first.modifier(.anchor(mark))] + views.dropFirst()
    }
}
