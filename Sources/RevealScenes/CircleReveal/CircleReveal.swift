import Foundation
import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// The seed's `CircleRevealTransition`: a view inserted over `base` and removed again through a circle
/// growing from `origin` to `coverRadius`, on an animation curve; with Reduce Motion it fades instead.
///
/// Every property is the circle scene file's field of the same name, with the same default; the card
/// look (`cornerRadius` … `canvas`) presents the view on a page:
///
///     let scene = CircleRevealScene(width: 393, height: 852, scale: 3, origin: UnitPoint(x: 0.5, y: 0.78),
///                                   toggles: [0.25, 2.0])
public struct CircleRevealScene: RevealScene, Equatable {
    /// The view's size in points.
    public var width: Double
    /// The view's height in points.
    public var height: Double
    /// Pixels per point (default 2).
    public var scale: Double
    /// Frames per second (default 60).
    public var fps: Double
    /// Where the circle grows from, in the view's unit square (default center).
    public var origin: RelativePoint
    /// The transition's animation (the seed demo's: easeInOut over 0.8 s).
    public var animation: AnimationSpec
    /// Reduce Motion: the view fades instead of being clipped.
    public var reduceMotion: Bool
    /// The view underneath (default: the demo's Day gradient, cyan → blue, top → bottom).
    public var base: SceneContent
    /// The view revealed (default: the demo's Night gradient, indigo → black, top → bottom).
    public var revealed: SceneContent
    /// Drawn under everything (default clear).
    public var background: SceneContent
    /// Times at which the revealed view is inserted (1st, 3rd, …) and removed (2nd, 4th, …); in order.
    public var toggles: [Double]
    public var cornerRadius: Double
    /// How the card's corners are rounded (default continuous).
    public var cornerStyle: CornerStyle
    public var shadow: Shadow?
    public var padding: Double
    public var canvas: Paint
    public var screen: Screen?
    public var fonts: FontFiles
    public var pixelOffset = Point(x: 0, y: 0)

    /// A circle reveal of a `width`×`height`-point view, every other field at the scene file's default.
    /// Nothing is checked here: `validate` (or `prepare`) throws for a scene that breaks a rule.
    public init(
        width: Double, height: Double, scale: Double = 2, fps: Double = 60, origin: RelativePoint = .center,
        animation: AnimationSpec = .circleDemo, reduceMotion: Bool = false, base: SceneContent = CircleRevealScene.day,
        revealed: SceneContent = CircleRevealScene.night, background: SceneContent = .color(.clear),
        toggles: [Double] = [0],
        cornerRadius: Double = 0, cornerStyle: CornerStyle = .continuous, shadow: Shadow? = nil,
        padding: Double = 0, canvas: Paint = .color(.clear), screen: Screen? = nil, fonts: FontFiles = .inter
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        self.fps = fps
        self.origin = origin
        self.animation = animation
        self.reduceMotion = reduceMotion
        self.base = base
        self.revealed = revealed
        self.background = background
        self.toggles = toggles
        self.cornerRadius = cornerRadius
        self.cornerStyle = cornerStyle
        self.shadow = shadow
        self.padding = padding
        self.canvas = canvas
        self.screen = screen
        self.fonts = fonts
    }

    /// The demo's Day gradient, cyan at the top to blue at the bottom: the default `base`.
    public static let day = SceneContent.paint(
        .linearGradient([SystemColor.cyan, SystemColor.blue], from: .top, to: .bottom))
    /// The demo's Night gradient, indigo at the top to black at the bottom: the default `revealed`.
    public static let night = SceneContent.paint(
        .linearGradient([SystemColor.indigo, .black], from: .top, to: .bottom))

