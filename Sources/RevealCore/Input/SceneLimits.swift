/// Limits on what a scene may ask for, so that a typo cannot ask for a terabyte and every scene within
/// them renders in time proportional to its size, in bounded memory (`Scripts/bench limits` measures
/// a run at each of them).
public struct SceneLimits: Sendable {
    /// The default limit on a frame's and on an image's pixels: 100 megapixels.
    public static let defaultMaxPixels = 100_000_000
    /// The default limit on a sequence's frames.
    public static let defaultMaxFrames = 100_000

    /// Largest frame, in pixels: the view on its page (default 100 megapixels).
    public var maxPixels: Int
    /// Longest sequence, in frames (default 100,000).
    public var maxFrames: Int
    /// Largest image a paint may use, in pixels (default 100 megapixels).
    public var maxImagePixels: Int

    /// Limits on a frame's pixels, a sequence's frames and an image's pixels (by default 100 megapixels,
    /// 100,000 frames and 100 megapixels).
    public init(
        maxPixels: Int = SceneLimits.defaultMaxPixels, maxFrames: Int = SceneLimits.defaultMaxFrames,
        maxImagePixels: Int = SceneLimits.defaultMaxPixels
    ) {
        self.maxPixels = maxPixels
        self.maxFrames = maxFrames
        self.maxImagePixels = maxImagePixels
    }

    /// Largest coordinate, in points, either way from the origin.
    public static let maxCoordinate = 1_000_000.0
    /// Latest time in a scene file, in seconds: a day.
    public static let maxTime = 86_400.0
    /// Frame rates: at least one frame a second (so that every frame's time is a usable number),
    /// at most 240.
    public static let fps = 1.0...240.0
    /// Largest scene file, in bytes (64 MiB: a million points take about 20 MB).
    public static let maxFileBytes = 64 << 20
    /// Most touch samples, in all strokes together: over two hours of touch at 120 Hz.
    public static let maxPoints = 1_000_000
    /// Most strokes (fingers down) in a scene.
    public static let maxStrokes = 100_000
    /// Most VoiceOver actions in a scene.
    public static let maxActions = 100_000
    /// Most toggles of a circle reveal.
    public static let maxToggles = 100_000
    /// Most colors in one gradient.
    public static let maxGradientStops = 1024
    /// Largest shadow radius, in points.
    public static let maxShadowRadius = 1000.0
    /// Most padding around a card, in points.
    public static let maxPadding = 10_000.0
    /// The memory a scene file's parsed values may take, as the parser estimates it (the heap's real
    /// figure is up to twice that while arrays grow). A scene at any one count limit needs under half of
    /// it: a million points take 24 MB, 100,000 strokes or actions about 20 MB.
    public static let maxValueBytes = 48 << 20
}
