import Foundation
import RevealCore
import RevealLayout
import RevealRaster

/// A scrollable view, as SwiftUI's `ScrollView`: its content is laid out unbounded along `axes` and seen
/// through the view's frame, scrolled by a script's drags as iOS scrolls (`ScrollAxisMotion`).
nonisolated public struct ScrollView<Content: View>: _PrimitiveView {
    /// The views scrolled.
    public var content: Content
    /// The axes the content scrolls on (default: vertical).
    public var axes: Axis.Set
    /// Whether the indicators show while the content moves.
    public var showsIndicators: Bool

    /// A scroll view on `axes`; several views inside are stacked along the axis, as SwiftUI stacks them.
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }
}

/// Whether a scroll view's indicators show, as SwiftUI's `ScrollIndicatorVisibility`.
public struct ScrollIndicatorVisibility: Equatable, Sendable {
    let shows: Bool
    /// The platform's choice: on iOS, shown while the content moves.
    public static let automatic = ScrollIndicatorVisibility(shows: true)
    /// Shown while the content moves (on iOS, as `automatic`).
    public static let visible = ScrollIndicatorVisibility(shows: true)
    /// Hidden.
    public static let hidden = ScrollIndicatorVisibility(shows: false)
    /// Never shown.
    public static let never = ScrollIndicatorVisibility(shows: false)
}

/// Where a scroll view comes to rest after a drag, as SwiftUI's `ScrollTargetBehavior`.
public struct ScrollTargetBehavior: Sendable {
    let pages: Bool
    /// On a multiple of the viewport's length.
    public static let paging = ScrollTargetBehavior(pages: true)
    /// On a view's edge (taken as paging).
    public static let viewAligned = ScrollTargetBehavior(pages: true)
}

extension View {
    /// Whether the indicators of scroll views inside show on `axes` (SwiftUI's `scrollIndicators(_:axes:)`).
    nonisolated public func scrollIndicators(
        _ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]
    ) -> some View {
        environmentChange { environment in
            if axes.contains(.vertical) { environment.showsVerticalScrollIndicator = visibility.shows }
            if axes.contains(.horizontal) { environment.showsHorizontalScrollIndicator = visibility.shows }
        }
    }

    /// Where scroll views inside come to rest (SwiftUI's `scrollTargetBehavior(_:)`): `.paging` on a
    /// multiple of the viewport's length; `.viewAligned` is taken as the same.
    nonisolated public func scrollTargetBehavior(_ behavior: ScrollTargetBehavior) -> some View {
        environmentChange { $0.scrollPaging = behavior.pages }
    }

    /// Marks the views a `.viewAligned` scroll view aligns to (accepted: it pages).
    nonisolated public func scrollTargetLayout(isEnabled: Bool = true) -> some View { self }

    /// The id of the view a scroll view inside shows at its `anchor` (top by default), as SwiftUI's
    /// `scrollPosition(id:anchor:)`: a change of the binding scrolls there (animated in `withAnimation`), and
    /// as a finger scrolls, the binding takes the id of the top-most (leading-most) view at the anchor.
    nonisolated public func scrollPosition<ID: Hashable>(id: Binding<ID?>, anchor: UnitPoint? = nil) -> some View {
        let binding: any ErasedHashableBinding = OptionalHashableBinding(binding: id)
        return environmentChange { $0.scrollPosition = (binding, anchor) }
    }

    /// What a pull on the scroll view or list inside runs, as SwiftUI's `refreshable(action:)` with iOS's
    /// UIRefreshControl: pulled down past its trigger and let go, the spinner holds the content down while
    /// `action` runs (on the scene clock), and the content springs back when it returns.
    nonisolated public func refreshable(
        @_inheritActorContext action: @escaping @isolated(any) @Sendable () async -> Void
    ) -> some View {
        environmentChange { $0.refreshAction = action }
    }

    /// Whether scroll views inside take drags (SwiftUI's `scrollDisabled(_:)`).
    nonisolated public func scrollDisabled(_ disabled: Bool) -> some View {
        environmentChange { if disabled { $0.isScrollEnabled = false } }
    }
}

extension ScrollView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let horizontal = axes.contains(.horizontal)
        // The content has a path of its own: a scroll view that is the whole content of another keeps its own
        // state apart from the outer one's.
        return [
            graph.lowerScrollView(
                horizontal: horizontal, vertical: axes.contains(.vertical) || !horizontal,
                showsIndicators: showsIndicators, path: path, environment
            ) { graph.lowerContainer(content, path: path + "/content", $0) }
        ]
    }
}

