import Foundation
import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

extension PreparedScene {
    /// The accessibility elements at frame `index`, in reading order: the screen's views, with the
    /// effect's own element or views where the effect is. Frames are in points.
    public func accessibility(atFrame index: Int) throws -> [AccessibilityElement] {
        try accessibility(timeline.accessibility(atFrame: index))
    }

    package func accessibility(_ effect: EffectAccessibility) throws(FontError) -> [AccessibilityElement] {
        let conditions = effect.states.mapValues { $0 ? 1.0 : 0.0 }
        var frame = Rect(x: 0, y: 0, width: scene.width, height: scene.height)
        var screen: LayoutNode?
        if let presentation = scene.presentation {
            let layout = try ScreenLayout(presentation, fonts: scene.fonts, scale: scene.scale, conditions: conditions)
            screen = layout.root
            frame = layout.effectFrame
        }
        var elements: [AccessibilityElement] = []
        if var element = effect.element {
            element.frame = frame
            elements.append(element)
        }
        for name in effect.views {
            guard let view = scene.effectViews.first(where: { $0.0 == name })?.1.view else { continue }
            elements += try effectTree(view, in: frame, conditions: conditions)
                .accessibilityElements(offset: Point(x: frame.x, y: frame.y), effect: [])
        }
        return screen?.accessibilityElements(offset: Point(x: 0, y: 0), effect: elements) ?? elements
    }

    /// One of the effect's views laid out in the effect's frame (its own coordinates).
    package func effectTree(_ view: ViewNode, in frame: Rect, conditions: ViewConditions = [:]) throws(FontError)
        -> LayoutNode
    {
        var builder = ViewTreeBuilder(fonts: scene.fonts, scale: scene.scale, values: conditions)
        let root = try builder.build(view)
        ViewLayout.place(root, in: Size(width: frame.width, height: frame.height))
        return root
    }
}

/// A sequence whose frames also say what VoiceOver sees (`accessibility` in the manifest), worked out
/// once per distinct state.
package struct AccessibleSequence<Base: FrameSequence>: FrameSequence, DamageReporting {
    package var base: Base
    package let prepared: PreparedScene
    private let cache = AccessibilityCache()

    package init(_ base: Base, prepared: PreparedScene) {
        self.base = base
        self.prepared = prepared
    }

    package var pixelWidth: Int { base.pixelWidth }
    package var pixelHeight: Int { base.pixelHeight }
    package var scale: Double { base.scale }
    package var fps: Double { base.fps }
    package var frameCount: Int { base.frameCount }
    package var summary: [(String, FrameMetadata)] { base.summary }

    package mutating func render(frame index: Int) throws -> Pixmap { try base.render(frame: index) }
    package var lastDamage: DamageRegion { base.damageOfTheLastRender }

    package func frame(_ index: Int, looksLike other: Int) -> Bool { base.frame(index, looksLike: other) }

    package func metadata(frame index: Int) -> [(String, FrameMetadata)] {
        let state = prepared.timeline.accessibility(atFrame: index)
        // A font that failed here failed the frame's render first; the field is left out then.
        guard let elements = cache.elements(for: state, { () throws(FontError) in try prepared.accessibility(state) })
        else {
            return base.metadata(frame: index)
        }
        return base.metadata(frame: index) + [("accessibility", .list(elements.map(\.metadata)))]
    }
}

/// The elements of each state seen so far.
private final class AccessibilityCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [EffectAccessibility: [AccessibilityElement]] = [:]

    func elements(for state: EffectAccessibility, _ make: () throws(FontError) -> [AccessibilityElement])
        -> [AccessibilityElement]?
    {
        lock.lock()
        defer { lock.unlock() }
        if let known = entries[state] { return known }
        guard let made = try? make() else { return nil }
        entries[state] = made
        return made
    }
}

extension PreparedScene {
    /// Every view's frame at frame `index`: the screen's views (or the effect alone), then the
    /// effect's own views laid out in the effect's frame.
    public func layout(atFrame index: Int) throws -> [LaidOutView] {
        let conditions = timeline.conditions(atFrame: index)
        var views: [LaidOutView] = []
        var effect = Rect(x: 0, y: 0, width: scene.width, height: scene.height)
        if let screen = scene.presentation {
            let layout = try ScreenLayout(screen, fonts: scene.fonts, scale: scene.scale, conditions: conditions)
            views += layout.root.listing(scale: scene.scale)
            effect = layout.effectFrame
        } else {
            views.append(LaidOutView(kind: "effect", depth: 0, frame: effect))
        }
        for (name, content) in scene.effectViews {
            let view = content.view
            var listed = try effectTree(view, in: effect).listing(
                offset: Point(x: effect.x, y: effect.y), depth: 1, scale: scene.scale)
            if !listed.isEmpty { listed[0].kind = name + ":" + listed[0].kind }
            views += listed
        }
        return views
    }
}
