import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// A scene reveal-render renders: one of the seeds' effects with its inputs, in view points.
///
/// Everything that works with scenes — the command line, the golden tests, the fuzz targets — talks to
/// this protocol: its shared fields, `validate`, and `prepare`, which works out the timeline once and
/// says everything a render needs. A scene kind is its own type conforming here, its timeline and
/// renderer, its file format (`SceneFormat`) and one line in `SceneFormat.all`.
///
/// The card look (`cornerRadius`, `cornerStyle`, `shadow`, `padding`, `canvas`) presents the view on
/// a page, as the seed demos do.
public protocol RevealScene: Sendable {
    /// The view's size in points.
    var width: Double { get set }
    /// The view's height in points.
    var height: Double { get set }
    /// Pixels per point.
    var scale: Double { get set }
    /// Frames per second.
    var fps: Double { get set }
    /// As with the system's Reduce Motion setting on.
    var reduceMotion: Bool { get set }
    /// The card's corner radius in points (0: square corners, no clipping).
    var cornerRadius: Double { get set }
    /// How the card's corners are rounded: continuous, as SwiftUI's default, or circular.
    var cornerStyle: CornerStyle { get set }
    /// A drop shadow under the card.
    var shadow: Shadow? { get set }
    /// Room around the card on every side, in points (rounded to whole pixels).
    var padding: Double { get set }
    /// The page behind the card and its shadow.
    var canvas: Paint { get set }
    /// The whole screen around the effect, laid out as SwiftUI would (nil: the view, or the card look).
    var screen: Screen? { get set }
    /// The font files text is set in.
    var fonts: FontFiles { get set }
    /// Where the view's top-left corner lies inside its first pixel, in points (each coordinate in
    /// (−½, ½] pixels): set from a screen's layout, so that the view's own content lands on the screen's
    /// pixel grid as the screen's other views do. Zero for a view on its own.
    var pixelOffset: Point { get set }
    /// The conditions a screen's `when` views may test (the scratch card: "revealed").
    var conditionNames: [String] { get }
    /// The effect's own views by their field names, bottom first ("background", "content", "cover").
    var effectViews: [(String, SceneContent)] { get }

    /// Checks the rules of this kind's own fields (the shared ones are `validate`'s), each error at the
    /// path of what breaks it.
    func validateOwnFields(_ limits: SceneLimits, at path: ScenePath) throws(SceneError)
    /// What happens over time. Called only on a valid scene.
    func makeTimeline() -> any SceneTimeline
    /// Applies what the command line's flags change (`applyShared` does the shared ones).
    mutating func apply(_ overrides: SceneOverrides)
}

/// What happens in a scene over time, worked out once: how long it runs, how it went, and its frames.
public protocol SceneTimeline: Sendable {
    /// The time of the sequence's last frame, before any hold.
    var endTime: Double { get }
    /// One line on how the animation went, for the command line's summary ("revealed at 1.77 s").
    var outcome: String { get }
    /// The view's frames (before any card look), `frameCount` of them; with `debugOverlay`, what the
    /// kind can show of its workings (the scratch card does).
    func viewSequence(frameCount: Int, debugOverlay: Bool) throws -> any FrameSequence
    /// The value of each of the scene's conditions at frame `index`, 0 to 1.
    func conditions(atFrame index: Int) -> ViewConditions
    /// What VoiceOver sees of the effect at frame `index`, and the states as they hold.
    func accessibility(atFrame index: Int) -> EffectAccessibility
}

/// What the command line's flags change in a scene: `--fps`, `--scale`, `--reduce-motion`, `--curve`
/// and `--duration` (as a change to the scene's own animation), `--origin`.
public struct SceneOverrides: Sendable {
    /// `--fps`: the frame rate to use instead of the scene's, in frames per second; nil keeps the scene's.
    public var fps: Double?
    /// `--scale`: the pixels per point to use instead of the scene's; nil keeps the scene's.
    public var scale: Double?
    /// `--reduce-motion`: true turns Reduce Motion on; false (the default) leaves the scene's setting.
    public var reduceMotion = false
    /// A change to the scene's own animation (the scratch card's fade, the circle's transition).
    public var animation: (@Sendable (AnimationSpec) -> AnimationSpec)?
    /// Where the circle grows from.
    public var origin: RelativePoint?

