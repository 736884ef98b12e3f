import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// One touch sample of a finger on the card: a position in view points and a time in seconds, as a
/// stroke file's `[x, y, t]`.
public struct TouchSample: Equatable, Sendable {
    /// The horizontal position in view points, from the view's leading edge.
    public var x: Double
    /// The vertical position in view points, from the view's top edge.
    public var y: Double
    /// The time in seconds from the start of the sequence.
    public var t: Double

    /// A sample at (`x`, `y`) view points, `t` seconds in.
    public init(x: Double, y: Double, t: Double) {
        self.x = x
        self.y = y
        self.t = t
    }
}

/// One finger down to up: its samples in time order (`{"points": [[x, y, t], …]}`).
public struct Stroke: Equatable, Sendable {
    /// The finger's samples, in time order; `validate` requires at least one.
    public var points: [TouchSample]

    /// A stroke through `points`, which `validate` requires to be non-empty and in time order.
    public init(points: [TouchSample]) {
        self.points = points
    }
}

/// Something that happens to the card at a time (`{"t": 2.0, "type": "reveal"}`).
public struct ScratchAction: Equatable, Sendable {
    /// What an action does to the card: reveal it, or replace it with a new one.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// VoiceOver's activate action: reveals the card without scratching.
        case reveal
        /// A new card, as changing the view's `id` gives one (the demo's "Try again"): strokes,
        /// coverage and the reveal start over, and the cover is back at once.
        case reset
    }

    /// When the action happens, in seconds from the start of the sequence.
    public var t: Double
    /// What the action does.
    public var type: Kind

    /// An action of kind `type` at `t` seconds.
    public init(t: Double, type: Kind) {
        self.t = t
        self.type = type
    }
}

/// The seed's `ScratchToReveal` with its inputs, in view points: a cover over content, finger strokes
/// punching through it, a reveal once `revealThreshold` of the coverage grid is gone.
///
/// Every property is the stroke file's field of the same name, with the same default; the card look
/// (`cornerRadius` … `canvas`) presents the view on a page. Build one in code exactly as the file reads:
///
///     let scene = ScratchScene(width: 300, height: 200, scale: 1, brushWidth: 40,
///                              strokes: [Stroke(points: [TouchSample(x: 20, y: 30, t: 0.1)])])
public struct ScratchScene: RevealScene, Equatable {
    /// The view's size in points.
    public var width: Double
    /// The view's height in points.
    public var height: Double
    /// Pixels per point (default 2).
    public var scale: Double
    /// Frames per second (default 60).
    public var fps: Double
    /// The brush's width in points (the seed's default 44); the mask uses max(brushWidth, 1).
    public var brushWidth: Double
    /// Fraction of the coverage grid that reveals the card (default 0.6), used clamped to 0.01…1.
    public var revealThreshold: Double
    /// Reduce Motion: the cover vanishes at the reveal instead of fading.
    public var reduceMotion: Bool
    /// Finger strokes in time order, each one finger down to up.
    public var strokes: [Stroke]
    /// VoiceOver's activate actions, in time order.
    public var actions: [ScratchAction]
    /// The prize under the cover (default: the seed demo's pink → orange gradient).
    public var content: SceneContent
    /// The cover (default: the seed demo's gray gradient).
    public var cover: SceneContent
    /// Drawn under everything (default clear).
    public var background: SceneContent
    /// The cover's fade once revealed (the seed: easeOut over 0.35 s).
    public var fade: AnimationSpec
    public var cornerRadius: Double
    /// How the card's corners are rounded (default continuous).
    public var cornerStyle: CornerStyle
    public var shadow: Shadow?
    public var padding: Double
    public var canvas: Paint
    public var screen: Screen?
    public var fonts: FontFiles
    public var pixelOffset = Point(x: 0, y: 0)

