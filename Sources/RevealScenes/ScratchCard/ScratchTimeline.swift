import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// What is true of the scratch card at one frame.
public struct ScratchFrameState: Equatable, Sendable {
    /// The frame's index, from 0.
    public var index: Int
    /// The frame's time in seconds: `index / fps`.
    public var time: Double
    /// Which card: 0, then one more after each `reset` action (the seed's "change the view's id").
    public var round: Int
    /// How many samples (counted through all strokes in file order) have been handled.
    public var samplesHandled: Int
    /// The first of those samples that belongs to this round's card.
    public var roundStart: Int
    /// The seed coverage model's fraction after this round's samples.
    public var coverage: Double
    /// Whether this round's card has revealed by this frame, by scratching or by the VoiceOver action.
    public var revealed: Bool
    /// The cover layer's opacity, 1 until the reveal, then fading (or 0 with Reduce Motion).
    public var coverOpacity: Double
}

/// The scratch card over time: which samples the seed's gesture handler sees, when the card reveals,
/// and how long the sequence runs. Built once per render; frames are computed on demand.
///
/// Each `reset` action starts a new round: a new card (a new view identity, as the demo's "Try
/// again" gives it), with no strokes, a fresh coverage grid and its cover back at once. A finger
/// already down at a reset belongs to the old card, so its later samples are not handled.
public struct ScratchTimeline: SceneTimeline {
    /// The scene the timeline is worked out for.
    public let scene: ScratchScene
    /// Every sample the cards handle, all strokes in file order, each round up to its reveal.
    public let samples: [TouchSample]
    /// For each of `samples`, whether it starts a stroke (a new finger down).
    public let startsStroke: [Bool]
    /// The coverage fraction after each of `samples`, on its round's grid.
    public let coverageAfter: [Double]
    /// When each round begins (0 for the first, then the reset times).
    public let roundStartTimes: [Double]
    /// The index in `samples` of each round's first sample.
    public let roundStartSamples: [Int]
    /// When each round's card revealed, by scratching or by the VoiceOver action; nil if it did not.
    public let revealTimes: [Double?]
    /// The time of the sequence's last frame (before any hold).
    public let endTime: Double

    /// When the first card revealed; nil if it never does.
    public var revealTime: Double? { revealTimes.first ?? nil }

    /// Whether a touch going down at `sample` lands on the view: its rectangle, as `CGRect.contains`
    /// decides (the leading and top edges in, the trailing and bottom edges out).
    public static func hitsView(_ sample: TouchSample, width: Double, height: Double) -> Bool {
        sample.x >= 0 && sample.x < width && sample.y >= 0 && sample.y < height
    }

    public func conditions(atFrame index: Int) -> ViewConditions {
        ["revealed": frame(index).revealed ? 1 : 0]
    }

    /// The seed's accessibility: until the reveal, the cover is one button-like element ("Scratch
    /// card", with the activate action that reveals) and the content is hidden; from the reveal on
    /// (during the fade too: `isRevealed` is already true), the content's own elements.
    public func accessibility(atFrame index: Int) -> EffectAccessibility {
        let revealed = frame(index).revealed
        guard !revealed else {
            return EffectAccessibility(states: ["revealed": true], views: ["background", "content"])
        }
        return EffectAccessibility(states: ["revealed": false], element: ScratchTimeline.coverElement)
    }

    /// The covered card as VoiceOver reads it (the seed's modifiers on the cover's overlay).
    public static let coverElement = AccessibilityElement(
        label: "Scratch card", hint: "Double tap to reveal what is underneath",
        traits: [.isButton], actions: ["activate"])