    /// Overrides that change only what is given; with every default they change nothing.
    public init(
        fps: Double? = nil, scale: Double? = nil, reduceMotion: Bool = false,
        animation: (@Sendable (AnimationSpec) -> AnimationSpec)? = nil, origin: RelativePoint? = nil
    ) {
        self.fps = fps
        self.scale = scale
        self.reduceMotion = reduceMotion
        self.animation = animation
        self.origin = origin
    }
}

extension RevealScene {
    /// The view's size in pixels: its size in points times the scale, rounded.
    /// A size that is not a number, or beyond any pixmap's, counts as 0 or as the largest whole number.
    public var pixelSize: PixelSize {
        PixelSize(width: PixelSize.pixels(width * scale), height: PixelSize.pixels(height * scale))
    }

    /// How the view sits on its page.
    public var card: CardStyle {
        CardStyle(
            cornerRadius: cornerRadius, cornerStyle: cornerStyle, shadow: shadow, padding: padding, canvas: canvas)
    }

    /// The frames' size in pixels: the screen, or the view on its page when the scene has a card look.
    public var frameSize: PixelSize {
        presentation?.pixelSize(scale: scale) ?? pixelSize
    }

    /// Applies the overrides every kind shares: frame rate, scale, Reduce Motion.
    public mutating func applyShared(_ overrides: SceneOverrides) {
        if let fps = overrides.fps { self.fps = fps }
        if let scale = overrides.scale { self.scale = scale }
        if overrides.reduceMotion { reduceMotion = true }
    }

    /// Checks every rule a scene file's decoder enforces, and that the frames fit `limits`: each error
    /// names the property path of what breaks it (`strokes[2].points[14].t`) and says what is wrong in
    /// the words the decoder uses.
    public func validate(_ limits: SceneLimits = SceneLimits()) throws(SceneError) {
        try validateContent(limits, at: ScenePath(.swift))
        try validateSize(limits)
    }

    /// The rules of the scene's fields, spelled by `path` (the file decoders use the file's spelling).
    package func validateContent(_ limits: SceneLimits, at path: ScenePath) throws(SceneError) {
        let limit = SceneLimits.maxCoordinate
        if let screen {
            try screen.validate(limits, conditions: conditionNames, at: path.key("screen"))
        } else {
            try SceneRules.check(width, in: 1e-6...limit, "width", at: path.key("width"))
            try SceneRules.check(height, in: 1e-6...limit, "height", at: path.key("height"))
        }
        try SceneRules.checkPositive(scale, max: 16, "scale", at: path.key("scale"))
        try SceneRules.check(fps, in: SceneLimits.fps, "fps", at: path.key("fps"))
        try SceneRules.check(cornerRadius, in: 0...limit, "cornerRadius", at: path.key("cornerRadius"))
        try shadow?.validate(at: path.key("shadow"))
        try SceneRules.check(padding, in: 0...SceneLimits.maxPadding, "padding", at: path.key("padding"))
        try canvas.validate(limits, at: path.key("canvas"))
        try validateOwnFields(limits, at: path)
        for (name, content) in effectViews { try content.checkDrawable(at: path.key(name)) }
        try screen?.view.checkDrawable(at: path.key("screen").key("view"))
        try screen?.background.checkDrawable(at: path.key("screen").key("background"))
    }

    /// The frames are at least a pixel and at most `limits.maxPixels`, with sides a pixmap can have.
    private func validateSize(_ limits: SceneLimits) throws(SceneError) {
        let view = pixelSize
        let frame = frameSize
        guard screen != nil || view.width >= 1 && view.height >= 1 else {
            throw SceneError(
                file: "", path: "",
                message: "the view at this scale is less than one pixel (\(view)); raise the size or the scale")
        }
        guard frame.width <= Pixmap.maxSide, frame.height <= Pixmap.maxSide,
            frame.width * frame.height <= limits.maxPixels
        else {
            throw SceneError(
                file: "", path: "",
                message:
                    "frames would be \(frame) pixels, more than the limit of \(limits.maxPixels) (SceneLimits.maxPixels, --max-pixels; sides at most \(Pixmap.maxSide))"
            )
        }
    }

