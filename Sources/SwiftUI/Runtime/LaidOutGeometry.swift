import RevealCore
import RevealLayout
import RevealRaster
import Synchronization

/// Where a view was at the last layout, with the frames its geometry can be measured against: what a
/// `GeometryProxy` answers `frame(in:)` from, and what scroll transitions and `containerRelativeFrame`
/// follow. Frames are in screen points.
struct LaidOutGeometry: Hashable {
    /// A scroll view around the view: its viewport's frame and the axes it scrolls.
    struct ScrollSpace: Hashable, Sendable {
        var viewport: Rect
        var horizontal: Bool
        var vertical: Bool
    }

    var frame: Rect
    /// The scroll views around the view, outermost first.
    var scrolls: [ScrollSpace]
    /// The coordinate spaces named around the view (`coordinateSpace(name:)`), with their frames; the
    /// innermost of one name wins.
    var named: [AnyHashable: Rect]

    /// The frame of `space` in screen points (for `.global`, the screen's origin alone): nil for the view's
    /// own space, or when no such space is around the view.
    func frame(of space: CoordinateSpace) -> Rect? {
        switch space {
        case .local: return nil
        case .global: return Rect(x: 0, y: 0, width: 0, height: 0)
        case .named(let name):
            // `.scrollView` and `.scrollView(axis:)` name the innermost scroll view (on that axis), as
            // SwiftUI's NamedCoordinateSpace documents.
            if let scroll = name.base as? ScrollViewSpaceName {
                return scrolls.last {
                    switch scroll.axis {
                    case nil: true
                    case .horizontal: $0.horizontal
                    case .vertical: $0.vertical
                    }
                }?.viewport
            }
            return named[name]
        }
    }
}

/// The name under which SwiftUI's `.scrollView` coordinate spaces reach a proxy.
struct ScrollViewSpaceName: Hashable, Sendable {
    let axis: Axis?
}

/// Whether the code given a `GeometryProxy` asked it where the view is (its size alone never needs a second
/// evaluation). Code may read a proxy off the main actor (`visualEffect`'s closure is `@Sendable`).
final class GeometryReads: Sendable {
    private let asked = Atomic<Bool>(false)
    var wereAsked: Bool { asked.load(ordering: .relaxed) }
    func note() { asked.store(true, ordering: .relaxed) }
}

/// A view met in an evaluation whose code reads its laid-out geometry: the anchor on it, the anchors of the
/// spaces around it, and what of its geometry the code depends on (given nil before any layout; returning
/// nil when it depends on nothing).
struct GeometryMark {
    let key: String
    let anchor: Int
    let scrolls: [(anchor: Int, horizontal: Bool, vertical: Bool)]
    let named: [(name: AnyHashable, anchor: Int)]
    let dependsOn: (LaidOutGeometry?) -> AnyHashable?
}

extension ViewGraph {
    /// Marks the view at `key` as reading its geometry: the anchor to put on it (outside any effect, so the
    /// frame found is the laid-out one) and where it was at the last layout. When what `dependsOn` takes from
    /// the next layout changes, the view is evaluated again at once.
    func watchGeometry(
        key: String, dependsOn: @escaping (LaidOutGeometry?) -> AnyHashable?
    ) -> (anchor: Int, geometry: LaidOutGeometry?) {
        watchedSeen.insert(key)
        let anchor = anchor()
        geometryMarks.append(
            GeometryMark(
                key: key, anchor: anchor,
                scrolls: zip(scrollClips, scrollAxes).map { ($0, $1.horizontal, $1.vertical) },
                named: coordinateSpaces, dependsOn: dependsOn))
        return (anchor, laidOutGeometry[key])
    }

    /// What a layout's frames feed back, by anchor: matched geometry's frames, the geometry code reads, the
    /// frames a scroll view reader's proxy scrolls to, and scroll positions written back.
    package func laidOut(anchors: @escaping () -> [Int: Rect]) {
        // The frames are gathered from the layout once, when something asks.
        var gathered: [Int: Rect]?
        func frames() -> [Int: Rect] {
            if let gathered { return gathered }
            let frames = anchors()
            gathered = frames
            return frames
        }
        // Matched geometry takes the frames just laid out (a follower's target, an inserted source's start).
        _ = matchedGeometryLaidOut(anchors: frames)
        _ = geometryLaidOut(anchors: frames)
        laidOutAnchors = anchors
        if !scrollPositions.isEmpty { scrollPositionsLaidOut(frames()) }
    }

    /// After a layout: each marked view's geometry in it. When what a view's code depends on changed, the
    /// graph is evaluated again at once, up to `maxGeometryRounds` times at one moment (code whose geometry
    /// moves each time it is evaluated then keeps the last). True when it is evaluated again.
    package func geometryLaidOut(anchors: () -> [Int: Rect]) -> Bool {
        let marks = geometryMarks
        geometryMarks = []
        guard !marks.isEmpty else { return false }
        let frames = anchors()
        var again = false
        for mark in marks {
            guard let frame = frames[mark.anchor] else { continue }
            var named: [AnyHashable: Rect] = [:]
            for space in mark.named { named[space.name] = frames[space.anchor] }
            let geometry = LaidOutGeometry(
                frame: frame,
                scrolls: mark.scrolls.compactMap { scroll in
                    frames[scroll.anchor].map {
                        LaidOutGeometry.ScrollSpace(
                            viewport: $0, horizontal: scroll.horizontal, vertical: scroll.vertical)
                    }
                },
                named: named)
            let before = mark.dependsOn(laidOutGeometry[mark.key])
            laidOutGeometry[mark.key] = geometry
            if mark.dependsOn(geometry) != before { again = true }
        }
        if geometryRounds.time != time { geometryRounds = (time, 0) }
        guard again, geometryRounds.count < Self.maxGeometryRounds else { return false }
        geometryRounds.count += 1
        invalidate()
        return true
    }

    /// How many times a layout may send the graph back to evaluation at one moment for its geometry.
    static let maxGeometryRounds = 8

    /// The view at `key` evaluated inside the coordinate space `name`: marked with its anchor.
    func lowerInCoordinateSpace(
        _ content: AnyView, name: AnyHashable, path: String, _ environment: EnvironmentValues
    ) -> [ViewNode] {
        let anchor = anchor()
        coordinateSpaces.append((name, anchor))
        let views = lower(content, path: path, environment)
        coordinateSpaces.removeLast()
        return views.map { $0.modifier(.anchor(anchor)) }
    }
}
