import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// The scratch card as a frame sequence: timeline, renderer and manifest entries together.
public struct ScratchSequence: FrameSequence, DamageReporting {
    /// The timeline the frames show, worked out once.
    public let timeline: ScratchTimeline
    /// The number of frames, any hold included.
    public let frameCount: Int
    private var renderer: ScratchCardRenderer
    private var overlay: ScratchDebugOverlay?

    /// `hold` seconds of still frames follow the end of the animation; `debugOverlay` draws the
    /// touch samples, the brush path, the cleared grid cells and the threshold progress on each frame.
    /// The scene's frames with `hold` seconds of still frames at the end; the scene is validated first.
    public init(scene: ScratchScene, hold: Double = 0, debugOverlay: Bool = false) throws {
        try scene.validate()
        let timeline = ScratchTimeline(scene: scene)
        try self.init(timeline: timeline, frameCount: timeline.frameCount(hold: hold), debugOverlay: debugOverlay)
    }

    /// The first `frameCount` frames of a timeline already worked out, of a scene already validated.
    package init(timeline: ScratchTimeline, frameCount: Int, debugOverlay: Bool = false) throws {
        self.timeline = timeline
        self.frameCount = frameCount
        renderer = try ScratchCardRenderer(timeline: timeline)
        overlay = debugOverlay ? try ScratchDebugOverlay(timeline: timeline) : nil
    }

    /// The view's width in pixels: its width in points times the scale, rounded.
    public var pixelWidth: Int { timeline.scene.pixelSize.width }
    /// The view's height in pixels: its height in points times the scale, rounded.
    public var pixelHeight: Int { timeline.scene.pixelSize.height }
    public var scale: Double { timeline.scene.scale }

    public var fps: Double { timeline.scene.fps }

    public var summary: [(String, FrameMetadata)] {
        let rounds: [(String, FrameMetadata)] =
            timeline.revealTimes.count > 1
            ? [
                (
                    "rounds",
                    .list(
                        timeline.revealTimes.enumerated().map { round, t in
                            .object(
                                keys: ["round", "startsAt", "revealedAt"],
                                values: [
                                    .int(round), .number(timeline.roundStartTimes[round]),
                                    t.map { .number($0) } ?? .null,
                                ])
                        })
                )
            ]
            : []
        return [("revealedAt", timeline.revealTime.map { .number($0) } ?? .null)] + rounds + timeline.scene.fontSummary
    }

    public mutating func render(frame index: Int) throws -> Pixmap {
        var frame = renderer.render(frame: index)
        overlay?.draw(timeline.frame(index), on: &frame)
        return frame
    }

    /// What the renderer drew again; everything under the debug overlay, which is drawn anew each frame.
    package var lastDamage: DamageRegion {
        overlay == nil ? renderer.lastDamage : .whole(width: pixelWidth, height: pixelHeight)
    }

    public func frame(_ index: Int, looksLike other: Int) -> Bool {
        let a = timeline.frame(index)
        let b = timeline.frame(other)
        return a.round == b.round && a.samplesHandled == b.samplesHandled
            && RGBAColor.level(a.coverOpacity) == RGBAColor.level(b.coverOpacity)
    }

    public func metadata(frame index: Int) -> [(String, FrameMetadata)] {
        let state = timeline.frame(index)
        return [
            ("round", .int(state.round)), ("coverage", .number(state.coverage)), ("revealed", .bool(state.revealed)),
            ("coverOpacity", .number(state.coverOpacity)),
        ]
    }
}