extension ViewGraph {
    /// A scroll view at `path` over what `content` lowers in the environment it is given (the scroll view's
    /// position and refresh taken off it): the views inside know the scroll view they are in while they are
    /// lowered (a scroll transition's viewport, a touch's clip, a reader's ids).
    func lowerScrollView(
        horizontal: Bool, vertical: Bool, showsIndicators: Bool, path: String, _ environment: EnvironmentValues,
        content: (EnvironmentValues) -> [ViewNode]
    ) -> ViewNode {
        let state = scrollState(at: path + "/scroll")
        state.paging = environment.scrollPaging
        let anchor = anchor()
        scrollClips.append(anchor)
        scrollAxes.append((horizontal, vertical))
        let targets = beginScrollTargets(environment)
        state.refresh = vertical ? environment.refreshAction : nil
        var inside = environment
        inside.scrollPosition = nil
        inside.refreshAction = nil
        let views = content(inside)
        scrollClips.removeLast()
        scrollAxes.removeLast()
        let contentAnchor = endScrollTargets(targets, state: state, environment)
        return scrollNode(
            state, horizontal: horizontal, vertical: vertical, showsIndicators: showsIndicators, environment,
            content: views, anchor: anchor, contentAnchor: contentAnchor, path: path)
    }
}

extension ViewGraph {
    /// A scroll view over `views` on the axes named, scrolled as `state` says, taking the drags on it (its
    /// anchor `anchor`, else a new one). Several views are stacked along the scrolled axis, with a stack's
    /// default spacing.
    func scrollNode(
        _ state: ScrollState, horizontal: Bool, vertical: Bool, showsIndicators: Bool,
        _ environment: EnvironmentValues, content views: [ViewNode], anchor: Int? = nil, contentAnchor: Int? = nil,
        path: String? = nil
    ) -> ViewNode {
        state.axes = (horizontal, vertical)
        state.settle(at: time)
        let anchor = anchor ?? self.anchor()
        var content =
            views.count == 1
            ? views[0]
            : ViewNode(
                .stack(
                    horizontal && !vertical ? .horizontal : .vertical, spacing: nil, alignment: .center,
                    children: views))
        if let contentAnchor { content = content.modifier(.anchor(contentAnchor)) }
        if environment.isScrollEnabled { addTarget(.scroll(state), anchor: anchor, environment) }
        // The offset lands on the pixel grid, as UIKit puts a scrolled layer's content on whole pixels.
        let scale = max(Double(environment.displayScale), 1)
        let offset = state.offset(at: time)
        let shows =
            showsIndicators
            && (vertical && environment.showsVerticalScrollIndicator
                || horizontal && environment.showsHorizontalScrollIndicator)
        let box = MainThreadBox(value: state)
        let spec = ScrollSpec(
            horizontal: horizontal, vertical: vertical,
            offset: Point(x: (offset.x * scale).rounded() / scale, y: (offset.y * scale).rounded() / scale),
            indicatorOpacity: shows ? state.indicatorOpacity(at: time) : 0,
            indicatorColor: ScrollState.indicatorColor(environment.colorScheme),
            geometry: SharedFunction { geometry in self.callBack(else: ()) { box.value.geometry = geometry } })
        let scroll = ViewNode(.scroll(spec, content: content), [.anchor(anchor)])
        guard let path, state.refresh != nil, offset.y < 0 || state.refreshing else { return scroll }
        // The refresh control: a spinner centred in the room pulled open, then riding just above the content;
        // fading in as the pull nears the trigger.
        let pulled = -offset.y
        let centre = max(pulled / 2, pulled - RefreshMetrics.height / 2)
        let strength = state.refreshing ? 1 : min(pulled / RefreshMetrics.trigger, 1)
        let spinner = single(lower(ProgressView(), path: path + "/refresh", environment))
            .modifier(.opacity(strength))
            .modifier(.frame(FrameSpec(height: RefreshMetrics.height)))
            .modifier(.offset(x: 0, y: centre - RefreshMetrics.height / 2))
        return scroll.modifier(.overlay(spinner, alignment: NodeAlignment(horizontal: 0.5, vertical: 0)))
    }
}