    /// The timeline of `scene`, worked out at once: it ends when the last card's cover has faded or, if
    /// that card never reveals, at the last sample or action.
    public init(scene: ScratchScene) {
        self.scene = scene
        let resets = scene.actions.filter { $0.type == .reset }.map(\.t)
        let starts = [-Double.infinity] + resets
        var samples: [TouchSample] = []
        var startsStroke: [Bool] = []
        var fractions: [Double] = []
        var roundSamples: [Int] = []
        var reveals: [Double?] = []
        let size = (width: scene.width, height: scene.height)
        for (round, start) in starts.enumerated() {
            let end = round + 1 < starts.count ? starts[round + 1] : .infinity
            roundSamples.append(samples.count)
            // At equal times samples come before an action, a reset included: a sample at the
            // reset's time still scratches the old card.
            func inRound(_ t: Double) -> Bool { (round == 0 || t > start) && t <= end }
            let firstAction = scene.actions.filter { $0.type == .reveal && inRound($0.t) }.map(\.t).min()
            var coverage = ScratchCoverage()
            var revealTime: Double?
            strokes: for stroke in scene.strokes.map(\.points) {
                // The drag gesture sits on the cover (`.contentShape(.rect)`): a finger that comes
                // down outside the view starts no stroke, and none of its samples reach the mask or the grid.
                guard let first = stroke.first, inRound(first.t),
                    ScratchTimeline.hitsView(first, width: scene.width, height: scene.height)
                else { continue }
                for (k, sample) in stroke.enumerated() {
                    guard sample.t <= end else { break }
                    if let action = firstAction, sample.t > action {
                        revealTime = action
                        break strokes
                    }
                    // DragGesture.onChanged: the first sample scratches from itself to itself.
                    let previous = k == 0 ? sample : stroke[k - 1]
                    coverage.scratch(
                        from: Point(x: previous.x, y: previous.y), to: Point(x: sample.x, y: sample.y),
                        brushWidth: scene.maskBrushWidth, in: size)
                    samples.append(sample)
                    startsStroke.append(k == 0)
                    fractions.append(coverage.fraction)
                    if coverage.fraction >= scene.clampedThreshold {
                        revealTime = sample.t
                        break strokes
                    }
                }
            }
            if revealTime == nil, let action = firstAction { revealTime = action }
            reveals.append(revealTime)
        }
        self.samples = samples
        self.startsStroke = startsStroke
        self.coverageAfter = fractions
        roundStartTimes = [0] + resets
        roundStartSamples = roundSamples
        revealTimes = reveals
        if let last = reveals.last, let revealTime = last {
            endTime = max(revealTime + (scene.reduceMotion ? 0 : scene.fade.settlingTime), resets.last ?? 0)
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
        func one(_ t: Double?) -> String {
            t.map { "revealed at \(formatNumber(($0 * 10_000).rounded() / 10_000)) s" } ?? "never revealed"
        }
        guard revealTimes.count > 1 else { return one(revealTime) }
        return revealTimes.enumerated().map { "round \($0.offset) \(one($0.element))" }.joined(separator: ", ")
    }

    /// The round at `time`: how many resets have happened by then.
    package func round(at time: Double) -> Int {
        roundStartTimes.dropFirst().filter { $0 <= time + FrameClock.tolerance }.count
    }

    public func viewSequence(frameCount: Int, debugOverlay: Bool) throws -> any FrameSequence {
        try ScratchSequence(timeline: self, frameCount: frameCount, debugOverlay: debugOverlay)
    }

    /// Sample `k` in pixels.
    package func pixelPoint(_ k: Int) -> Point {
        Point(x: samples[k].x * scene.scale, y: samples[k].y * scene.scale)
    }

    /// The strokes of the first `count` samples that belong to the card of the last of them (its
    /// round), in pixels: what the cover's mask has punched out after them.
    public func pixelStrokes(upTo count: Int) -> [[Point]] {
        var strokes: [[Point]] = []
        let end = min(count, samples.count)
        let first = roundStartSamples.last { $0 < end } ?? 0
        for k in first..<end {
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
        var lo = 0
        var hi = samples.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if samples[mid].t <= limit { lo = mid + 1 } else { hi = mid }
        }
        let round = self.round(at: time)
        let roundStart = roundStartSamples[min(round, roundStartSamples.count - 1)]
        let revealTime = revealTimes[min(round, revealTimes.count - 1)]
        let revealed = revealTime.map { $0 <= limit } ?? false
        var opacity = 1.0
        if revealed, let revealTime {
            opacity = scene.reduceMotion ? 0 : min(max(1 - scene.fade.progress(after: max(time - revealTime, 0)), 0), 1)
        }
        return ScratchFrameState(
            index: index, time: time, round: round, samplesHandled: lo, roundStart: roundStart,
            coverage: lo <= roundStart ? 0 : coverageAfter[lo - 1], revealed: revealed,
            coverOpacity: opacity)
    }
}