    /// Validates the scene, works out its timeline once and checks the length of the sequence with
    /// `hold` seconds of still frames after the animation: everything a render needs.
    public func prepare(_ limits: SceneLimits = SceneLimits(), hold: Double = 0) throws(SceneError) -> PreparedScene {
        try validate(limits)
        guard hold.isFinite, hold >= 0, hold <= SceneLimits.maxTime else {
            throw SceneError(file: "", path: "", message: SceneRules.range("hold", hold, 0...SceneLimits.maxTime))
        }
        let scene = try sizedByScreen()
        let timeline = scene.makeTimeline()
        let frameCount = FrameClock(fps: fps).frameCount(through: timeline.endTime + hold)
        guard frameCount <= limits.maxFrames else {
            throw SceneError(
                file: "", path: "",
                message:
                    "the sequence would have \(frameCount) frames, more than the limit of \(limits.maxFrames) (SceneLimits.maxFrames, --max-frames)"
            )
        }
        return PreparedScene(scene: scene, timeline: timeline, frameCount: frameCount)
    }

    /// Frame `index` (0-based) as a premultiplied pixmap, as `reveal-render` draws it (card look
    /// included). Frames past the end show the final state, as `--hold` would. Throws for a scene
    /// that breaks a rule, and for a negative index.
    public func renderFrame(_ index: Int, limits: SceneLimits = SceneLimits()) throws -> Pixmap {
        guard index >= 0 else { throw FrameRequestError(description: "frame \(index) is before the first frame (0)") }
        var sequence = try prepare(limits).sequence()
        return try sequence.render(frame: index)
    }

    /// The frame showing `time` seconds: the last frame at or before it.
    public func renderFrame(at time: Double, limits: SceneLimits = SceneLimits()) throws -> Pixmap {
        try validate(limits)
        return try renderFrame(try FrameClock(fps: fps).frameIndex(at: time), limits: limits)
    }

    /// The frames as `reveal-render` draws them, with `hold` seconds of still frames at the end.
    public func frameSequence(hold: Double = 0, limits: SceneLimits = SceneLimits()) throws -> any FrameSequence {
        try prepare(limits, hold: hold).sequence()
    }
}

/// A valid scene with its timeline worked out: the frame count, the sizes, the outcome, the frames.
public struct PreparedScene: Sendable {
    /// The validated scene, its effect sized by its screen's layout when it has one.
    public let scene: any RevealScene
    /// What happens in the scene over time, worked out once.
    public let timeline: any SceneTimeline
    /// Frames through the end of the animation (and any hold).
    public let frameCount: Int

    /// The clock at the scene's frame rate: frame i shows time i / fps seconds.
    public var clock: FrameClock { FrameClock(fps: scene.fps) }
    /// The frames' size in pixels (the view on its page).
    public var frameSize: PixelSize { scene.frameSize }
    /// One line on how the animation went.
    public var outcome: String { timeline.outcome }

    /// The frames, in their screen or card look, each saying what VoiceOver sees of it;
    /// `debugOverlay` asks the scene to draw its workings.
    public func sequence(debugOverlay: Bool = false) throws -> any FrameSequence {
        let view = try timeline.viewSequence(frameCount: frameCount, debugOverlay: debugOverlay)
        guard
            let screen = scene.screen ?? scene.card.screen(width: scene.width, height: scene.height, scale: scene.scale)
        else {
            return accessible(view)
        }
        return present(view, in: screen)
    }

    private func present<S: FrameSequence>(_ view: S, in screen: Screen) -> any FrameSequence {
        let timeline = timeline
        return accessible(
            ScreenPresentation(view, screen: screen, fonts: scene.fonts) { timeline.conditions(atFrame: $0) })
    }

    private func accessible<S: FrameSequence>(_ sequence: S) -> any FrameSequence {
        AccessibleSequence(sequence, prepared: self)
    }
}