    /// `CircleRevealTransitionDemo` as the seed writes it: a 393×852-point phone at 3× (the demo
    /// ignores the safe area), Day with its sun under Night with its moon, the circle growing from
    /// (0.5, 0.78) on easeInOut over 0.8 s at 0.25 s and shrinking back at 2 s, and the bordered
    /// "Sunset" / "Sunrise" button at the origin above both, its frame animating and its title cross-fading
    /// as `isDark` changes.
    public static var demo: CircleRevealScene {
        let origin = RelativePoint(x: 0.5, y: 0.78)
        // One button whose title changes with `isDark`: inside the toggle's animation SwiftUI animates the
        // button's frame and cross-fades its text (it does not cross-fade two buttons).
        let toggle = ViewNode(
            .borderedButton(
                label: ViewNode(
                    .when(condition: "inserted", then: ViewNode(.text("Sunrise")), otherwise: ViewNode(.text("Sunset")))
                )),
            [
                .font(FontSpec(style: .headline)), .controlSize(.large), .tint(.white),
                .position(x: 393 * origin.x, y: 852 * origin.y),
            ])
        let screen = Screen(
            width: 393, height: 852,
            view: SceneContent(
                ViewNode(.stack(.depth, spacing: nil, alignment: .center, children: [ViewNode(.effect), toggle]))))
        return CircleRevealScene(
            width: 393, height: 852, scale: 3, origin: origin,
            base: SceneContent(
                demoScene([SystemColor.cyan, SystemColor.blue], symbol: "sun.max.fill", title: "Day")
                    .modifier(.accessibilityHidden(.state("inserted")))),
            revealed: SceneContent(demoScene([SystemColor.indigo, .black], symbol: "moon.stars.fill", title: "Night")),
            toggles: [0.25, 2.0], screen: screen)
    }

    /// The demo's `scene(colors:systemImage:title:)`: a top-to-bottom gradient with a symbol and a
    /// title in white.
    package static func demoScene(_ colors: [RGBAColor], symbol: String, title: String) -> ViewNode {
        ViewNode(
            .stack(
                .depth, spacing: nil, alignment: .center,
                children: [
                    .linearGradient(colors, from: .top, to: .bottom),
                    ViewNode(
                        .stack(
                            .vertical, spacing: 14, alignment: .center,
                            children: [
                                ViewNode(
                                    .symbol(symbol),
                                    [
                                        .font(FontSpec(style: .largeTitle, weight: .semibold)), .imageScale(.large),
                                        .accessibilityHidden(.constant(true)),
                                    ]),
                                ViewNode(
                                    .text(title), [.font(FontSpec(style: .largeTitle, weight: .bold, design: .rounded))]
                                ),
                            ]), [.foreground(.color(.white))]),
                ]))
    }

    /// The seed's `CircleRevealTransitionGeometry.coverRadius`: the smallest circle centred on
    /// `origin` that covers the whole view, in points.
    public static func coverRadius(from origin: RelativePoint, width: Double, height: Double) -> Double {
        let horizontal = max(origin.x, 1 - origin.x) * width
        let vertical = max(origin.y, 1 - origin.y) * height
        return hypot(horizontal, vertical)
    }

    public mutating func apply(_ overrides: SceneOverrides) {
        applyShared(overrides)
        if let transform = overrides.animation { animation = transform(animation) }
        if let origin = overrides.origin { self.origin = origin }
    }

    public func validateOwnFields(_ limits: SceneLimits, at path: ScenePath) throws(SceneError) {
        try origin.validate(at: path.key("origin"))
        try animation.validate(at: path.key("animation"))
        try base.view.validate(limits, at: path.key("base"), states: conditionNames)
        try revealed.view.validate(limits, at: path.key("revealed"), states: conditionNames)
        try background.view.validate(limits, at: path.key("background"), states: conditionNames)
        try fonts.validate(at: path.key("fonts"))
        guard toggles.count <= SceneLimits.maxToggles else {
            throw SceneError(
                path.key("toggles"), "more than \(SceneLimits.maxToggles) toggles, the most a scene may have")
        }
        var previous: Double?
        for (k, t) in toggles.enumerated() {
            try SceneRules.checkTime(t, notBefore: previous, at: path.key("toggles").index(k))
            previous = t
        }
    }

    public func makeTimeline() -> any SceneTimeline { CircleRevealTimeline(scene: self) }

    /// "inserted": while the revealed view is in, as the demo's `isDark`; a toggle changes it
    /// inside `withAnimation`, so views that depend on it cross-fade on the scene's animation.
    public var conditionNames: [String] { ["inserted"] }

    public var effectViews: [(String, SceneContent)] {
        [("background", background), ("base", base), ("revealed", revealed)]
    }
}

