import RevealCore
import RevealRaster

/// Evenly spaced frames of a sequence side by side: the first, the last and `count − 2` between,
/// on a background with a gap of `gap` pixels around and between them. Written atomically as a PNG.
public final class Filmstrip: FrameObserver {
    /// The PNG file the strip is written to by `finish()`.
    public let path: String
    /// The frame indices it shows, in order.
    public let indices: [Int]
    /// The space around and between the frames, in pixels; a negative value given to `init` becomes 0.
    public let gap: Int
    private let background: Paint
    private let options: PNGEncodingOptions
    private var frames: [Int: Pixmap] = [:]

    /// `frames` is the range of frame indices the export covers.
    public init(
        path: String, frames: Range<Int>, count: Int = 6, gap: Int, background: Paint = .color(.white),
        options: PNGEncodingOptions = .fast
    ) {
        self.path = path
        self.gap = max(0, gap)
        self.background = background
        self.options = options
        indices = Filmstrip.indices(frames, count: count)
    }

    /// `count` indices spread evenly over `frames`, always with the first and the last.
    public static func indices(_ frames: Range<Int>, count: Int) -> [Int] {
        guard let first = frames.first, let last = frames.last else { return [] }
        let count = max(1, min(count, frames.count))
        guard count > 1 else { return [first] }
        return (0..<count).map { first + Int((Double($0 * (last - first)) / Double(count - 1)).rounded()) }
    }

    public func observe(_ pixmap: Pixmap, frame index: Int, changedRows _: Range<Int>) throws {
        if indices.contains(index) { frames[index] = pixmap }
    }

    /// The strip's size for frames of `frame`'s size: the frames side by side with `gap` around each.
    public func size(forFrame frame: PixelSize) -> PixelSize {
        PixelSize(width: indices.count * (frame.width + gap) + gap, height: frame.height + 2 * gap)
    }

    /// The strip itself: frame k's top-left corner at (gap + k·(width + gap), gap).
    public func compose() throws -> Pixmap {
        guard let sample = frames.values.first else { throw OutputError(path: path, reason: "no frames to show") }
        let w = sample.width
        let h = sample.height
        let size = size(forFrame: PixelSize(width: w, height: h))
        var strip = try background.render(width: size.width, height: size.height)
        for (k, index) in indices.enumerated() {
            guard let frame = frames[index] else { continue }
            Compositor.draw(frame, onto: &strip, x: gap + k * (w + gap), y: gap)
        }
        return strip
    }

    public func finish() throws {
        try AtomicFile.write(try PNG.encode(compose(), options: options), to: path)
        frames = [:]
    }

    public func cancel() { frames = [:] }
}