/// iOS's UIRefreshControl, by our measures of iOS 17 (UIKit publishes none): the control is 60 points tall and
/// a pull of 100 points, let go, starts a refresh.
enum RefreshMetrics {
    static let height = 60.0
    static let trigger = 100.0
}

/// A scroll view's state from one evaluation to the next: its motion on each axis, the finger on it, and
/// the sizes its last layout found.
@MainActor package final class ScrollState {
    /// UIPanGestureRecognizer's hysteresis: a finger moves this many points before the content follows.
    /// UIKit publishes no value; 10 points is the commonly measured one.
    package static let slop = 10.0
    /// The indicators stay this long after the content comes to rest, then fade out over `indicatorFade`.
    /// Our estimates from iOS 17; UIKit publishes none.
    package static let indicatorHold = 0.5
    package static let indicatorFade = 0.25
    /// A finger's velocity at release is measured over its moves in this window before it lifts.
    package static let velocityWindow = 0.1

    /// iOS's default indicator: dark on light content, light on dark.
    static func indicatorColor(_ scheme: ColorScheme) -> RGBAColor {
        (scheme == .dark ? RGBAColor.white : RGBAColor.black).opacity(0.35)
    }

    var axes = (horizontal: false, vertical: true)
    /// Whether a drag's release comes to rest on a page: a multiple of the viewport's length
    /// (`scrollTargetBehavior(.paging)`, a page-style tab view).
    var paging = false {
        didSet { if paging != oldValue { applyGeometry() } }
    }
    /// The `scrollPosition` id last scrolled to, or last written back.
    var positionShown: AnyHashable?
    /// Whether a finger moved the content since code last did: what it shows is then written back to a
    /// `scrollPosition` binding.
    private(set) var scrolledByFinger = false
    /// What a pull runs (`refreshable`), and whether it is running.
    var refresh: (@isolated(any) @Sendable () async -> Void)?
    private(set) var refreshing = false
    private(set) var horizontal = ScrollAxisMotion()
    private(set) var vertical = ScrollAxisMotion()
    weak var graph: ViewGraph?
    /// Where the finger went down, where the content started following it, and its recent positions.
    private var down: Point?
    private var followFrom: Point?
    private var samples: [(time: Double, point: Point)] = []
    /// When the content last came to rest (nil: it has not moved, or is moving now).
    private var restedAt: Double?
    private var moving = false

    init(graph: ViewGraph) { self.graph = graph }

    /// The last layout's sizes: they bound the scrolling.
    var geometry: ScrollGeometry? {
        didSet { if geometry != oldValue { applyGeometry() } }
    }

    private func applyGeometry() {
        guard let geometry else { return }
        horizontal.viewport = geometry.viewport.width
        horizontal.limit = axes.horizontal ? max(geometry.content.width - geometry.viewport.width, 0) : 0
        horizontal.pageLength = paging ? geometry.viewport.width : nil
        vertical.viewport = geometry.viewport.height
        vertical.limit = axes.vertical ? max(geometry.content.height - geometry.viewport.height, 0) : 0
        vertical.pageLength = paging ? geometry.viewport.height : nil
    }

    /// Moves the content at once to `offset` (a page chosen from outside).
    func jump(to offset: Point) {
        horizontal.jump(to: offset.x)
        vertical.jump(to: offset.y)
    }

    /// Moves the content to `offset` by code (`scrollTo`, `scrollPosition`): along `curve` when there is one,
    /// at once when not. A finger on the content keeps it.
    func move(to offset: Point, curve: AnimationCurve?, at time: Double) {
        guard down == nil else { return }
        scrolledByFinger = false
        if let curve {
            if axes.horizontal { horizontal.glide(to: offset.x, curve: curve, at: time) }
            if axes.vertical { vertical.glide(to: offset.y, curve: curve, at: time) }
            moving = horizontal.settles != nil || vertical.settles != nil
            restedAt = moving ? nil : time
        } else {
            jump(to: Point(x: axes.horizontal ? offset.x : 0, y: axes.vertical ? offset.y : 0))
        }
        graph?.invalidate()
    }

    /// Whether the content is neither held nor moving: where it is, it stays.
    var isResting: Bool { !moving && down == nil }

    /// The content offset at `time`, in points.
    package func offset(at time: Double) -> Point {
        Point(x: horizontal.position(at: time), y: vertical.position(at: time))
    }

    /// Whether the scroll view is to be drawn again at later times: it moves, or its indicators fade.
    package var isMoving: Bool { moving || restedAt != nil }

    /// Ends what has finished by `time`: a coast or bounce at rest, the indicators' fade.
    func settle(at time: Double) {
        if moving, !horizontal.isMoving(at: time), !vertical.isMoving(at: time) {
            moving = false
            restedAt = max(horizontal.settles ?? time, vertical.settles ?? time)
            horizontal.hold(at: time)
            vertical.hold(at: time)
        }
        if let rested = restedAt, time >= rested + Self.indicatorHold + Self.indicatorFade { restedAt = nil }
    }

    /// How strongly the indicators show at `time`: fully while the content is held or moves, fading after.
    func indicatorOpacity(at time: Double) -> Double {
        if down != nil && followFrom != nil || moving { return 1 }
        guard let rested = restedAt else { return 0 }
        return min(max(1 - (time - rested - Self.indicatorHold) / Self.indicatorFade, 0), 1)
    }

    /// A finger comes down on the view: the content stops where it is.
    package func touchDown(at point: Point, time: Double) {
        horizontal.hold(at: time)
        vertical.hold(at: time)
        if moving {
            moving = false
            restedAt = time
        }
        down = point
        followFrom = nil
        samples = [(time, point)]
        graph?.invalidate()
    }

    /// The finger moves; whether the content follows it (from `slop` points on): the touch is the scroll
    /// view's then, and what else it was on (a button) lets it go.
    package func touchMoved(to point: Point, time: Double) -> Bool {
        guard let down else { return false }
        samples = samples.filter { time - $0.time <= Self.velocityWindow } + [(time, point)]
        if followFrom == nil {
            let dx = axes.horizontal ? point.x - down.x : 0
            let dy = axes.vertical ? point.y - down.y : 0
            let distance = hypot(dx, dy)
            guard distance >= Self.slop else { return false }
            // It follows from where the finger crossed the slop's circle, however coarse the samples.
            followFrom = Point(x: down.x + dx / distance * Self.slop, y: down.y + dy / distance * Self.slop)
            restedAt = nil
            scrolledByFinger = true
        }
        guard let from = followFrom else { return false }
        if axes.horizontal { horizontal.drag(by: from.x - point.x, at: time) }
        if axes.vertical { vertical.drag(by: from.y - point.y, at: time) }
        graph?.invalidate()
        return true
    }

    /// The finger lifts: the content coasts on at the finger's speed, or springs back inside its ends.
    package func touchUp(at point: Point, time: Double) {
        defer {
            down = nil
            followFrom = nil
            samples = []
        }
        guard followFrom != nil else { return }
        _ = touchMoved(to: point, time: time)
        let first = samples.first ?? (time, point)
        let span = time - first.time
        // The content moves against the finger: a finger moving up scrolls the offset down.
        let vx = span > 0 ? (first.point.x - point.x) / span : 0
        let vy = span > 0 ? (first.point.y - point.y) / span : 0
        if let refresh, !refreshing, axes.vertical, vertical.position(at: time) <= -RefreshMetrics.trigger {
            beginRefresh(refresh)
        }
        if axes.horizontal { horizontal.release(velocity: vx, at: time) }
        if axes.vertical { vertical.release(velocity: vy, at: time) }
        moving = horizontal.settles != nil || vertical.settles != nil
        restedAt = moving ? nil : time
        graph?.invalidate()
    }
}

extension ScrollState {
    /// Holds the content down under the spinner while `action` runs; it springs back when `action` returns.
    private func beginRefresh(_ action: @escaping @isolated(any) @Sendable () async -> Void) {
        refreshing = true
        vertical.minimum = -RefreshMetrics.height
        Task { @MainActor [weak self] in
            await action()
            self?.endRefresh()
        }
    }

    private func endRefresh() {
        refreshing = false
        vertical.minimum = 0
        if let time = graph?.time, down == nil {
            vertical.release(velocity: 0, at: time)
            moving = horizontal.settles != nil || vertical.settles != nil
            restedAt = moving ? nil : time
        }
        graph?.invalidate()
    }
}

extension ViewGraph {
    /// The scroll state at `key`, kept while the scroll view is met.
    func scrollState(at key: String) -> ScrollState {
        kept(\.scrollStates, at: key) { ScrollState(graph: self) }
    }
}
