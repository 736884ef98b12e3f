/// What is true of the scratch card at one frame.
public struct ScratchFrameState: Equatable, Sendable {
    public var index: Int
    public var time: Double
    /// How many samples (counted through all strokes in file order) have been handled.
    public var samplesHandled: Int
    /// The seed coverage model's fraction after those samples.
    public var coverage: Double
    public var revealed: Bool
    /// The cover layer's opacity, 1 until the reveal, then fading (or 0 with Reduce Motion).
    public var coverOpacity: Double
}

/// The scratch card over time: which samples the seed's gesture handler sees, when the card reveals,
/// and how long the sequence runs. Built once per render; frames are computed on demand.
public struct ScratchTimeline: SceneTimeline {
    public let scene: ScratchScene
    /// Every sample the card handles, all strokes in file order, up to the reveal.
    public let samples: [TouchSample]
    /// For each of `samples`, whether it starts a stroke (a new finger down).
    public let startsStroke: [Bool]
    /// The coverage fraction after each of `samples`.
    public let coverageAfter: [Double]
    /// When the card revealed, by scratching or by the VoiceOver action; nil if it never does.
    public let revealTime: Double?
    /// The time of the sequence's last frame (before any hold).
    public let endTime: Double

    /// Whether a touch going down at `sample` lands on the view: its rectangle, as `CGRect.contains`
    /// decides (the leading and top edges in, the trailing and bottom edges out).
    public static func hitsView(_ sample: TouchSample, width: Double, height: Double) -> Bool {
        sample.x >= 0 && sample.x < width && sample.y >= 0 && sample.y < height
    }

    public func conditions(atFrame index: Int) -> ViewConditions {
        ["revealed": frame(index).revealed ? 1 : 0]
    }

    public init(scene: ScratchScene) {
        self.scene = scene
        let firstAction = scene.actions.filter { $0.type == .reveal }.map(\.t).min()
        var coverage = ScratchCoverage()
        var samples: [TouchSample] = [], starts: [Bool] = [], fractions: [Double] = []
        var revealTime: Double?
        let size = (width: scene.width, height: scene.height)
        strokes: for stroke in scene.strokes.map(\.points) {
            // The drag gesture sits on the cover (`.contentShape(.rect)`): a finger that comes down
            // outside the view starts no stroke, and none of its samples reach the mask or the grid.
            guard let first = stroke.first, ScratchTimeline.hitsView(first, width: scene.width, height: scene.height) else {
                continue
            }
            for (k, sample) in stroke.enumerated() {
                if let action = firstAction, sample.t > action {
                    revealTime = action
                    break strokes
                }
                // DragGesture.onChanged: the first sample scratches from itself to itself.
                let previous = k == 0 ? sample : stroke[k - 1]
                coverage.scratch(from: Point(x: previous.x, y: previous.y), to: Point(x: sample.x, y: sample.y),
                                 brushWidth: scene.maskBrushWidth, in: size)
                samples.append(sample)
                starts.append(k == 0)
                fractions.append(coverage.fraction)
                if coverage.fraction >= scene.clampedThreshold {
                    revealTime = sample.t
                    break strokes
                }
            }
        }
        if revealTime == nil, let action = firstAction { revealTime = action }
        self.samples = samples
        self.startsStroke = starts
        self.coverageAfter = fractions
        self.revealTime = revealTime
        if let revealTime {
            endTime = revealTime + (scene.reduceMotion ? 0 : scene.fade.settlingTime)
        } else {
            let lastSample = scene.strokes.last?.points.last?.t ?? 0
            endTime = max(lastSample, scene.actions.map(\.t).max() ?? 0)
        }
    }

    /// The number of frames: through the first frame at or after the end, plus `hold` seconds of stills.
    public func frameCount(hold: Double = 0) -> Int {
        FrameClock(fps: scene.fps).frameCount(through: endTime + max(hold, 0))
    }

    public var outcome: String {
        revealTime.map { "revealed at \(formatNumber(($0 * 10_000).rounded() / 10_000)) s" } ?? "never revealed"
    }

    public func viewSequence(frameCount: Int, debugOverlay: Bool) throws -> any FrameSequence {
        try ScratchSequence(timeline: self, frameCount: frameCount, debugOverlay: debugOverlay)
    }

    /// Sample `k` in pixels.
    func pixelPoint(_ k: Int) -> Point {
        Point(x: samples[k].x * scene.scale, y: samples[k].y * scene.scale)
    }

    /// The strokes of the first `count` samples, in pixels: what the cover's mask has punched out
    /// after them.
    public func pixelStrokes(upTo count: Int) -> [[Point]] {
        var strokes: [[Point]] = []
        for k in 0..<min(count, samples.count) {
            if startsStroke[k] || strokes.isEmpty { strokes.append([]) }
            strokes[strokes.count - 1].append(pixelPoint(k))
        }
        return strokes
    }

    /// The state at frame `index`, time `index / fps`.
    public func frame(_ index: Int) -> ScratchFrameState {
        let time = FrameClock(fps: scene.fps).time(ofFrame: index)
        let limit = time + FrameClock.tolerance
        // Samples are in time order: binary search for the first one after the frame.
        var lo = 0, hi = samples.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if samples[mid].t <= limit { lo = mid + 1 } else { hi = mid }
        }
        let revealed = revealTime.map { $0 <= limit } ?? false
        var opacity = 1.0
        if revealed, let revealTime {
            opacity = scene.reduceMotion ? 0 : min(max(1 - scene.fade.progress(after: max(time - revealTime, 0)), 0), 1)
        }
        return ScratchFrameState(index: index, time: time, samplesHandled: lo,
                                 coverage: lo == 0 ? 0 : coverageAfter[lo - 1], revealed: revealed,
                                 coverOpacity: opacity)
    }
}
