/// Frame times: frame i is at i / fps, and a sequence runs through the first frame at or after its end.
public struct FrameClock: Equatable, Sendable {
    /// Frames per second; a clock counts frames only when this is positive and finite.
    public var fps: Double

    /// Times within this of a frame's time count as at that time, absorbing rounding in i/fps.
    public static let tolerance = 1e-9

    /// A clock running at `fps` frames per second.
    public init(fps: Double) {
        self.fps = fps
    }

    /// The time of frame `index` in seconds, `index / fps`: frame 0 is at 0.
    public func time(ofFrame index: Int) -> Double { Double(index) / fps }

    /// Frames 0 … the first whose time is >= `end` (within the tolerance). A clock that is not a
    /// positive number of frames a second, or an end that is not a time, counts one frame.
    public func frameCount(through end: Double) -> Int {
        let frames = end * fps
        guard fps > 0, fps.isFinite, frames.isFinite, frames < 1e15 else {
            return frames >= 1e15 && fps > 0 ? Int.max : 1
        }
        var last = Int(max(frames, 0).rounded(.down))
        while time(ofFrame: last) < end - FrameClock.tolerance { last += 1 }
        while last > 0 && time(ofFrame: last - 1) >= end - FrameClock.tolerance { last -= 1 }
        return last + 1
    }
}

/// Why a frame cannot be rendered.
public struct FrameRequestError: Error, Equatable, CustomStringConvertible {
    public let description: String

    package init(description: String) { self.description = description }
}

extension FrameClock {
    /// The frame showing `time`: the last frame at or before it (within `tolerance`), as `--time` picks.
    public func frameIndex(at time: Double) throws(FrameRequestError) -> Int {
        guard time.isFinite, time >= 0 else {
            throw FrameRequestError(description: "time \(time) is not a time in the sequence (0 or later)")
        }
        let frames = time * fps
        guard fps > 0, fps.isFinite, frames < 1e15 else {
            throw FrameRequestError(
                description: "time \(time) at \(fps) frames per second is not a frame of any sequence")
        }
        var index = Int(frames.rounded(.down))
        while index > 0 && self.time(ofFrame: index) > time + FrameClock.tolerance { index -= 1 }
        while self.time(ofFrame: index + 1) <= time + FrameClock.tolerance { index += 1 }
        return index
    }
}