    /// A scratch card of a `width`×`height`-point view, every other field at the stroke file's default.
    /// Nothing is checked here: `validate` (or `prepare`) throws for a scene that breaks a rule.
    public init(
        width: Double, height: Double, scale: Double = 2, fps: Double = 60, brushWidth: Double = 44,
        revealThreshold: Double = 0.6, reduceMotion: Bool = false, strokes: [Stroke] = [],
        actions: [ScratchAction] = [], content: SceneContent = ScratchScene.demoContent,
        cover: SceneContent = ScratchScene.demoCover, background: SceneContent = .color(.clear),
        fade: AnimationSpec = .scratchFade, cornerRadius: Double = 0, cornerStyle: CornerStyle = .continuous,
        shadow: Shadow? = nil, padding: Double = 0, canvas: Paint = .color(.clear), screen: Screen? = nil,
        fonts: FontFiles = .inter
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        self.fps = fps
        self.brushWidth = brushWidth
        self.revealThreshold = revealThreshold
        self.reduceMotion = reduceMotion
        self.strokes = strokes
        self.actions = actions
        self.content = content
        self.cover = cover
        self.background = background
        self.fade = fade
        self.cornerRadius = cornerRadius
        self.cornerStyle = cornerStyle
        self.shadow = shadow
        self.padding = padding
        self.canvas = canvas
        self.screen = screen
        self.fonts = fonts
    }

    /// The seed demo's prize, a pink → orange gradient from top leading to bottom trailing: the default `content`.
    public static let demoContent = SceneContent.paint(
        .linearGradient(
            [SystemColor.pink, SystemColor.orange],
            from: .topLeading, to: .bottomTrailing))
    /// The seed demo's cover, a gray gradient (white 0.82, 0.62, then 0.8) from top leading to bottom
    /// trailing: the default `cover`.
    public static let demoCover = SceneContent.paint(
        .linearGradient(
            [RGBAColor(white: 0.82), RGBAColor(white: 0.62), RGBAColor(white: 0.8)],
            from: .topLeading, to: .bottomTrailing))

