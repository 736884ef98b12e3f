import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A namespace for `matchedGeometryEffect` ids, as SwiftUI's `@Namespace`: one per view identity, kept as
/// `@State` is.
@propertyWrapper public struct Namespace: DynamicProperty {
    /// A namespace's identity.
    public struct ID: Hashable, Sendable {
        let value: Int
    }

    let cell: StateCell<ID>

    /// A new namespace for the view that holds it.
    public init() { cell = StateCell(ID(value: Namespace.issued.next())) }

    /// The namespace, the same across evaluations of one view identity.
    public var wrappedValue: ID { cell.value }

    /// Hands out namespace numbers; only a namespace's first number, kept by its identity, is used.
    private static let issued = Counter()
    private final class Counter: @unchecked Sendable {
        private var last = 0
        func next() -> Int {
            last += 1
            return last
        }
    }
}

extension Namespace: DynamicPropertyLink {
    func link(to node: GraphNode, slot index: Int) { cell.link(to: node, slot: index) }
}

/// Which parts of a frame `matchedGeometryEffect` shares, as SwiftUI's `MatchedGeometryProperties`.
public struct MatchedGeometryProperties: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The point at the effect's anchor.
    public static let position = MatchedGeometryProperties(rawValue: 1)
    /// The width and height.
    public static let size = MatchedGeometryProperties(rawValue: 2)
    /// Both.
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

extension View {
    /// Shares this view's geometry with the others of `id` in `namespace` (SwiftUI: "Defines a group of views
    /// with synchronized geometry using an identifier and namespace that you provide"). A view that is not
    /// the source takes the source's frame (its `properties` of it, lined up at `anchor`), animating when
    /// the source moves inside an animation; a source inserted in an animation as another of its id goes
    /// starts from that one's frame. The view is laid out at the frame it is shown in, while its parent
    /// keeps the room it takes of its own.
    nonisolated public func matchedGeometryEffect<ID: Hashable>(
        id: ID, in namespace: Namespace.ID, properties: MatchedGeometryProperties = .frame,
        anchor: UnitPoint = .center, isSource: Bool = true
    ) -> some View {
        builtin(
            .matchedGeometry(
                MatchedGeometryKey(namespace: namespace.value, id: AnyHashable(id)), properties, anchor,
                isSource: isSource))
    }
}

/// A matched geometry group: a namespace and an id in it.
struct MatchedGeometryKey: Hashable, @unchecked Sendable {
    let namespace: Int
    let id: AnyHashable
}

/// What the graph keeps for matched geometry between layouts.
struct MatchedGeometryState {
    /// Each group's source as last laid out: its path and its own frame.
    var sources: [MatchedGeometryKey: (path: String, frame: Rect)] = [:]
    /// Each matched view's own frame as last laid out, by path.
    var frames: [String: Rect] = [:]
    /// The matched views met in the evaluation under way: where their frame is found after layout, and the
    /// transaction they were met in.
    var met: [MatchedView] = []
    /// Followers to evaluate again in the transaction they were met in: their target moved in the layout.
    var retries: [String: EvaluationTransaction] = [:]
    /// Sources inserted inside an animation as another of their group went, with that one's frame.
    var insertions: [String: Rect] = [:]
}

/// A matched view met in an evaluation.
struct MatchedView {
    var path: String
    var key: MatchedGeometryKey
    var anchor: Int
    var isSource: Bool
    var properties: MatchedGeometryProperties
    var point: UnitPoint
    var transaction: EvaluationTransaction
}

/// How far a matched view is shown from its own frame: its origin moved and its size grown, in points.
struct MatchedGeometryDelta: VectorArithmetic, Equatable {
    var dx = 0.0, dy = 0.0, dw = 0.0, dh = 0.0

    init(dx: Double, dy: Double, dw: Double, dh: Double) {
        (self.dx, self.dy, self.dw, self.dh) = (dx, dy, dw, dh)
    }

    static var zero: MatchedGeometryDelta { MatchedGeometryDelta(dx: 0, dy: 0, dw: 0, dh: 0) }
    static func + (a: Self, b: Self) -> Self {
        Self(dx: a.dx + b.dx, dy: a.dy + b.dy, dw: a.dw + b.dw, dh: a.dh + b.dh)
    }
    static func - (a: Self, b: Self) -> Self {
        Self(dx: a.dx - b.dx, dy: a.dy - b.dy, dw: a.dw - b.dw, dh: a.dh - b.dh)
    }
    mutating func scale(by rhs: Double) { (dx, dy, dw, dh) = (dx * rhs, dy * rhs, dw * rhs, dh * rhs) }
    var magnitudeSquared: Double { dx * dx + dy * dy + dw * dw + dh * dh }

