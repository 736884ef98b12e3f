/// When each frame of a sequence is shown in a GIF, whose delays are whole hundredths of a second.
///
/// Frame *k* of a sequence at `fps` belongs at 100·*k*/fps centiseconds, and the animation ends at
/// 100·*n*/fps, each rounded to the nearest centisecond: the total duration is exact to the hundredth,
/// and no rounding error adds up over the frames.
///
/// Browsers play a delay of 0 or 1 centisecond as 10 (Chromium, Firefox and Safari alike), so no
/// frame is given less than 2. Up to 50 fps every frame is shown, at its own time. Above 50 fps the
/// GIF has a frame every 2 centiseconds (50 a second), each the sequence's frame nearest that time,
/// and the frames between are left out; the last frame is always shown, for its last 2 or 3
/// centiseconds. At 60 fps that is 5 frames of every 6.
public struct GIFTiming: Equatable, Sendable {
    /// The sequence's rate and length.
    public let fps: Double, frameCount: Int
    /// When the animation ends, in centiseconds.
    public let end: Int
    /// When the last frame starts: its own time, or 2 centiseconds before the end above 50 fps.
    private let lastStart: Int

    /// The frames per second above which frames are left out.
    public static let maxFPS = 50.0

    /// The timing of `frameCount` frames at `fps`; nil when a frame would last longer than a GIF delay
    /// holds (655.35 s) or the sequence is empty.
    public init?(fps: Double, frameCount: Int) {
        guard fps.isFinite, fps > 0, frameCount >= 1, 100 / fps <= Double(UInt16.max) else { return nil }
        self.fps = fps
        self.frameCount = frameCount
        end = Int((100 * Double(frameCount) / fps).rounded())
        if fps <= GIFTiming.maxFPS || frameCount == 1 {
            lastStart = Int((100 * Double(frameCount - 1) / fps).rounded())
        } else {
            // The last tick of the 2-centisecond grid that leaves the last frame 2 centiseconds or more.
            lastStart = max(0, (end - 2) / 2 * 2)
        }
    }

    /// The centisecond at which frame `index` is shown; nil for a frame left out.
    public func start(ofFrame index: Int) -> Int? {
        guard (0..<frameCount).contains(index) else { return nil }
        if index == frameCount - 1 { return lastStart }
        if fps <= GIFTiming.maxFPS { return Int((100 * Double(index) / fps).rounded()) }
        // The one even tick nearest which `index` is the nearest frame, if there is one before the last.
        let earliest = (Double(index) - 0.5) * 100 / fps
        var tick = max(0, Int(earliest.rounded(.up)))
        tick += tick % 2
        guard tick < lastStart, Int((Double(tick) * fps / 100).rounded()) == index else { return nil }
        return tick
    }

    /// How many of the sequence's frames the GIF shows.
    public var shownFrameCount: Int { (0..<frameCount).count { start(ofFrame: $0) != nil } }
}