    /// `ScratchToRevealDemo` as the seed writes it, on a 393×852-point phone at 3×: the title (which
    /// reads "You found it!" from the reveal on), the card (brush 56, threshold 0.7, 240 points high,
    /// 28 in from each side, corner radius 28, the demo's shadow) over the prize and under the
    /// "Scratch here" cover, and the "Try again" button; two zig-zag strokes uncover it, "Try again" at
    /// 3 s starts over with a new card, and the same strokes uncover that one too.
    public static var demo: ScratchScene {
        let first = StrokePattern.zigzag(xRange: 30...190, yFrom: 25, yTo: 215, legs: 5, start: 0.1)
        let second = StrokePattern.zigzag(
            xRange: 205...315, yFrom: 215, yTo: 25, legs: 4,
            start: (first.last?.t ?? 0) + 0.25)
        let title = ViewNode(
            .when(
                condition: "revealed", then: ViewNode(.text("You found it!")),
                otherwise: ViewNode(.text("Scratch the card"))),
            [.font(FontSpec(style: .title, weight: .bold))])
        let card = ViewNode(
            .effect,
            [
                .frame(FrameSpec(height: 240)), .clipShape(.roundedRectangle(radius: 28, style: .continuous)),
                .shadow(Shadow(color: RGBAColor.black.opacity(0.2), radius: 16, y: 8)), .padding(.horizontal(28)),
            ])
        let button = ViewNode(.button(title: "Try again", symbol: "arrow.counterclockwise"))
        let screen = Screen(
            width: 393, height: 852, safeArea: Screen.phoneSafeArea,
            view: SceneContent(
                ViewNode(
                    .stack(.vertical, spacing: 24, alignment: .center, children: [title, card, button]),
                    [.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity))])))
        // "Try again" at 3 s starts round 1: the same two strokes, 3.4 s later, uncover the new card.
        let again = [first, second].map {
            Stroke(points: $0.map { TouchSample(x: $0.x, y: $0.y, t: $0.t + demoRoundShift) })
        }
        return ScratchScene(
            width: 337, height: 240, scale: 3, brushWidth: 56, revealThreshold: 0.7,
            strokes: [Stroke(points: first), Stroke(points: second)] + again,
            actions: [ScratchAction(t: demoResetTime, type: .reset)],
            content: demoPrize, cover: demoCoverWithLabel, screen: screen)
    }

    /// When the demo taps "Try again", and how much later its second round's strokes come.
    package static let demoResetTime = 3.0, demoRoundShift = 3.4

    /// The demo's prize: the gift, "50% off" and "on your next order" in white on pink → orange, one
    /// element for VoiceOver with the gift hidden.
    public static let demoPrize = SceneContent(
        ViewNode(
            .stack(
                .vertical, spacing: 8, alignment: .center,
                children: [
                    ViewNode(
                        .symbol("gift.fill"),
                        [.font(FontSpec(style: .largeTitle)), .accessibilityHidden(.constant(true))]),
                    ViewNode(.text("50% off"), [.font(FontSpec(style: .largeTitle, weight: .bold))]),
                    ViewNode(.text("on your next order"), [.font(FontSpec(style: .headline))]),
                ]),
            [
                .foreground(.color(.white)), .minimumScaleFactor(0.5),
                .frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity)),
                .background(demoContent.view, alignment: .center), .accessibilityElement(.combine),
            ]))

    /// The demo's cover: the grey gradient with the "Scratch here" label over it.
    public static let demoCoverWithLabel = SceneContent(
        ViewNode(
            demoCover.view.kind,
            [
                .overlay(
                    ViewNode(
                        .label(title: "Scratch here", symbol: "hand.draw.fill"),
                        [.font(FontSpec(style: .title3, weight: .bold)), .foreground(.color(.white))]),
                    alignment: .center)
            ]))

    /// The brush as the seed's mask draws it: at least one point wide.
    public var maskBrushWidth: Double { max(brushWidth, 1) }
    /// The threshold as the seed compares it.
    public var clampedThreshold: Double { min(max(revealThreshold, 0.01), 1) }

    public mutating func apply(_ overrides: SceneOverrides) {
        applyShared(overrides)
        if let animation = overrides.animation { fade = animation(fade) }
    }

    public func validateOwnFields(_ limits: SceneLimits, at path: ScenePath) throws(SceneError) {
        try SceneRules.check(brushWidth, in: 0...SceneLimits.maxCoordinate, "brushWidth", at: path.key("brushWidth"))
        try SceneRules.check(revealThreshold, in: -1e6...1e6, "revealThreshold", at: path.key("revealThreshold"))
        try validateStrokes(at: path.key("strokes"))
        try validateActions(at: path.key("actions"))
        try content.view.validate(limits, at: path.key("content"), states: conditionNames)
        try cover.view.validate(limits, at: path.key("cover"), states: conditionNames)
        try background.view.validate(limits, at: path.key("background"), states: conditionNames)
        try fonts.validate(at: path.key("fonts"))
        try fade.validate(at: path.key("fade"))
    }

    private func validateStrokes(at path: ScenePath) throws(SceneError) {
        guard strokes.count <= SceneLimits.maxStrokes else {
            throw SceneError(path, "more than \(SceneLimits.maxStrokes) strokes, the most a scene may have")
        }
        var total = 0
        var previousEnd: (t: Double, index: Int)?
        let limit = SceneLimits.maxCoordinate
        for (s, stroke) in strokes.enumerated() {
            let points = path.index(s).key("points")
            guard let last = stroke.points.last else {
                throw SceneError(path.index(s), "a stroke needs at least one point")
            }
            total += stroke.points.count
            guard total <= SceneLimits.maxPoints else {
                throw SceneError(
                    points, "more than \(SceneLimits.maxPoints) points in all strokes, the most a scene may have")
            }
            var previous: Double?
            for (k, sample) in stroke.points.enumerated() {
                let point = points.index(k)
                try SceneRules.check(sample.x, in: -limit...limit, "x", at: point.component("x", 0))
                try SceneRules.check(sample.y, in: -limit...limit, "y", at: point.component("y", 1))
                try SceneRules.checkTime(sample.t, notBefore: previous, at: point.component("t", 2), orderAt: point)
                if k == 0, let previousEnd, sample.t < previousEnd.t {
                    throw SceneError(
                        point,
                        "time \(formatNumber(sample.t)) is earlier than \(formatNumber(previousEnd.t)), the end of \(path.index(previousEnd.index)): strokes may not overlap in time"
                    )
                }
                previous = sample.t
            }
            previousEnd = (last.t, s)
        }
    }

    private func validateActions(at path: ScenePath) throws(SceneError) {
        guard actions.count <= SceneLimits.maxActions else {
            throw SceneError(path, "more than \(SceneLimits.maxActions) actions, the most a scene may have")
        }
        var previous: Double?
        for (k, action) in actions.enumerated() {
            try SceneRules.checkTime(action.t, notBefore: previous, at: path.index(k).key("t"))
            previous = action.t
        }
    }

    public func makeTimeline() -> any SceneTimeline { ScratchTimeline(scene: self) }

    /// "revealed": from the frame of the reveal on, as the demo's `onReveal` sets `didWin` (outside
    /// any animation, so at once).
    public var conditionNames: [String] { ["revealed"] }

    public var effectViews: [(String, SceneContent)] {
        [("background", background), ("content", content), ("cover", cover)]
    }
}