    /// The move from `own` to `target`, as much of it as `properties` share, lined up at `anchor`.
    init(from own: Rect, to target: Rect, properties: MatchedGeometryProperties, anchor: UnitPoint) {
        let width = properties.contains(.size) ? target.width : own.width
        let height = properties.contains(.size) ? target.height : own.height
        let (ax, ay) = (Double(anchor.x), Double(anchor.y))
        let point =
            properties.contains(.position)
            ? (target.x + ax * target.width, target.y + ay * target.height)
            : (own.x + ax * own.width, own.y + ay * own.height)
        self.init(
            dx: point.0 - ax * width - own.x, dy: point.1 - ay * height - own.y, dw: width - own.width,
            dh: height - own.height)
    }
}

extension ViewGraph {
    /// `views` (a matched view's content, lowered) shown as the group `key` has it now.
    func matchedGeometry(
        _ views: [ViewNode], key: MatchedGeometryKey, properties: MatchedGeometryProperties,
        anchor: UnitPoint, isSource: Bool, path: String
    ) -> [ViewNode] {
        let mark = self.anchor()
        let own = matched.frames[path]
        var target = MatchedGeometryDelta.zero
        if !isSource, let own, let source = matched.sources[key]?.frame {
            target = MatchedGeometryDelta(from: own, to: source, properties: properties, anchor: anchor)
        }
        if isSource, own == nil, let previous = matched.sources[key], previous.path != path,
            transaction.animation != nil
        {
            // Inserted as the source of a group whose source was another view: after layout it starts from
            // that view's frame.
            matched.insertions[path] = previous.frame
        }
        let retry = matched.retries.removeValue(forKey: path)
        let shown = evaluating(in: retry ?? transaction) { present(target, key: path + "/matched") }
        matched.met.append(
            MatchedView(
                path: path, key: key, anchor: mark, isSource: isSource, properties: properties, point: anchor,
                transaction: retry ?? transaction))
        guard let own, shown != .zero else { return views.map { $0.modifier(.anchor(mark)) } }
        // The content laid out at the frame it is shown in, over a transparent copy that keeps the room it
        // takes of its own in its parent (and marks that frame, the view's own).
        return views.map { view in
            let moved = view.modifier(
                .frame(FrameSpec(width: max(own.width + shown.dw, 0), height: max(own.height + shown.dh, 0)))
            ).modifier(.offset(x: shown.dx, y: shown.dy))
            return view.modifier(.anchor(mark)).modifier(.opacity(0)).modifier(.accessibilityHidden(.constant(true)))
                .modifier(.overlay(moved, alignment: NodeAlignment(horizontal: 0, vertical: 0)))
        }
    }

    /// After a layout: each matched view's own frame and each group's source frame are kept; a follower
    /// whose target moved, and a source inserted as another went, are evaluated again at once in the
    /// transaction they were met in. True when the view is to be evaluated again.
    package func matchedGeometryLaidOut(anchors: () -> [Int: Rect]) -> Bool {
        let met = matched.met
        matched.met = []
        matched.retries = [:]
        guard !met.isEmpty else {
            matched.frames = [:]
            return false
        }
        let anchors = anchors()
        var frames: [String: Rect] = [:]
        var sources: [MatchedGeometryKey: (path: String, frame: Rect)] = [:]
        for view in met {
            guard let frame = anchors[view.anchor] else { continue }
            frames[view.path] = frame
            if view.isSource { sources[view.key] = (view.path, frame) }
        }
        // A group whose source is gone keeps its last frame, for a source inserted later in an animation.
        for (key, source) in matched.sources where sources[key] == nil { sources[key] = source }
        var again = false
        for view in met where !view.isSource {
            guard let own = frames[view.path], let source = sources[view.key]?.frame else { continue }
            // The next evaluation computes the target from the frames just laid out: a change means it moved.
            if matched.frames[view.path] != own || matched.sources[view.key]?.frame != source {
                matched.retries[view.path] = view.transaction
                again = true
            }
        }
        for view in met where view.isSource {
            guard let from = matched.insertions[view.path], let own = frames[view.path],
                let slot = animatedValues[view.path + "/matched"] as? AnimatedValue<MatchedGeometryDelta>
            else { continue }
            slot.add(
                MatchedGeometryDelta(from: own, to: from, properties: view.properties, anchor: view.point),
                animation: view.transaction.animation, at: view.transaction.start)
            again = true
        }
        matched.insertions = [:]
        matched.frames = frames
        matched.sources = sources
        if again { invalidate() }
        return again
    }
}