/// What is true of the circle reveal at one frame.
public struct CircleRevealFrameState: Equatable, Sendable {
    /// The frame's index, from 0.
    public var index: Int
    /// The frame's time in seconds: `index / fps`.
    public var time: Double
    /// The clip's progress, 0...1 (beyond 1 when a spring overshoots); 1 with Reduce Motion.
    public var progress: Double
    /// The clip circle's radius in pixels.
    public var radius: Double
    /// The revealed view's opacity (animated only with Reduce Motion).
    public var opacity: Double
    /// Whether the revealed view is in the hierarchy at all.
    public var visible: Bool

    package init(index: Int, time: Double, progress: Double, radius: Double, opacity: Double, visible: Bool) {
        self.index = index
        self.time = time
        self.progress = progress
        self.radius = radius
        self.opacity = opacity
        self.visible = visible
    }
}

/// The circle reveal over time. Animations combine additively, as SwiftUI's do when interrupted: each
/// toggle adds its own animation of the change (+1 inserting, −1 removing) on top of those still
/// running, so a toggle mid-animation continues from the current value with no jump.
public struct CircleRevealTimeline: SceneTimeline {
    /// The scene the timeline is worked out for.
    public let scene: CircleRevealScene
    /// The scene's toggle times in seconds, in order: insertions at even indices, removals at odd ones.
    public let toggles: [Double]
    public let endTime: Double
    private let settlingTime: Double

    /// The timeline of `scene`, which ends once the last toggle's animation has settled.
    public init(scene: CircleRevealScene) {
        self.scene = scene
        toggles = scene.toggles
        // Toggles add their animations: with n of them each must settle within 1/n of the threshold
        // for their sum to stay within it.
        settlingTime = scene.animation.settlingTime(
            within: SpringParameters.settleThreshold / Double(max(toggles.count, 1)))
        endTime = (toggles.last ?? 0) + (toggles.isEmpty ? 0 : settlingTime)
    }

    /// The number of frames: through the first frame at or after the end, plus `hold` seconds of stills.
    public func frameCount(hold: Double = 0) -> Int {
        FrameClock(fps: scene.fps).frameCount(through: endTime + max(hold, 0))
    }

    public var outcome: String { "\(toggles.count) toggle\(toggles.count == 1 ? "" : "s")" }

    public func viewSequence(frameCount: Int, debugOverlay: Bool) throws -> any FrameSequence {
        try CircleRevealSequence(timeline: self, frameCount: frameCount)
    }

    /// The animated value at `time`: the sum of every started toggle's animation.
    public func value(at time: Double) -> Double {
        var value = 0.0
        for (k, start) in toggles.enumerated() where start <= time + FrameClock.tolerance {
            value += (k % 2 == 0 ? 1 : -1) * scene.animation.progress(after: max(time - start, 0))
        }
        return value
    }

    public func conditions(atFrame index: Int) -> ViewConditions {
        let time = FrameClock(fps: scene.fps).time(ofFrame: index)
        return ["inserted": min(max(value(at: time), 0), 1)]
    }

    /// The base and, while it is in (`isDark`, from a toggle that inserts it until the next toggle),
    /// the revealed view: a view on its way out is gone for VoiceOver at once.
    public func accessibility(atFrame index: Int) -> EffectAccessibility {
        let inserted = togglesStarted(at: FrameClock(fps: scene.fps).time(ofFrame: index)) % 2 == 1
        return EffectAccessibility(
            states: ["inserted": inserted],
            views: ["background", "base"] + (inserted ? ["revealed"] : []))
    }

    /// How many toggles have happened by `time`: odd while the revealed view is in.
    private func togglesStarted(at time: Double) -> Int {
        toggles.filter { $0 <= time + FrameClock.tolerance }.count
    }

    /// The state at frame `index`, time `index / fps`.
    public func frame(_ index: Int) -> CircleRevealFrameState {
        let time = FrameClock(fps: scene.fps).time(ofFrame: index)
        let started = togglesStarted(at: time)
        // Present after an insertion, and during a removal until its animation has finished.
        let visible =
            started > 0 && (started % 2 == 1 || time < toggles[started - 1] + settlingTime - FrameClock.tolerance)
        let value = visible ? value(at: time) : 0
        let progress = scene.reduceMotion ? 1 : value
        let coverRadius = CircleRevealScene.coverRadius(from: scene.origin, width: scene.width, height: scene.height)
        return CircleRevealFrameState(
            index: index, time: time, progress: progress,
            radius: abs(progress) * coverRadius * scene.scale,
            opacity: scene.reduceMotion ? min(max(value, 0), 1) : 1, visible: visible)
    }
}
