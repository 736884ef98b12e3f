/// One touch sample of a finger on the card: a position in view points and a time in seconds.
public struct TouchSample: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var time: Double

    public init(x: Double, y: Double, time: Double) {
        self.x = x
        self.y = y
        self.time = time
    }
}

/// A validated scratch-card scene: the seed's `ScratchToReveal` with its inputs, in view points.
public struct ScratchScene: Equatable, Sendable {
    /// The view's size in points.
    public var width: Double
    public var height: Double
    /// Pixels per point (default 2).
    public var scale: Double = 2
    /// Frames per second (default 60).
    public var fps: Double = 60
    /// The brush's width in points (the seed's default 44); the mask uses max(brushWidth, 1).
    public var brushWidth: Double = 44
    /// Fraction of the coverage grid that reveals the card (default 0.6), used clamped to 0.01...1.
    public var revealThreshold: Double = 0.6
    /// Reduce Motion: the cover vanishes at the reveal instead of fading.
    public var reduceMotion = false
    /// Finger strokes in time order, each one finger down to up.
    public var strokes: [[TouchSample]] = []
    /// Times of VoiceOver's activate action, which reveals the card without scratching.
    public var revealActions: [Double] = []
    /// The prize under the cover (default: the seed demo's pink → orange gradient).
    public var content: Paint = ScratchScene.demoContent
    /// The cover (default: the seed demo's gray gradient).
    public var cover: Paint = ScratchScene.demoCover
    /// Drawn under everything (default clear).
    public var background: Paint = .color(.clear)
    /// How the card sits on the page (default: the view alone, no corners or shadow).
    public var card = CardStyle()
    /// The cover's fade once revealed (the seed: easeOut over 0.35 s).
    public var fade = AnimationSpec.scratchFade

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let demoContent = Paint.linearGradient([SystemColor.pink, SystemColor.orange],
                                                         from: .topLeading, to: .bottomTrailing)
    public static let demoCover = Paint.linearGradient([Color(white: 0.82), Color(white: 0.62), Color(white: 0.8)],
                                                       from: .topLeading, to: .bottomTrailing)

    public var pixelWidth: Int { Int((width * scale).rounded()) }
    public var pixelHeight: Int { Int((height * scale).rounded()) }
    /// The brush as the seed's mask draws it: at least one point wide.
    public var maskBrushWidth: Double { max(brushWidth, 1) }
    /// The threshold as the seed compares it.
    public var clampedThreshold: Double { min(max(revealThreshold, 0.01), 1) }
}
